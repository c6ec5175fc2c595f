/// The palettes of one store and EmojiArt's intents on them, made safe.
///
/// Invariants, kept by every method: there is at least one palette; ids are unique; each
/// palette's emojis are emojis (``Emoji``), none twice. Indices are clamped into range, never
/// trapped on; methods return the index they actually used.
public struct PaletteList: Hashable, Sendable {
    /// The palettes, in order.
    public private(set) var palettes: [Palette]

    /// Creates a list from palettes that already keep the invariants.
    ///
    /// - Throws: ``PaletteError`` when `palettes` is empty, has duplicate ids, or holds
    ///   non-emoji text or repeated emojis.
    public init(_ palettes: [Palette]) throws(PaletteError) {
        guard !palettes.isEmpty else { throw PaletteError(.invalidArgument, "a palette store needs at least one palette") }
        var ids = Set<Int>()
        for palette in palettes {
            guard ids.insert(palette.id).inserted else {
                throw PaletteError(.invalidArgument, "two palettes have the id \(palette.id); ids must be unique")
            }
            try Self.checkName(palette.name)
            try Self.checkEmojis(palette.emojis, in: palette.name)
            guard Emoji.uniqued(palette.emojis) == palette.emojis else {
                throw PaletteError(.invalidArgument, "the palette \"\(palette.name)\" holds an emoji twice")
            }
        }
        self.palettes = palettes
    }

