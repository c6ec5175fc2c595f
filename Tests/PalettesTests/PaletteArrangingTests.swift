import Foundation
import Palettes
import Testing

/// `PaletteList`'s EmojiArt and SwiftUI arrangements: `insert(_:at:)` replacing by id,
/// `remove(atOffsets:)` and `move(fromOffsets:toOffset:)` with SwiftUI's meaning of the offsets.
@Suite("Palette arranging")
struct PaletteArrangingTests {
    static let abcd = ["A", "B", "C", "D"].enumerated().map { Palette(name: $1, emojis: "", id: $0 + 1) }

    func list() throws -> PaletteList { try PaletteList(Self.abcd) }

    /// Moves put the moved palettes, in order, before the palette that was at the destination,
    /// as SwiftUI's `move(fromOffsets:toOffset:)` does; a destination out of range is clamped.
    @Test(
        arguments: [
            ([0], 2, "BACD"), ([0], 0, "ABCD"), ([3], 0, "DABC"), ([1, 3], 0, "BDAC"), ([0, 1], 4, "CDAB"),
            ([0, 2], 3, "BACD"), ([2], 99, "ABDC"), ([1], -5, "BACD"), ([3, 0, 3], 2, "BADC"), ([], 1, "ABCD")
        ] as [([Int], Int, String)])
    func moves(offsets: [Int], destination: Int, expected: String) throws {
        var list = try list()
        try list.move(fromOffsets: IndexSet(offsets), toOffset: destination)
        #expect(list.palettes.map(\.name).joined() == expected)
        var fromArray = try self.list()
        try fromArray.move(fromOffsets: offsets, toOffset: destination)
        #expect(fromArray == list)
    }

    /// Removes drop the palettes at the offsets; repeats count once.
    @Test(arguments: [([0, 2], "BD"), ([], "ABCD"), ([3, 3], "ABC"), ([1, 2, 3], "A")] as [([Int], String)])
    func removes(offsets: [Int], expected: String) throws {
        var list = try list()
        try list.remove(atOffsets: IndexSet(offsets))
        #expect(list.palettes.map(\.name).joined() == expected)
    }

    /// An offset out of range, or removing every palette, is refused and changes nothing.
    @Test(arguments: [[4], [-1], [0, 1, 2, 3], [0, 9]])
    func refusedOffsets(offsets: [Int]) throws {
        var list = try list()
        let removed = #expect(throws: PaletteError.self) { try list.remove(atOffsets: offsets) }
        #expect(removed?.code == .invalidArgument)
        if offsets.count == 4 { #expect(removed?.message.contains("would leave none") == true, "\(removed?.message ?? "")") }
        if offsets.contains(where: { !(0..<4).contains($0) }) {
            let moved = #expect(throws: PaletteError.self) { try list.move(fromOffsets: offsets, toOffset: 0) }
            #expect(moved?.message.contains("no palette at offset") == true)
        }
        #expect(list == (try self.list()))
    }

    /// insert(_:at:) adds a new palette where asked (clamped), and a palette with an id already
    /// used replaces that one, which moves to the index: ids stay unique.
    @Test func insertReplacesByID() throws {
        var list = try list()
        #expect(try list.insert(Palette(name: "E", emojis: "😀", id: 9), at: 1) == 1)
        #expect(list.palettes.map(\.name) == ["A", "E", "B", "C", "D"])
        #expect(try list.insert(Palette(name: "C2", emojis: "🚗", id: 3), at: 0) == 0)
        #expect(list.palettes.map(\.name) == ["C2", "A", "E", "B", "D"])
        #expect(try list.insert(Palette(name: "A2", emojis: "", id: 1), at: 99) == 4)
        #expect(list.palettes.map(\.name) == ["C2", "E", "B", "D", "A2"])
        #expect(try list.insert(Palette(name: "F", emojis: "", id: 10), at: -3) == 0)
        #expect(Set(list.palettes.map(\.id)).count == list.count)
    }

    /// insert(_:at:) refuses a palette that breaks a rule of the list, changing nothing.
    @Test(
        arguments: [
            Palette(name: "", emojis: "😀", id: 9), Palette(name: "X", emojis: "😀a", id: 9), Palette(name: "X", emojis: "😀😀", id: 9),
            Palette(name: "X", emojis: "👍 🏽", id: 9), Palette(name: "X", emojis: "😀", id: 1, otherFields: ["color": "red"])
        ])
    func insertRefuses(palette: Palette) throws {
        var list = try list()
        let error = #expect(throws: PaletteError.self) { try list.insert(palette, at: 0) }
        #expect(error?.code == .invalidArgument)
        #expect(list == (try self.list()))
    }
}
