extension PaletteList {
    /// Inserts `palette` at `index`, or when a palette has its id, moves that one there and
    /// replaces it: EmojiArt's `insert(_:at:)`, which never makes two palettes with one id.
    ///
    /// Unlike EmojiArt, which wraps an index around the count, `index` is clamped into range,
    /// as every index here is, and the palette ends up at `index` (clamped) whether or not it
    /// replaced one.
    ///
    /// - Returns: The index it went to.
    /// - Throws: ``PaletteError`` with code `.invalidArgument` for a palette that breaks a rule
    ///   of the list (see ``init(_:)``); nothing changes then.
    @discardableResult
    public mutating func insert(_ palette: Palette, at index: Int) throws(PaletteError) -> Int {
        try Self.check(palette)
        var palettes = self.palettes
        if let existing = self.index(ofID: palette.id) { palettes.remove(at: existing) }
        let safeIndex = min(max(index, 0), palettes.count)
        palettes.insert(palette, at: safeIndex)
        self = PaletteList(unchecked: palettes)
        return safeIndex
    }

    /// Removes the palettes at `offsets` (an `IndexSet`, or any sequence of offsets; repeats
    /// count once), as SwiftUI's `onDelete` hands them over.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` for an offset out of range or
    ///   when no palette would be left; nothing changes then.
    /// - Complexity: O(*n*) in the number of palettes and offsets.
    public mutating func remove(atOffsets offsets: some Sequence<Int>) throws(PaletteError) {
        let doomed = try Self.checkedOffsets(offsets, count: count)
        guard doomed.count < count else {
            throw PaletteError(.invalidArgument, "removing all \(count) palettes would leave none; a store keeps at least one")
        }
        self = PaletteList(unchecked: palettes.indices.filter { !doomed.contains($0) }.map { palettes[$0] })
    }

    /// Moves the palettes at `offsets`, in their order, before the palette at `destination`
    /// (clamped into `0...count`; `count` is the end), as SwiftUI's `onMove` hands them over.
    ///
    /// `destination` counts the palettes before the move: moving offset 0 to 2 puts the first
    /// palette after the second.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` for an offset out of range;
    ///   nothing changes then.
    /// - Complexity: O(*n*) in the number of palettes and offsets.
    public mutating func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) throws(PaletteError) {
        let moving = try Self.checkedOffsets(offsets, count: count)
        let target = min(max(destination, 0), count)
        var staying = palettes.indices.filter { !moving.contains($0) }.map { palettes[$0] }
        let moved = moving.sorted().map { palettes[$0] }
        staying.insert(contentsOf: moved, at: target - moving.count { $0 < target })
        self = PaletteList(unchecked: staying)
    }

    /// `offsets` as a set, once each is checked to be in `0..<count`.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` naming the first offset out of range.
    static func checkedOffsets(_ offsets: some Sequence<Int>, count: Int) throws(PaletteError) -> Set<Int> {
        var checked = Set<Int>()
        for offset in offsets {
            guard (0..<count).contains(offset) else {
                throw PaletteError(.invalidArgument, "there is no palette at offset \(offset); the offsets are 0 to \(count - 1)")
            }
            checked.insert(offset)
        }
        return checked
    }
}