    /// Makes a list out of stored palettes, repairing what breaks the invariants.
    ///
    /// Duplicate ids are reassigned above the largest id, repeated emojis are dropped, and an
    /// empty list becomes the built-in palettes. Text that is not emoji is kept as it was (it is
    /// the user's data); each repair and each such oddity adds a warning.
    ///
    /// - Returns: The list and the warnings, empty when nothing needed repair.
    public static func repairing(_ stored: [Palette]) -> (list: PaletteList, warnings: [String]) {
        var warnings: [String] = []
        guard !stored.isEmpty else {
            return (PaletteList(unchecked: Palette.builtins), ["the store held no palettes; it starts again with the built-in ones"])
        }
        var nextID = (stored.map(\.id).max() ?? 0) + 1
        var ids = Set<Int>()
        var repaired: [Palette] = []
        for var palette in stored {
            if !ids.insert(palette.id).inserted {
                warnings.append("palette \"\(palette.name)\" had the id \(palette.id) of another palette; it now has the id \(nextID)")
                palette = Palette(name: palette.name, emojis: palette.emojis, id: nextID)
                ids.insert(nextID)
                nextID += 1
            }
            let unique = Emoji.uniqued(palette.emojis)
            if unique != palette.emojis {
                warnings.append("palette \"\(palette.name)\" held some emojis twice; the repeats were removed")
                palette.emojis = unique
            }
            let strays = Emoji.nonEmojis(in: palette.emojis)
            if !strays.isEmpty {
                warnings.append("palette \"\(palette.name)\" holds text that is not emoji: \(strays.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            repaired.append(palette)
        }
        return (PaletteList(unchecked: repaired), warnings)
    }

    private init(unchecked palettes: [Palette]) {
        self.palettes = palettes
    }

    /// The built-in palettes, which a store with nothing saved starts with.
    public static var builtIn: PaletteList { PaletteList(unchecked: Palette.builtins) }

    /// How many palettes there are (at least one).
    public var count: Int { palettes.count }

    /// `index` moved into `0..<count`.
    public func clamped(_ index: Int) -> Int {
        min(max(index, 0), palettes.count - 1)
    }

    /// The palette at `index`, clamped into range.
    public func palette(at index: Int) -> Palette {
        palettes[clamped(index)]
    }

    /// The index of the palette with `id`, or `nil`.
    public func index(ofID id: Int) -> Int? {
        palettes.firstIndex { $0.id == id }
    }

    /// The index of the first palette named exactly `name`, or `nil`.
    public func index(ofName name: String) -> Int? {
        palettes.firstIndex { $0.name == name }
    }

    /// Inserts a new palette with an id one above the largest.
    ///
    /// - Parameters:
    ///   - name: The palette's name, not empty.
    ///   - emojis: Its emojis; repeats are dropped.
    ///   - index: Where it goes, clamped into `0...count`.
    /// - Returns: The index it was inserted at.
    /// - Throws: ``PaletteError`` for an empty name or text that is not emoji.
    @discardableResult
    public mutating func insertPalette(named name: String, emojis: String = "", at index: Int = 0) throws(PaletteError) -> Int {
        try Self.checkName(name)
        try Self.checkEmojis(emojis, in: name)
        let id = (palettes.map(\.id).max() ?? 0) + 1
        let safeIndex = min(max(index, 0), palettes.count)
        palettes.insert(Palette(name: name, emojis: Emoji.uniqued(emojis), id: id), at: safeIndex)
        return safeIndex
    }

    /// Removes the palette at `index` (clamped), unless it is the last one.
    ///
    /// - Returns: A valid index to show next: the same position, or the new last one.
    /// - Throws: ``PaletteError`` when only one palette is left.
    @discardableResult
    public mutating func removePalette(at index: Int) throws(PaletteError) -> Int {
        guard palettes.count > 1 else {
            throw PaletteError(.invalidArgument, "\"\(palettes[0].name)\" is the last palette; a store keeps at least one")
        }
        let safeIndex = clamped(index)
        palettes.remove(at: safeIndex)
        return min(safeIndex, palettes.count - 1)
    }

    /// Renames the palette at `index` (clamped).
    ///
    /// - Throws: ``PaletteError`` for an empty name.
    public mutating func renamePalette(at index: Int, to name: String) throws(PaletteError) {
        try Self.checkName(name)
        palettes[clamped(index)].name = name
    }

    /// Moves the palette at `source` to `destination`, both clamped.
    ///
    /// - Returns: The index the palette ends up at.
    @discardableResult
    public mutating func movePalette(from source: Int, to destination: Int) -> Int {
        let palette = palettes.remove(at: clamped(source))
        let target = min(max(destination, 0), palettes.count)
        palettes.insert(palette, at: target)
        return target
    }

    /// Appends emojis the palette at `index` (clamped) does not hold yet.
    ///
    /// - Returns: How many emojis were added.
    /// - Throws: ``PaletteError`` for text that is not emoji; nothing is added then.
    @discardableResult
    public mutating func addEmojis(_ emojis: String, toPaletteAt index: Int) throws(PaletteError) -> Int {
        let safeIndex = clamped(index)
        try Self.checkEmojis(emojis, in: palettes[safeIndex].name)
        let before = palettes[safeIndex].emojis.count
        palettes[safeIndex].emojis = Emoji.uniqued(palettes[safeIndex].emojis + emojis)
        return palettes[safeIndex].emojis.count - before
    }

    /// Removes each of `emojis` (whole grapheme clusters) from the palette at `index` (clamped).
    ///
    /// - Returns: How many emojis were removed.
    @discardableResult
    public mutating func removeEmojis(_ emojis: String, fromPaletteAt index: Int) -> Int {
        let safeIndex = clamped(index)
        let unwanted = Set(emojis)
        let before = palettes[safeIndex].emojis.count
        palettes[safeIndex].emojis.removeAll { unwanted.contains($0) }
        return before - palettes[safeIndex].emojis.count
    }

    /// Names are text on one line without surrounding spaces, so that the text form
    /// (``PaletteText``) carries every name exactly.
    static func checkName(_ name: String) throws(PaletteError) {
        if name.allSatisfy(\.isWhitespace) {
            throw PaletteError(.invalidArgument, "the palette has no name; a palette needs a name that is not empty")
        }
        if name.unicodeScalars.contains(where: {
            ($0.properties.generalCategory == .control && $0 != "\t")
                || $0.properties.generalCategory == .lineSeparator || $0.properties.generalCategory == .paragraphSeparator
        }) {
            throw PaletteError(.invalidArgument, "a palette name may not contain line breaks or control characters")
        }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
            throw PaletteError(.invalidArgument, "a palette name may not start or end with spaces")
        }
    }

    private static func checkEmojis(_ emojis: String, in name: String) throws(PaletteError) {
        let strays = Emoji.nonEmojis(in: emojis)
        guard strays.isEmpty else {
            throw PaletteError(.invalidArgument,
                "\(strays.map { "\"\($0)\"" }.joined(separator: ", ")) \(strays.count == 1 ? "is" : "are") not emoji (palette \"\(name)\"); a palette holds emojis only")
        }
    }
}
