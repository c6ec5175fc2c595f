import Palettes
import Testing

/// EmojiArt's intents, made safe: clamped indices, unique ids, whole grapheme clusters.
@Suite("Palette list")
struct PaletteListTests {
    func list(_ palettes: [(String, String)]) throws -> PaletteList {
        try PaletteList(palettes.enumerated().map { Palette(name: $1.0, emojis: $1.1, id: $0 + 1) })
    }

    @Test("palette(at:) clamps the index", arguments: [(-5, 0), (0, 0), (1, 1), (2, 2), (99, 2)])
    func paletteAtClamps(index: Int, expected: Int) throws {
        let palettes = try list([("A", "😀"), ("B", "🚗"), ("C", "🌲")])
        #expect(palettes.palette(at: index) == palettes.palettes[expected])
    }

    @Test("insertPalette gives the id one above the largest, at a clamped index")
    func insertGivesNextID() throws {
        var palettes = try PaletteList([Palette(name: "A", emojis: "", id: 7), Palette(name: "B", emojis: "", id: 3)])
        #expect(try palettes.insertPalette(named: "C", emojis: "😀😀🚗", at: 99) == 2)
        #expect(palettes.palettes[2] == Palette(name: "C", emojis: "😀🚗", id: 8))
        #expect(try palettes.insertPalette(named: "D", at: -3) == 0)
        #expect(palettes.palettes[0].id == 9)
        #expect(Set(palettes.palettes.map(\.id)).count == palettes.count)
    }

    @Test("removePalette never removes the last palette and returns a valid index")
    func removeKeepsOne() throws {
        var palettes = try list([("A", ""), ("B", ""), ("C", "")])
        #expect(try palettes.removePalette(at: 2) == 1)
        #expect(try palettes.removePalette(at: 50) == 0)
        #expect(palettes.palettes.map(\.name) == ["A"])
        #expect(throws: PaletteError.self) { try palettes.removePalette(at: 0) }
        #expect(palettes.count == 1)
    }

    @Test("rename and move; move clamps")
    func renameAndMove() throws {
        var palettes = try list([("A", ""), ("B", ""), ("C", "")])
        try palettes.renamePalette(at: 1, to: "Bee")
        #expect(palettes.movePalette(from: 0, to: 10) == 2)
        #expect(palettes.palettes.map(\.name) == ["Bee", "C", "A"])
        #expect(throws: PaletteError.self) { try palettes.renamePalette(at: 0, to: "  ") }
    }

    @Test("Emojis are whole grapheme clusters, never twice, and removal takes the whole cluster")
    func graphemeClusters() throws {
        var palettes = try list([("A", "👍")])
        #expect(try palettes.addEmojis("👨‍👩‍👧🏳️‍🌈👍🏽🐻‍❄️👍👨‍👩‍👧", toPaletteAt: 0) == 4)
        #expect(palettes.palettes[0].emojis.count == 5)
        #expect(try palettes.addEmojis("👍🏽", toPaletteAt: 0) == 0)
        #expect(palettes.removeEmojis("👍", fromPaletteAt: 0) == 1)
        #expect(palettes.palettes[0].emojis == "👨‍👩‍👧🏳️‍🌈👍🏽🐻‍❄️")
        #expect(palettes.removeEmojis("👨‍👩‍👧", fromPaletteAt: 0) == 1)
        #expect(palettes.palettes[0].emojis == "🏳️‍🌈👍🏽🐻‍❄️")
    }

    @Test("Text that is not emoji is refused and nothing changes", arguments: ["a", "1", "#", " ", "é", "😀x"])
    func nonEmojiRefused(text: String) throws {
        var palettes = try list([("A", "😀")])
        let before = palettes
        #expect(throws: PaletteError.self) { try palettes.addEmojis(text, toPaletteAt: 0) }
        #expect(throws: PaletteError.self) { try palettes.insertPalette(named: "B", emojis: text) }
        #expect(palettes == before)
    }

    @Test("What counts as an emoji", arguments: [("🚗", true), ("☀️", true), ("🏎", true), ("1️⃣", true), ("🇫🇷", true), ("©", true),
                                                  ("a", false), ("1", false), ("#", false), (" ", false), ("é", false), ("-", false)])
    func emojiDecisions(text: String, expected: Bool) throws {
        #expect(Emoji.isEmoji(Character(text)) == expected)
    }

    @Test("Stored damage is repaired with warnings, never dropped")
    func repairing() throws {
        let (repaired, warnings) = PaletteList.repairing([
            Palette(name: "A", emojis: "😀😀", id: 1), Palette(name: "B", emojis: "🚗", id: 1), Palette(name: "C", emojis: "🌲x", id: 5),
        ])
        #expect(repaired.palettes.map(\.id) == [1, 6, 5])
        #expect(repaired.palettes[0].emojis == "😀")
        #expect(repaired.palettes[2].emojis == "🌲x")
        #expect(warnings.count == 3)
        let (empty, emptyWarnings) = PaletteList.repairing([])
        #expect(empty == PaletteList.builtIn && emptyWarnings.count == 1)
    }

    @Test("The built-in palettes are EmojiArt's, ids 1 to 9, no emoji twice")
    func builtIns() throws {
        #expect(Palette.builtins.map(\.name) == ["Vehicles", "Sports", "Music", "Animals", "Animal Faces", "Flora", "Weather", "COVID", "Faces"])
        #expect(Palette.builtins.map(\.id) == Array(1...9))
        for palette in Palette.builtins {
            #expect(Set(palette.emojis).count == palette.emojis.count, "\(palette.name)")
            #expect(Emoji.nonEmojis(in: palette.emojis).isEmpty, "\(palette.name)")
        }
        #expect(throws: Never.self) { try PaletteList(Palette.builtins) }
    }

    @Test("The text form round-trips and reports problems by line")
    func textForm() throws {
        var palettes = PaletteList.builtIn
        try palettes.insertPalette(named: "Odd: name", emojis: "❤️")
        let text = PaletteText.format(palettes, header: "header")
        #expect(try PaletteText.parse(text).get() == palettes)
        guard case .failure(let error) = PaletteText.parse("[1] A: 😀\n[1] B: 🚗\nC 🌲\nD: 🌲x\n: 😀\n") else {
            Issue.record("accepted bad text")
            return
        }
        #expect(error.problems.map(\.line) == [2, 3, 4, 5])
        let added = try PaletteText.parse("[4] A: 😀\nNew: 🚗\n").get()
        #expect(added.palettes.map(\.id) == [4, 5])
    }
}
