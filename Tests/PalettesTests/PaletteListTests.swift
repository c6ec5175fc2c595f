import Palettes
import TestSupport
import Testing

/// EmojiArt's intents on a list of palettes, made safe: clamped indices, unique ids, at least
/// one palette, and nothing changed when an intent is refused.
@Suite("Palette list")
struct PaletteListTests {
    /// Palettes named `A`, `B`, … with ids 1, 2, … and one distinct emoji each.
    static func lettered(_ count: Int) throws -> PaletteList {
        let emojis = Array("😀🚗🌲🎼🐶☀️💉🏈🌷🦊")
        return try PaletteList(
            (0..<count).map {
                Palette(name: String(UnicodeScalar(UInt8(65 + $0))), emojis: String(emojis[$0 % emojis.count]), id: $0 + 1)
            })
    }

    /// palette(at:) clamps any index into range.
    @Test(
        arguments: [
            (Int.min, 0), (-5, 0), (-1, 0), (0, 0), (1, 1), (2, 2), (3, 2), (99, 2), (Int.max, 2)
        ])
    func paletteAtClamps(index: Int, expected: Int) throws {
        let list = try Self.lettered(3)
        #expect(list.clamped(index) == expected)
        #expect(list.palette(at: index) == list.palettes[expected])
    }

    /// insertPalette gives the id one above the largest, at the index clamped into 0...count.
    @Test(
        arguments: [
            (Int.min, 0), (-3, 0), (0, 0), (2, 2), (3, 3), (4, 3), (Int.max, 3)
        ])
    func insertGivesNextIDAtClampedIndex(index: Int, expected: Int) throws {
        var list = try PaletteList([
            Palette(name: "A", emojis: "", id: 7), Palette(name: "B", emojis: "", id: 42), Palette(name: "C", emojis: "", id: 3)
        ])
        let used = try list.insertPalette(named: "New", emojis: "😀🚗😀", at: index)
        #expect(used == expected)
        #expect(list.count == 4)
        #expect(list.palettes[expected] == Palette(name: "New", emojis: "😀🚗", id: 43))
        #expect(list.palettes.filter { $0.id != 43 }.map(\.name) == ["A", "B", "C"])
    }

    /// Repeated inserts keep counting up from the largest id.
    @Test func repeatedInsertsCountUp() throws {
        var list = try Self.lettered(2)
        for _ in 0..<5 { try list.insertPalette(named: "N") }
        #expect(list.palettes.map(\.id) == [7, 6, 5, 4, 3, 1, 2])
    }

    /// insertPalette and renamePalette refuse a blank name and change nothing.
    @Test(arguments: ["", " ", "\t", "\n", "  \n "])
    func blankNamesRefused(name: String) throws {
        var list = try Self.lettered(2)
        let before = list
        let insert = #expect(throws: PaletteError.self) { try list.insertPalette(named: name) }
        #expect(insert?.code == .invalidArgument)
        let rename = #expect(throws: PaletteError.self) { try list.renamePalette(at: 0, to: name) }
        #expect(rename?.code == .invalidArgument)
        #expect(list == before)
    }

    /// removePalette removes the palette at the clamped index and returns a valid index.
    @Test(
        arguments: [
            (Int.min, 0, 0), (-1, 0, 0), (0, 0, 0), (2, 2, 2), (4, 4, 3), (9, 4, 3), (Int.max, 4, 3)
        ])
    func removeReturnsValidIndex(index: Int, removed: Int, next: Int) throws {
        var list = try Self.lettered(5)
        let gone = list.palettes[removed]
        let shown = try list.removePalette(at: index)
        #expect(shown == next)
        #expect(list.count == 4)
        #expect(list.palettes.indices.contains(shown))
        #expect(!list.palettes.contains(gone))
    }

    /// removePalette never removes the last palette.
    @Test(arguments: [Int.min, -1, 0, 1, Int.max])
    func removeNeverEmptiesTheList(index: Int) throws {
        var list = try Self.lettered(3)
        try list.removePalette(at: index)
        try list.removePalette(at: index)
        let last = list
        let error = #expect(throws: PaletteError.self) { try list.removePalette(at: index) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("last palette") == true)
        #expect(list == last)
        #expect(list.count == 1)
    }

