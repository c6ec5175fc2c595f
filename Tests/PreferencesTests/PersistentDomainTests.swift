import Foundation
import Preferences
import PropertyLists
import Testing

/// `persistentDomain(forName:)` and its siblings, which work on any domain in the folder.
@Suite("Persistent domains")
struct PersistentDomainTests {
    @Test func setPersistentDomainReplacesTheWholeDomain() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try scratch.store("com.example.other").set("old", forKey: "stale")
            try store.setPersistentDomain(["a": 1, "b": ["x"]], forName: "com.example.other")
            #expect(try store.persistentDomain(forName: "com.example.other") == ["a": 1, "b": ["x"]])
            #expect(try scratch.store("com.example.other").object(forKey: "stale") == nil)
            #expect(try pythonReading(scratch.domainPath("com.example.other")) == #"{"a": 1, "b": ["x"]}"#)
        }
    }

    @Test func persistentDomainIsNilForADomainWithNoFile() throws {
        try withScratch { scratch throws in
            #expect(try scratch.store().persistentDomain(forName: "com.example.none") == nil)
        }
    }

    @Test func persistentDomainHoldsOnlyStoredValuesNotArgumentsOrRegisteredOnes() throws {
        try withScratch { scratch throws in
            let store = try scratch.store(arguments: ["prog", "-arg", "1"])
            store.register(defaults: ["registered": 1] as PropertyListDictionary)
            try store.set("yes", forKey: "stored")
            #expect(try store.persistentDomain(forName: "com.example.editor") == ["stored": "yes"])
        }
    }

    @Test func removePersistentDomainDeletesTheFile() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set(1, forKey: "k")
            try store.removePersistentDomain(forName: "com.example.editor")
            #expect(!FileManager.default.fileExists(atPath: scratch.domainPath()))
            #expect(try store.persistentDomain(forName: "com.example.editor") == nil)
            #expect(try store.object(forKey: "k") == nil)
            #expect(try store.persistentDomainNames == [])
        }
    }

    @Test func removingADomainThatDoesNotExistIsNotAnError() throws {
        try withScratch { scratch throws in
            try scratch.store().removePersistentDomain(forName: "com.example.none")
            #expect(!FileManager.default.fileExists(atPath: scratch.domainPath("com.example.none")))
        }
    }

    @Test func persistentDomainNamesAreSortedAndSkipLocksTemporaryFilesAndInvalidNames() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            for name in ["com.example.b", "com.example.a", "alpha", "Zeta", "NSGlobalDomain"] {
                try store.setPersistentDomain(["k": 1], forName: name)
            }
            for stray in [
                "com.example.a.plist.lock", "com.example.c.plist.tmp-123-456", ".hidden.plist", "-dash.plist",
                "a..b.plist", "notes.txt", ".plist", "com.example.d.plist.lock"
            ] {
                try scratch.write("<plist/>", to: scratch.file(stray))
            }
            #expect(try store.persistentDomainNames == ["NSGlobalDomain", "Zeta", "alpha", "com.example.a", "com.example.b"])
        }
    }

    @Test func persistentDomainNamesOfAMissingFolderIsEmpty() throws {
        try withScratch { scratch throws in
            let store = try PreferenceStore(
                domain: "com.example.editor",
                folder: PreferencesFolder(path: scratch.path + "/missing"), arguments: ["tests"])
            #expect(try store.persistentDomainNames == [])
        }
    }

    /// Persistent domain calls refuse invalid names before touching anything.
    @Test(
        arguments: ["", "..", "../escape", "a/b", ".hidden"])
    func invalidNamesAreRefused(name: String) throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            #expect(preferenceError { _ = try store.persistentDomain(forName: name) }?.code == .invalidArgument)
            #expect(preferenceError { try store.setPersistentDomain(["k": 1], forName: name) }?.code == .invalidArgument)
            #expect(preferenceError { try store.removePersistentDomain(forName: name) }?.code == .invalidArgument)
            #expect(try scratch.names() == [])
            #expect(!FileManager.default.fileExists(atPath: scratch.path + "/../escape.plist"))
        }
    }
}
