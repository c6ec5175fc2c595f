import Foundation
import Observation
import Palettes
import Preferences
import Synchronization
import TestSupport
import Testing

/// `PaletteStore` as EmojiArt code uses it: a settable `palettes` that keeps the list's rules,
/// `insert(_:at:)` and `append(_:)` of whole palettes, `IndexSet` removes and moves, and
/// Observation; the stored bytes stay the JSON every other tool writes.
@Suite("Palette store, the EmojiArt way")
struct PaletteStoreEmojiArtTests {
    let folder = TemporaryFolder()
    var preferences: PreferencesFolder { PreferencesFolder(path: folder.path) }

    func store() throws -> PaletteStore {
        try PaletteStore(folder: preferences)
    }

    func saved() throws -> [Palette] {
        try PaletteDocument(folder: preferences).load().list.palettes
    }

    /// The same palettes, written by EmojiArt-style assignments and by `PaletteDocument`, give
    /// the same bytes: sorted-key JSON data under `PaletteStore:Main`.
    @Test func assignmentsSaveTheSameBytes() throws {
        let store = try store()
        store.palettes[0].name = "Cars"
        store.palettes[1].emojis += "🥊"
        store.palettes.remove(at: 2)
        store.palettes.append(Palette(name: "Hearts", emojis: "❤️🧡", id: 42, otherFields: ["color": #""red""#]))
        #expect(store.lastError == nil)
        #expect(try saved() == store.palettes)
        let assigned = try #require(try DomainFixtures.storedJSON(in: folder))

        var expected = Palette.builtins
        expected[0].name = "Cars"
        expected[1].emojis += "🥊"
        expected.remove(at: 2)
        expected.append(Palette(name: "Hearts", emojis: "❤️🧡", id: 42, otherFields: ["color": #""red""#]))
        let other = TemporaryFolder()
        _ = try PaletteDocument(folder: PreferencesFolder(path: other.path)).modify { (list: inout PaletteList) throws(PaletteError) in
            list = try PaletteList(expected)
        }
        #expect(try DomainFixtures.storedJSON(in: other) == assigned)
        #expect(assigned.hasPrefix(#"[{"emojis":"🚙🚗"#) && assigned.hasSuffix(#"{"color":"red","emojis":"❤️🧡","id":42,"name":"Hearts"}]"#))
    }

    /// A list that breaks a rule is refused: the assignment keeps the error in lastError, and
    /// setPalettes throws it; nothing is written and the palettes stay as they were.
    @Test(
        arguments: [
            ("no palettes", []), ("two ids", [Palette(name: "A", emojis: "", id: 1), Palette(name: "B", emojis: "", id: 1)]),
            ("not emoji", [Palette(name: "A", emojis: "😀x", id: 1)]), ("a repeat", [Palette(name: "A", emojis: "😀😀", id: 1)]),
            ("half an emoji", [Palette(name: "A", emojis: "👨‍", id: 1)]), ("a bad name", [Palette(name: " A", emojis: "", id: 1)]),
            ("a bad field", [Palette(name: "A", emojis: "", id: 1, otherFields: ["x": "{"])])
        ] as [(String, [Palette])])
    func invalidListsRefused(_ problem: String, palettes: [Palette]) throws {
        let store = try store()
        store.palettes = palettes
        #expect(store.lastError?.code == .invalidArgument, "\(problem): \(String(describing: store.lastError))")
        #expect(store.palettes == Palette.builtins)
        let thrown = #expect(throws: PaletteError.self) { try store.setPalettes(palettes) }
        #expect(thrown == store.lastError)
        #expect(folder.bytes("palettes.plist") == nil)
    }

    /// An assignment made after another store saved a change would undo that change: it is
    /// refused with .conflict, the store then shows what is saved, and the next assignment saves.
    @Test func staleAssignmentIsAConflict() throws {
        let first = try store()
        let second = try store()
        try second.insertPalette(named: "Elsewhere", emojis: "🌍")
        first.palettes[0].name = "Mine"
        #expect(first.lastError?.code == .conflict)
        #expect(try saved().first?.name == "Elsewhere")
        #expect(first.palettes == (try saved()))
        first.lastError = nil
        first.palettes[0].name = "Mine"
        #expect(first.lastError == nil)
        #expect(try saved().map(\.name).prefix(2) == ["Mine", "Vehicles"])
    }

    /// insert(_:at:) and append(_:) save a whole palette; one with a used id replaces that one.
    @Test func insertAndAppend() throws {
        let store = try store()
        #expect(try store.insert(Palette(name: "New", emojis: "🆕", id: 100), at: 1) == 1)
        try store.append(Palette(name: "Last", emojis: "🔚", id: 101))
        try store.insert(Palette(name: "Cars", emojis: "🚗", id: 1), at: 3)
        #expect(store.palettes.map(\.name).prefix(4) == ["New", "Sports", "Music", "Cars"])
        #expect(store.palettes.last?.name == "Last")
        #expect(store.palettes.count(where: { $0.id == 1 }) == 1)
        #expect(try saved() == store.palettes)
        let refused = #expect(throws: PaletteError.self) { try store.append(Palette(name: "X", emojis: "x", id: 7)) }
        #expect(refused?.code == .invalidArgument)
        #expect(try saved() == store.palettes)
    }

    /// IndexSet removes and moves, as SwiftUI's onDelete and onMove hand them over, are saved.
    @Test func indexSetRemovesAndMoves() throws {
        let store = try store()
        try store.remove(atOffsets: IndexSet([0, 2]))
        #expect(store.palettes.map(\.name) == ["Sports", "Animals", "Animal Faces", "Flora", "Weather", "COVID", "Faces"])
        try store.move(fromOffsets: IndexSet([0, 1]), toOffset: 4)
        #expect(store.palettes.map(\.name) == ["Animal Faces", "Flora", "Sports", "Animals", "Weather", "COVID", "Faces"])
        #expect(try saved() == store.palettes)
        #expect(throws: PaletteError.self) { try store.remove(atOffsets: IndexSet(0..<7)) }
        #expect(throws: PaletteError.self) { try store.move(fromOffsets: IndexSet([7]), toOffset: 0) }
        #expect(try saved() == store.palettes)
    }

    /// Offsets name the palettes this store shows, applied by id to what another store saved
    /// meanwhile: the move lands before the palette shown at the destination.
    @Test func offsetsApplyByID() throws {
        let first = try store()
        let second = try store()
        try second.removePalette(at: 1)
        try first.move(fromOffsets: IndexSet([0]), toOffset: 3)
        #expect(first.palettes.map(\.name).prefix(3) == ["Music", "Vehicles", "Animals"])
        try first.remove(atOffsets: IndexSet([1]))
        #expect(try saved().map(\.name).prefix(2) == ["Music", "Animals"])
    }

    /// Observers of palettes are told after each change the store saves or loads, and only then;
    /// observers of lastError when an assignment fails.
    @Test func observationFires() throws {
        let store = try store()
        let told = Mutex(0)
        func observe() {
            withObservationTracking {
                _ = store.palettes
            } onChange: {
                told.withLock { $0 += 1 }
            }
        }
        observe()
        try store.insertPalette(named: "X")
        #expect(told.withLock { $0 } == 1)
        observe()
        try store.addEmojis("😀", toPaletteAt: 0)
        #expect(told.withLock { $0 } == 2)
        observe()
        try store.addEmojis("😀", toPaletteAt: 0)
        #expect(told.withLock { $0 } == 2, "a change that changes nothing tells no one")
        try PaletteStore(folder: preferences).renamePalette(at: 0, to: "Y")
        try store.reload()
        #expect(told.withLock { $0 } == 3)
        #expect(store.palettes.first?.name == "Y")

        let failed = Mutex(false)
        withObservationTracking {
            _ = store.lastError
        } onChange: {
            failed.withLock { $0 = true }
        }
        observe()
        store.palettes = []
        #expect(failed.withLock { $0 })
        #expect(told.withLock { $0 } == 3, "a refused set tells the palettes' observers nothing")
    }
}