    /// renamePalette renames the palette at the clamped index, keeping its id and emojis.
    @Test(
        arguments: [
            (-4, 0), (1, 1), (50, 2)
        ])
    func renameClamps(index: Int, expected: Int) throws {
        var list = try Self.lettered(3)
        let before = list.palettes[expected]
        try list.renamePalette(at: index, to: "Renamed: yes")
        #expect(list.palettes[expected] == Palette(name: "Renamed: yes", emojis: before.emojis, id: before.id))
        #expect(list.palettes.filter { $0.name == "Renamed: yes" }.count == 1)
    }

    /// movePalette clamps both indices and returns where the palette ended up.
    @Test(
        arguments: [
            (0, 3, 3, "BCDA"), (3, 0, 0, "DABC"), (-1, 100, 3, "BCDA"), (100, -5, 0, "DABC"), (1, 1, 1, "ABCD"), (1, 2, 2, "ACBD")
        ])
    func moveClamps(from source: Int, to destination: Int, landed: Int, order: String) throws {
        var list = try Self.lettered(4)
        let moving = list.palette(at: source)
        let index = list.movePalette(from: source, to: destination)
        #expect(index == landed)
        #expect(list.palettes[index] == moving)
        #expect(list.palettes.map(\.name).joined() == order)
    }

    /// The checking initializer refuses lists that break an invariant.
    @Test(
        arguments: [
            ("no palettes", [Palette]()),
            ("duplicate ids", [Palette(name: "A", emojis: "😀", id: 1), Palette(name: "B", emojis: "🚗", id: 1)]),
            ("text that is not emoji", [Palette(name: "A", emojis: "😀x", id: 1)]),
            ("an emoji twice", [Palette(name: "A", emojis: "😀🚗😀", id: 1)]),
            ("a blank name", [Palette(name: " ", emojis: "😀", id: 1)])
        ])
    func initializerChecks(_ problem: String, palettes: [Palette]) {
        let error = #expect(throws: PaletteError.self, "\(problem)") { try PaletteList(palettes) }
        #expect(error?.code == .invalidArgument)
    }

    /// index(ofID:) and index(ofName:) find palettes; the first of equal names wins.
    @Test func lookUp() throws {
        var list = try Self.lettered(3)
        try list.insertPalette(named: "B", at: 3)
        #expect(list.index(ofID: 3) == 2)
        #expect(list.index(ofID: 99) == nil)
        #expect(list.index(ofName: "B") == 1)
        #expect(list.index(ofName: "b") == nil)
    }

    /// Any sequence of intents keeps the invariants.
    @Test(arguments: [1, 2, 3, 4])
    func randomIntentsKeepInvariants(seed: UInt64) throws {
        var generator = SplitMix(seed: seed)
        var list = try Self.lettered(2)
        let pool = Array("😀🚗🌲👨‍👩‍👧🏳️‍🌈👍🏽🐻‍❄️1️⃣☀️a#é ").map(String.init)
        func someEmojis() -> String { (0..<Int.random(in: 0...4, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined() }
        for _ in 0..<400 {
            let index = Int.random(in: -3...(list.count + 3), using: &generator)
            let before = list
            do {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: try list.insertPalette(named: "P", emojis: someEmojis(), at: index)
                case 1: try list.removePalette(at: index)
                case 2: try list.renamePalette(at: index, to: Bool.random(using: &generator) ? "R" : " ")
                case 3: list.movePalette(from: index, to: Int.random(in: -3...(list.count + 3), using: &generator))
                case 4: try list.addEmojis(someEmojis(), toPaletteAt: index)
                default: try list.removeEmojis(someEmojis(), fromPaletteAt: index)
                }
            } catch {
                #expect(list == before, "a refused intent changed the list")
            }
            #expect(list.count >= 1)
            #expect(Set(list.palettes.map(\.id)).count == list.count)
            for palette in list.palettes {
                #expect(Emoji.nonEmojis(in: palette.emojis).isEmpty, "\(palette)")
                #expect(Set(palette.emojis).count == palette.emojis.count, "\(palette)")
            }
            #expect(throws: Never.self) { try PaletteList(list.palettes) }
        }
    }
}
