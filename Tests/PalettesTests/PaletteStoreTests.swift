import Foundation
import Palettes
import Preferences
import TestSupport
import Testing

/// `PaletteStore`: every intent saved before it returns, applied by id to what is saved then,
/// and every failure thrown (or, for an assignment, kept in `lastError`), never dropped.
@Suite("Palette store")
struct PaletteStoreTests {
    let folder = TemporaryFolder()
    var preferences: PreferencesFolder { PreferencesFolder(path: folder.path) }

    func store(_ name: String = "Main") throws -> PaletteStore {
        try PaletteStore(named: name, folder: preferences)
    }

    func saved(_ name: String = "Main") throws -> [Palette] {
        try PaletteDocument(storeName: name, folder: preferences).load().list.palettes
    }

    /// Each intent is saved when it returns: what the store shows is what is saved.
    @Test func intentsAreSavedAtOnce() throws {
        let store = try store()
        #expect(store.palettes == Palette.builtins)
        #expect(folder.bytes("palettes.plist") == nil)
        try store.insertPalette(named: "Hearts", emojis: "❤️🧡", at: 2)
        #expect(try saved() == store.palettes)
        try store.renamePalette(at: 0, to: "Cars")
        try store.addEmojis("💛", toPaletteAt: 2)
        try store.removeEmojis("🎼", fromPaletteAt: 3)
        try store.movePalette(from: 2, to: 99)
        try store.removePalette(at: 1)
        #expect(store.palettes.map(\.name) == ["Cars", "Music", "Animals", "Animal Faces", "Flora", "Weather", "COVID", "Faces", "Hearts"])
        #expect(store.palette(at: 99) == Palette(name: "Hearts", emojis: "❤️🧡💛", id: 10))
        #expect(!store.palettes[1].emojis.contains("🎼" as Character))
        #expect(try saved() == store.palettes)
        #expect(store.lastError == nil)
    }

    /// Each intent is one write; one that changes nothing writes nothing.
    @Test func oneWritePerIntent() throws {
        let counter = try WriteCounter(folder: folder.path, name: "palettes.plist")
        let store = try store()
        for index in 0..<5 {
            try store.insertPalette(named: "P\(index)", emojis: "😀")
            // Read after each write: inotify merges like events that wait unread.
            #expect(counter.writes == index + 1)
        }
        let inode = DomainFixtures.inode(folder.file("palettes.plist"))
        try store.addEmojis("😀", toPaletteAt: 0)
        try store.movePalette(from: 3, to: 3)
        #expect(counter.writes == 5)
        #expect(DomainFixtures.inode(folder.file("palettes.plist")) == inode)
    }

    /// Refused intents throw and write nothing.
    @Test(arguments: ["abc", "😀 x"])
    func refusedEdits(text: String) throws {
        let store = try store()
        #expect(throws: PaletteError.self) { try store.addEmojis(text, toPaletteAt: 0) }
        #expect(throws: PaletteError.self) { try store.insertPalette(named: "X", emojis: text) }
        #expect(throws: PaletteError.self) { try store.renamePalette(at: 0, to: " ") }
        #expect(store.palettes == Palette.builtins)
        #expect(folder.bytes("palettes.plist") == nil)
    }

    /// Two stores on one domain keep each other's changes: an intent names a palette by what its
    /// store shows and applies by id to what is saved.
    @Test func twoStoresKeepEverything() throws {
        let first = try store()
        let second = try store()
        for name in ["F1", "F2", "F3"] { try first.insertPalette(named: name, emojis: "😀") }
        // second still shows the built-ins: its index 0 is Vehicles, wherever that is saved now.
        try second.renamePalette(at: 0, to: "Cars")
        #expect(second.palettes == (try saved()))
        // first still shows Sports at index 4.
        try first.removePalette(at: 4)
        try second.insertPalette(named: "S1", emojis: "🚗", at: 50)
        let palettes = try saved()
        #expect(palettes.map(\.name) == ["F3", "F2", "F1", "Cars", "Music", "Animals", "Animal Faces", "Flora", "Weather", "COVID", "Faces", "S1"])
        #expect(Set(palettes.map(\.id)).count == palettes.count)
        #expect(palettes.last?.id == 13)
        #expect(second.palettes == palettes)
    }

    /// A change to a palette another store removed is refused with .notFound, not dropped, and
    /// the store then shows what is saved.
    @Test func changeToRemovedPaletteIsRefused() throws {
        _ = try PaletteDocument(storeName: "Main", folder: preferences).modify { (list: inout PaletteList) throws(PaletteError) in
            list = try PaletteList([Palette(name: "A", emojis: "😀", id: 1), Palette(name: "B", emojis: "🚗", id: 2)])
        }
        let first = try store()
        let second = try store()
        try first.removePalette(at: 0)
        let renamed = #expect(throws: PaletteError.self) { try second.renamePalette(at: 0, to: "Z") }
        #expect(renamed?.code == .notFound && renamed?.message.contains("\"A\" (id 1)") == true, "\(String(describing: renamed))")
        #expect(second.palettes == [Palette(name: "B", emojis: "🚗", id: 2)])
        let last = #expect(throws: PaletteError.self) { try second.removePalette(at: 0) }
        #expect(last?.code == .invalidArgument)
        #expect(try saved() == [Palette(name: "B", emojis: "🚗", id: 2)])
    }

    /// Intents from many threads on one store all land, ids unique, each saved.
    @Test func concurrentIntentsOnOneStore() async throws {
        let store = try store()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in 0..<25 {
                        do { try store.insertPalette(named: "w\(worker)-\(index)", emojis: "😀", at: index) } catch { Issue.record(error) }
                    }
                }
            }
        }
        let palettes = try saved()
        #expect(palettes.count == 109)
        #expect(Set(palettes.map(\.id)) == Set(1...109))
        #expect(palettes == store.palettes)
    }

    /// A store named N in domain D lives under PaletteStore:N of D.plist.
    @Test func storeLocation() throws {
        let store = try PaletteStore(named: "Work", domain: "com.example.emojiart", folder: preferences)
        try store.insertPalette(named: "W")
        #expect(store.document.key == "PaletteStore:Work")
        #expect(try DomainFixtures.storedJSON(in: folder, store: "Work", domain: "com.example.emojiart")?.contains(#""name":"W""#) == true)
        #expect(folder.bytes("palettes.plist") == nil)
    }

    /// A bad domain name is a `.preferences` error that keeps the preferences error as its cause.
    @Test func badDomainKeepsItsCause() {
        let error = #expect(throws: PaletteError.self) { try PaletteStore(domain: "../x", folder: preferences) }
        #expect(error?.code == .preferences)
        #expect(error?.cause?.code == .invalidArgument)
        #expect(error?.message == error?.cause?.message)
    }
}
