import Foundation
import Preferences
import PropertyLists
import TestSupport
import Testing

@Suite("System folders hold an administrator's defaults below the user's domain")
struct SystemLayerTests {
    /// A store on `scratch` whose system folders are `scratch/system1` and `scratch/system2`.
    private func store(in scratch: Scratch, domain: String = "com.example.editor") throws -> PreferenceStore {
        try PreferenceStore(
            domain: domain, folder: PreferencesFolder(path: scratch.file("user")), arguments: ["tests"],
            systemFolders: [PreferencesFolder(path: scratch.file("system1")), PreferencesFolder(path: scratch.file("system2"))])
    }

    private func writeSystemFile(_ values: PropertyList, _ folder: String, domain: String = "com.example.editor", in scratch: Scratch) throws {
        try FileManager.default.createDirectory(atPath: scratch.file(folder), withIntermediateDirectories: true)
        try Data(PropertyListWriter().write(values)).write(to: URL(fileURLWithPath: scratch.file(folder + "/" + domain + ".plist")))
    }

    @Test func systemValuesShowUntilTheUserSetsTheirOwnAndAreNeverWritten() throws {
        try withScratch { scratch throws in
            try writeSystemFile(["fontSize": 10, "theme": "corporate"], "system2", in: scratch)
            try writeSystemFile(["fontSize": 11], "system1", in: scratch)
            let store = try store(in: scratch)
            store.register(defaults: ["fontSize": 9, "tabs": 4])
            #expect(try store.integer(forKey: "fontSize") == 11)  // the first system folder wins
            #expect(try store.string(forKey: "theme") == "corporate")
            #expect(try store.integer(forKey: "tabs") == 4)
            try store.set(14, forKey: "fontSize")
            #expect(try store.integer(forKey: "fontSize") == 14)
            #expect(try store.origin(ofKey: "fontSize") == scratch.file("user/com.example.editor.plist"))
            #expect(try store.origin(ofKey: "theme") == scratch.file("system2/com.example.editor.plist"))
            #expect(try store.origin(ofKey: "tabs") == "registered defaults")
            #expect(try pythonReading(scratch.file("user/com.example.editor.plist")) == #"{"fontSize": 14}"#)
            #expect(try pythonReading(scratch.file("system1/com.example.editor.plist")) == #"{"fontSize": 11}"#)
            try store.removeObject(forKey: "fontSize")
            #expect(try store.integer(forKey: "fontSize") == 11)
            #expect(try store.dictionaryRepresentation() == ["fontSize": 11, "theme": "corporate", "tabs": 4])
        }
    }

    @Test func systemGlobalDomainSitsBelowTheUsersGlobalDomain() throws {
        try withScratch { scratch throws in
            try writeSystemFile(["AppleLanguages": ["de"], "AppleLocale": "de_DE"], "system1", domain: "NSGlobalDomain", in: scratch)
            try store(in: scratch, domain: "NSGlobalDomain").set(["fr"], forKey: "AppleLanguages")
            let store = try store(in: scratch)
            #expect(try store.array(of: String.self, forKey: "AppleLanguages") == ["fr"])
            #expect(try store.string(forKey: "AppleLocale") == "de_DE")
        }
    }

    @Test func anotherProcessesChangeToASystemFileIsSeenByWarmReads() async throws {
        try await withScratch { scratch in
            try writeSystemFile(["fontSize": 10], "system1", in: scratch)
            let store = try store(in: scratch)
            #expect(try store.integer(forKey: "fontSize") == 10)
            #expect(try store.integer(forKey: "fontSize") == 10)  // warm: the folders are now watched
            let result = try runPython(
                """
                import os, plistlib, sys
                with open(sys.argv[1] + ".new", "wb") as f: plistlib.dump({"fontSize": 16}, f)
                os.replace(sys.argv[1] + ".new", sys.argv[1])
                """, [scratch.file("system1/com.example.editor.plist")])
            #expect(result.status == 0, "\(result)")
            #expect(try await eventually { try store.integer(forKey: "fontSize") == 16 })
        }
    }
}
