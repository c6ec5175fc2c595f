import Palettes
import Testing

/// New ids anywhere in the 64-bit range: never an overflow, never a duplicate.
@Suite("Palette ids")
struct PaletteIDTests {
    /// unusedID is one above the largest, at least 1, or the smallest unused positive id at Int.max.
    @Test(
        arguments: [
            ([], 1), ([7, 3], 8), ([-5, -9], 1), ([0], 1), ([Int.min], 1), ([Int.max - 1], Int.max), ([Int.max], 1),
            ([Int.max, 1, 2, 4], 3), ([Int.max, Int.min, 1], 2)
        ] as [([Int], Int)])
    func unusedID(used: [Int], expected: Int) {
        #expect(PaletteList.unusedID(notIn: Set(used)) == expected)
    }

    /// insertPalette, repairing and the text form never overflow when Int.max is taken.
    @Test func everyPathAtTheTop() throws {
        var list = try PaletteList([Palette(name: "Top", emojis: "", id: Int.max), Palette(name: "Bottom", emojis: "", id: Int.min)])
        try list.insertPalette(named: "New")
        try list.insertPalette(named: "Newer")
        #expect(list.palettes.map(\.id) == [2, 1, Int.max, Int.min])
        let repaired = PaletteList.repairing([Palette(name: "A", emojis: "", id: Int.max), Palette(name: "B", emojis: "", id: Int.max)])
        #expect(repaired.list.palettes.map(\.id) == [Int.max, 1])
        let parsed = try PaletteText.parse("[9223372036854775807] A: 😀\nB: 🚗\n[-9223372036854775808] C:\nD:\n").get()
        #expect(parsed.palettes.map(\.id) == [Int.max, 1, Int.min, 2])
    }

    /// A repaired duplicate id keeps the palette's other fields.
    @Test func repairKeepsOtherFields() {
        let repaired = PaletteList.repairing([
            Palette(name: "A", emojis: "", id: 3), Palette(name: "B", emojis: "", id: 3, otherFields: ["color": "1"])
        ])
        #expect(repaired.list.palettes[1] == Palette(name: "B", emojis: "", id: 4, otherFields: ["color": "1"]))
    }

    /// Repairing 50,000 palettes that all have the id Int.max gives each a distinct id in linear time.
    @Test func manyDuplicatesAtTheTop() {
        let stored = (0..<50_000).map { Palette(name: "P\($0)", emojis: "", id: Int.max) }
        let repaired = PaletteList.repairing(stored)
        #expect(repaired.list.palettes.map(\.id) == [Int.max] + Array(1..<50_000))
        #expect(repaired.warnings.count == 49_999)
    }
}
