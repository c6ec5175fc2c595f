import Foundation
import Palettes
import Preferences
import TestSupport
import Testing

/// A change that does not save is reported to the caller: thrown by an intent, kept in
/// `lastError` by an assignment; the palettes shown stay what is saved, the file stays as it was,
/// and the library prints nothing, at exit or ever.
@Suite("Palette store failures")
struct PaletteStoreFailureTests {
    let folder = TemporaryFolder()
    var preferences: PreferencesFolder { PreferencesFolder(path: folder.path) }

    func saved() throws -> [Palette] {
        try PaletteDocument(folder: preferences).load().list.palettes
    }

    /// In a folder made immutable (`chattr +i`, which binds root too), a write fails: the intent
    /// throws the write error as the cause, an assignment keeps it in `lastError`, and neither
    /// changes the file or what the store shows. Once the folder is writable again, it saves.
    @Test(.enabled(if: getuid() == 0 && Shell.has("chattr")))
    func failedWriteIsReported() throws {
        let store = try PaletteStore(folder: preferences)
        try store.insertPalette(named: "Before", emojis: "😀")
        let before = try #require(folder.bytes("palettes.plist"))
        let shown = store.palettes
        try #require(try Shell.run("/usr/bin/chattr", ["+i", folder.path]).status == 0, "chattr +i failed: the file system must support it")
        defer { _ = try? Shell.run("/usr/bin/chattr", ["-i", folder.path]) }

        let thrown = #expect(throws: PaletteError.self) { try store.insertPalette(named: "Lost", emojis: "🌲") }
        #expect(thrown?.code == .preferences && thrown?.cause?.code == .writeFailed, "\(String(describing: thrown))")
        #expect(thrown?.message.contains(folder.path) == true, "\(String(describing: thrown))")
        #expect(store.palettes == shown)

        store.palettes[0].name = "Assigned"
        #expect(store.lastError?.code == .preferences && store.lastError?.cause?.code == .writeFailed)
        #expect(store.palettes == shown)
        #expect(throws: PaletteError.self) { try store.setPalettes(Array(shown.dropFirst())) }
        #expect(folder.bytes("palettes.plist") == before)

        _ = try Shell.run("/usr/bin/chattr", ["-i", folder.path])
        store.lastError = nil
        store.palettes[0].name = "Assigned"
        #expect(store.lastError == nil)
        #expect(try saved().first?.name == "Assigned")
    }

    /// A domain file replaced by a folder does not read: the intent throws, the assignment keeps
    /// the error, and nothing is shown that was not saved.
    @Test func unreadableDomainIsReported() throws {
        let store = try PaletteStore(folder: preferences)
        try store.insertPalette(named: "Before", emojis: "😀")
        let shown = store.palettes
        try FileManager.default.removeItem(atPath: folder.file("palettes.plist"))
        try FileManager.default.createDirectory(atPath: folder.file("palettes.plist"), withIntermediateDirectories: false)

        let thrown = #expect(throws: PaletteError.self) { try store.addEmojis("🌲", toPaletteAt: 0) }
        #expect(thrown?.code == .preferences && thrown?.cause != nil, "\(String(describing: thrown))")
        #expect(store.palettes == shown)
        store.palettes.remove(at: 0)
        #expect(store.lastError?.code == .preferences)
        #expect(store.palettes == shown)
    }

    /// A process that changes palettes and exits at once has saved them, and neither that nor
    /// a failed assignment prints anything: no handler runs at exit, nothing writes to stderr.
    @Test func processExitsSavedAndSilent() async throws {
        let path = folder.path
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) { [path = path as String] in
            let store = try PaletteStore(folder: PreferencesFolder(path: path))
            try store.insertPalette(named: "Kept", emojis: "🌲")
            store.palettes = []
            try FileManager.default.moveItem(atPath: path + "/palettes.plist", toPath: path + "/moved.plist")
            try FileManager.default.createDirectory(atPath: path + "/palettes.plist", withIntermediateDirectories: false)
            store.palettes[0].name = "Not saved"
            guard store.lastError?.code == .preferences else { exit(2) }
            // The test's own line, last before exit: a stream with no output of the body's is
            // reported as Swift Testing's 32-byte barrier (swiftlang/swift-testing#1693, fixed
            // after 6.3.1), and anything printed at exit would follow it.
            FileHandle.standardError.write(Data("exiting\n".utf8))
            exit(0)
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "exiting\n")
        let moved = try PaletteDocument(file: DomainFile(path: folder.file("moved.plist"))).load().list.palettes
        #expect(moved.first == Palette(name: "Kept", emojis: "🌲", id: 10))
    }
}
