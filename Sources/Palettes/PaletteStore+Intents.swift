extension PaletteStore {
    /// Inserts `palette` at `index`, or moves the palette with its id there and replaces it,
    /// as EmojiArt's `insert(_:at:)` does; saved before it returns.
    ///
    /// - Parameters:
    ///   - palette: The palette, keeping the rules of ``PaletteList`` (its emojis whole, none twice).
    ///   - index: Where it ends up, clamped into range.
    /// - Returns: The index it went to.
    /// - Throws: ``PaletteError`` with code `.invalidArgument` for a palette that breaks a rule,
    ///   or what saving throws (see ``setPalettes(_:)``); nothing changes then.
    @discardableResult
    public func insert(_ palette: Palette, at index: Int) throws(PaletteError) -> Int {
        try write { (list: inout PaletteList) throws(PaletteError) in try list.insert(palette, at: index) }
    }

    /// Appends `palette`, or moves the palette with its id to the end and replaces it, as
    /// EmojiArt's `append(_:)` does; saved before it returns.
    ///
    /// - Throws: What ``insert(_:at:)`` throws.
    public func append(_ palette: Palette) throws(PaletteError) {
        try write { (list: inout PaletteList) throws(PaletteError) in _ = try list.insert(palette, at: list.count) }
    }

    /// Inserts a new palette with an unused id (``PaletteList/unusedID(notIn:)``), at `index`
    /// clamped into range; saved before it returns.
    ///
    /// - Returns: The index it went to.
    /// - Throws: ``PaletteError`` for an empty name or text that is not emoji, or what saving throws.
    @discardableResult
    public func insertPalette(named name: String, emojis: String = "", at index: Int = 0) throws(PaletteError) -> Int {
        try write { (list: inout PaletteList) throws(PaletteError) in try list.insertPalette(named: name, emojis: emojis, at: index) }
    }

    /// Removes the palettes at `offsets` of ``palettes``, as SwiftUI's `onDelete` hands them
    /// over (an `IndexSet`, or any sequence of offsets); saved before it returns.
    ///
    /// The offsets name the palettes this store shows; those of them still saved are removed.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` for an offset out of range or
    ///   when no palette would be left, or what saving throws; nothing changes then.
    /// - Complexity: O(*n*) in the number of palettes and offsets.
    public func remove(atOffsets offsets: some Sequence<Int>) throws(PaletteError) {
        let shown = palettes
        let ids = try PaletteList.checkedOffsets(offsets, count: shown.count).map { shown[$0].id }
        try write { (list: inout PaletteList) throws(PaletteError) in try list.remove(atOffsets: ids.compactMap(list.index(ofID:))) }
    }

    /// Moves the palettes at `offsets` of ``palettes`` before the one at `destination`, as
    /// SwiftUI's `onMove` hands them over; saved before it returns.
    ///
    /// Both name the palettes this store shows. The moved palettes still saved, in their order,
    /// go before the first palette shown at or after `destination` (clamped into
    /// `0...palettes.count`) that is not moved, or at the end when there is none.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` for an offset out of range, or
    ///   what saving throws; nothing changes then.
    /// - Complexity: O(*n*) in the number of palettes and offsets.
    public func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) throws(PaletteError) {
        let shown = palettes
        let moving = try PaletteList.checkedOffsets(offsets, count: shown.count)
        let ids = moving.sorted().map { shown[$0].id }
        let anchor = shown.indices.dropFirst(min(max(destination, 0), shown.count)).first { !moving.contains($0) }.map { shown[$0].id }
        try write { (list: inout PaletteList) throws(PaletteError) in
            let target = anchor.flatMap(list.index(ofID:)) ?? list.count
            try list.move(fromOffsets: ids.compactMap(list.index(ofID:)), toOffset: target)
        }
    }

    /// Removes the palette at `index` (clamped), unless it is the last one; saved before it returns.
    ///
    /// - Returns: A valid index to show next.
    /// - Throws: ``PaletteError`` when it is the last palette, or what saving throws.
    @discardableResult
    public func removePalette(at index: Int) throws(PaletteError) -> Int {
        let id = palette(at: index).id
        return try write { (list: inout PaletteList) throws(PaletteError) in
            guard let current = list.index(ofID: id) else { return list.clamped(index) }
            return try list.removePalette(at: current)
        }
    }

    /// Renames the palette at `index` (clamped); saved before it returns.
    ///
    /// - Throws: ``PaletteError`` for a name ``PaletteList/checkName(_:)`` refuses, with code
    ///   `.notFound` when another store or process removed the palette, or what saving throws.
    public func renamePalette(at index: Int, to name: String) throws(PaletteError) {
        let shown = palette(at: index)
        try write { (list: inout PaletteList) throws(PaletteError) in try list.renamePalette(at: Self.index(of: shown, in: list), to: name) }
    }

    /// Moves the palette at `source` to `destination`, both clamped; saved before it returns.
    ///
    /// - Throws: ``PaletteError`` with code `.notFound` when another store or process removed
    ///   the palette, or what saving throws.
    public func movePalette(from source: Int, to destination: Int) throws(PaletteError) {
        let shown = palette(at: source)
        try write { (list: inout PaletteList) throws(PaletteError) in list.movePalette(from: try Self.index(of: shown, in: list), to: destination) }
    }

    /// Adds emojis the palette at `index` (clamped) does not hold yet; saved before it returns.
    ///
    /// - Throws: ``PaletteError`` for text that is not emoji, with code `.notFound` when another
    ///   store or process removed the palette, or what saving throws.
    public func addEmojis(_ emojis: String, toPaletteAt index: Int) throws(PaletteError) {
        let shown = palette(at: index)
        try write { (list: inout PaletteList) throws(PaletteError) in try list.addEmojis(emojis, toPaletteAt: Self.index(of: shown, in: list)) }
    }

    /// Removes emojis (whole grapheme clusters) from the palette at `index` (clamped); saved
    /// before it returns.
    ///
    /// - Throws: ``PaletteError`` for text that is not emoji, with code `.notFound` when another
    ///   store or process removed the palette, or what saving throws.
    public func removeEmojis(_ emojis: String, fromPaletteAt index: Int) throws(PaletteError) {
        let shown = palette(at: index)
        try write { (list: inout PaletteList) throws(PaletteError) in
            try list.removeEmojis(emojis, fromPaletteAt: Self.index(of: shown, in: list))
        }
    }

    /// Where the palette with `shown`'s id is saved in `list`.
    ///
    /// - Throws: ``PaletteError`` with code `.notFound` when it is not there: another store or
    ///   process removed it, and a change to it would be lost.
    private static func index(of shown: Palette, in list: PaletteList) throws(PaletteError) -> Int {
        guard let index = list.index(ofID: shown.id) else {
            throw PaletteError(
                .notFound, "the palette \(shown.name.quotedForMessage(limit: 60)) (id \(shown.id)) was removed by another store or process; nothing was changed"
            )
        }
        return index
    }
}
