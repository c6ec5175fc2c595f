import Foundation
import Preferences
import PropertyLists
import Testing

/// Domain names that differ only in case are one domain, as on a Mac's case-insensitive disk:
/// the name first written keeps its file, and every other spelling reaches it.
@Suite("Domain names that differ only in case")
struct DomainCaseTests {
    private func store(_ scratch: Scratch, _ domain: String, host: HostScope = .any) throws -> PreferenceStore {
        try PreferenceStore(
            domain: domain, folder: scratch.folder, arguments: ["tests"], systemFolders: [], host: host,
            environment: PreferencesEnvironment([:], currentHost: "this"))
    }

    /// A second spelling writes into the first spelling's file and reads its values; the folder
    /// holds one file, named as first written, for the domain and for its ByHost values.
    @Test func anotherSpellingReachesTheFileFirstWritten() throws {
        try withScratch { scratch throws in
            try store(scratch, "com.apple.Terminal").set(1, forKey: "a")
            try store(scratch, "com.apple.terminal").set(2, forKey: "b")
            #expect(try scratch.names().filter { !$0.hasPrefix(".") } == ["com.apple.Terminal.plist"])
            #expect(try store(scratch, "COM.APPLE.TERMINAL").persistentDomain(forName: "com.apple.terminal") == ["a": 1, "b": 2])
            try store(scratch, "com.apple.Terminal", host: .current).set(3, forKey: "c")
            try store(scratch, "com.apple.terminal", host: .current).set(4, forKey: "d")
            #expect(FileManager.default.fileExists(atPath: scratch.file("ByHost/com.apple.Terminal.this.plist")))
            #expect(!FileManager.default.fileExists(atPath: scratch.file("ByHost/com.apple.terminal.this.plist")))
            #expect(try store(scratch, "com.apple.terminal").integer(forKey: "c") == 3)
        }
    }

    /// Where both spellings already have files, each name reaches its own file, and the
    /// folder's domain names list the domain once, by its first name.
    @Test func existingPairIsListedOnce() throws {
        try withScratch { scratch throws in
            try store(scratch, "com.apple.terminal").set(1, forKey: "a")
            try FileManager.default.copyItem(atPath: scratch.file("com.apple.terminal.plist"), toPath: scratch.file("com.apple.Terminal.plist"))
            try store(scratch, "com.apple.Terminal").set(2, forKey: "a")
            #expect(try store(scratch, "com.apple.terminal").integer(forKey: "a") == 1)
            #expect(try store(scratch, "other").persistentDomainNames == ["com.apple.Terminal"])
        }
    }
}
