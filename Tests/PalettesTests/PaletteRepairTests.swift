import Palettes
import PropertyLists
import Testing

/// Stored palettes that break the invariants are repaired with warnings, never dropped; a store
/// with nothing starts with EmojiArt's built-in palettes.
@Suite("Repairing and built-ins")
struct PaletteRepairTests {
    /// Duplicate ids are reassigned above the largest id, each with a warning naming the palette.
    @Test func duplicateIDsReassigned() {
        let (list, warnings) = PaletteList.repairing([
            Palette(name: "A", emojis: "😀", id: 4), Palette(name: "B", emojis: "🚗", id: 4),
            Palette(name: "C", emojis: "🌲", id: 9), Palette(name: "D", emojis: "🎼", id: 4)
        ])
        #expect(
            list.palettes == [
                Palette(name: "A", emojis: "😀", id: 4), Palette(name: "B", emojis: "🚗", id: 10),
                Palette(name: "C", emojis: "🌲", id: 9), Palette(name: "D", emojis: "🎼", id: 11)
            ])
        #expect(warnings.count == 2)
        #expect(warnings[0].contains("\"B\"") && warnings[0].contains("10"))
        #expect(warnings[1].contains("\"D\"") && warnings[1].contains("11"))
    }

    /// Repeated emojis are dropped, first occurrence kept, with a warning.
    @Test func repeatedEmojisDropped() {
        let (list, warnings) = PaletteList.repairing([Palette(name: "Mine", emojis: "😀🚗😀👍🏽👍👍🏽🚗", id: 1)])
        #expect(list.palettes == [Palette(name: "Mine", emojis: "😀🚗👍🏽👍", id: 1)])
        #expect(warnings.count == 1)
        #expect(warnings[0].contains("\"Mine\""))
    }

    /// An empty store becomes the built-in palettes, with a warning.
    @Test func emptyBecomesBuiltIns() {
        let (list, warnings) = PaletteList.repairing([])
        #expect(list == PaletteList.builtIn)
        #expect(list.palettes == Palette.builtins)
        #expect(warnings.count == 1)
    }

    /// Text that is not a whole emoji is removed on load, with a warning naming it, code points included.
    @Test func strayTextRemoved() {
        let (list, warnings) = PaletteList.repairing([Palette(name: "Old", emojis: "🌲x🚗 😀\u{200D}", id: 2)])
        #expect(list.palettes == [Palette(name: "Old", emojis: "🌲🚗", id: 2)])
        #expect(warnings.count == 1)
        #expect(warnings[0].contains("\"x\"") && warnings[0].contains("\" \" (U+0020)") && warnings[0].contains("(U+1F600 U+200D)"), "\(warnings)")
    }

    /// Palettes that keep the invariants come back unchanged and without warnings.
    @Test func soundPalettesUnchanged() throws {
        let stored = [Palette(name: "Z", emojis: "🏳️‍🌈👨‍👩‍👧", id: 30), Palette(name: "Y", emojis: "", id: 2)]
        let (list, warnings) = PaletteList.repairing(stored)
        #expect(list.palettes == stored)
        #expect(warnings.isEmpty)
        #expect(list == (try PaletteList(stored)))
    }

    /// Repairs combine: one palette can need an id and lose repeats.
    @Test func repairsCombine() {
        let (list, warnings) = PaletteList.repairing([Palette(name: "A", emojis: "😀", id: 1), Palette(name: "B", emojis: "🚗🚗", id: 1)])
        #expect(list.palettes[1] == Palette(name: "B", emojis: "🚗", id: 2))
        #expect(warnings.count == 2)
    }

    /// The built-in palettes are EmojiArt's nine, ids 1 to 9, in order.
    @Test func builtInNamesAndIDs() {
        #expect(
            Palette.builtins.map(\.name) == [
                "Vehicles", "Sports", "Music", "Animals", "Animal Faces", "Flora", "Weather", "COVID", "Faces"
            ])
        #expect(Palette.builtins.map(\.id) == Array(1...9))
        #expect(PaletteList.builtIn.palettes == Palette.builtins)
    }

    /// Every built-in palette holds emojis only, none twice, and passes the checking initializer.
    @Test(
        arguments: Palette.builtins)
    func builtInPaletteIsSound(palette: Palette) throws {
        #expect(!palette.emojis.isEmpty)
        #expect(Emoji.nonEmojis(in: palette.emojis).isEmpty)
        #expect(Set(palette.emojis).count == palette.emojis.count)
        #expect(throws: Never.self) { try PaletteList([palette]) }
    }

    /// Animal Faces holds 🐻‍❄️ as one emoji, beside 🐻.
    @Test func builtInsKeepClusters() throws {
        let faces = try #require(Palette.builtins.first { $0.name == "Animal Faces" })
        #expect(faces.emojis.contains("🐻‍❄️" as Character))
        #expect(faces.emojis.contains("🐻" as Character))
        #expect(faces.emojis.count == 20)
    }

    /// A name the text form could not carry is repaired with a warning naming it.
    @Test(
        arguments: [
            ("", "Palette 3"), ("  ", "Palette 3"), (" Padded ", "Padded"), ("two\nlines", "two lines"), ("a\r\nb", "a  b"),
            ("\u{A0}nbsp\u{3000}", "nbsp"), ("x\u{2028}y", "x y"), ("\u{85}", "Palette 3")
        ])
    func namesRepaired(stored: String, repaired: String) throws {
        let (list, warnings) = PaletteList.repairing([Palette(name: stored, emojis: "😀", id: 3)])
        #expect(list.palettes == [Palette(name: repaired, emojis: "😀", id: 3)])
        #expect(warnings == ["palette 3 had the name \(stored.quotedForMessage()), which a name cannot be; it is now \"\(repaired)\""])
        #expect(throws: Never.self) { try PaletteList(list.palettes) }
    }

    /// Other fields that are not one JSON value, or that shadow emojis, id or name, are refused by init and dropped by repairing.
    @Test(
        arguments: ["", "1 2", "{", "\u{FEFF}1", "nul", "\"open"])
    func badOtherFieldsDropped(value: String) {
        for palette in [
            Palette(name: "A", emojis: "", id: 1, otherFields: ["x": value, "ok": "[1]"]),
            Palette(name: "A", emojis: "", id: 1, otherFields: ["name": "\"B\"", "ok": "[1]"])
        ] {
            #expect(throws: PaletteError.self) { try PaletteList([palette]) }
            let (list, warnings) = PaletteList.repairing([palette])
            #expect(list.palettes[0].otherFields == ["ok": "[1]"])
            #expect(warnings.count == 1 && warnings[0].contains("is not one JSON value"), "\(warnings)")
        }
    }
}
