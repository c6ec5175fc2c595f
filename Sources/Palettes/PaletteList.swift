import PropertyLists

/// The palettes of one store and EmojiArt's intents on them, made safe.
///
/// Invariants, kept by every method: there is at least one palette; ids are unique; names pass
/// ``checkName(_:)``; each palette's emojis are whole emojis (``Emoji``), none twice. Indices are clamped into range, never
/// trapped on; methods return the index they actually used.
public struct PaletteList: Hashable, Sendable {
    /// The palettes, in order.
    public private(set) var palettes: [Palette]

    /// Creates a list from palettes that already keep the invariants.
    ///
    /// - Throws: ``PaletteError`` when `palettes` is empty, has duplicate ids, a name that
    ///   ``checkName(_:)`` refuses, text that is not emoji, an emoji twice, or an other field that is
    ///   not one JSON value.
    public init(_ palettes: [Palette]) throws(PaletteError) {
        guard !palettes.isEmpty else { throw PaletteError(.invalidArgument, "a palette store needs at least one palette") }
        var ids = Set<Int>()
        for palette in palettes {
            guard ids.insert(palette.id).inserted else {
                throw PaletteError(.invalidArgument, "two palettes have the id \(palette.id); ids must be unique")
            }
            try Self.check(palette)
        }
        self.palettes = palettes
    }

    /// Checks the rules one palette keeps on its own: its name passes ``checkName(_:)``, its
    /// emojis are whole emojis, none twice, and its other fields are JSON values.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` naming the palette.
    static func check(_ palette: Palette) throws(PaletteError) {
        try checkName(palette.name)
        let strays = Emoji.nonEmojis(in: palette.emojis)
        guard strays.isEmpty else { throw notEmoji(strays, in: palette.name) }
        guard Emoji.uniqued(palette.emojis) == palette.emojis else {
            throw PaletteError(.invalidArgument, "the palette \"\(palette.name)\" holds an emoji twice")
        }
        if let key = badOtherFields(of: palette).first {
            throw PaletteError(.invalidArgument, "the field \"\(key)\" of palette \"\(palette.name)\" is not one JSON value other than emojis, id or name")
        }
    }

    /// Makes a list out of stored palettes, repairing what breaks the invariants, so that what
    /// loads always round-trips through the text and JSON forms unchanged.
    ///
    /// Each repair adds a warning naming the palette: a duplicate id is replaced by an unused one
    /// (``unusedID(notIn:)``); a name that ``checkName(_:)`` refuses has its line breaks and
    /// control characters turned into spaces and surrounding spaces trimmed (an empty name
    /// becomes "Palette ID"); text that is not a whole emoji is removed (the warning shows it, code
    /// points included); repeated emojis are dropped; other fields that are not JSON values are
    /// dropped; an empty list becomes the built-in palettes.
    ///
    /// - Returns: The list and the warnings, empty when nothing needed repair.
    /// - Complexity: O(*n*) in the size of the palettes.
    public static func repairing(_ stored: [Palette]) -> (list: PaletteList, warnings: [String]) {
        var warnings: [String] = []
        guard !stored.isEmpty else {
            return (PaletteList(unchecked: Palette.builtins), ["the store held no palettes; it starts again with the built-in ones"])
        }
        var ids = IDAllocator(avoiding: Set(stored.map(\.id)))
        var seenIDs = Set<Int>()
        var repaired: [Palette] = []
        for var palette in stored {
            if !seenIDs.insert(palette.id).inserted {
                let newID = ids.next()
                warnings.append("palette \(palette.name.quotedForMessage()) had the id \(palette.id) of another palette; it now has the id \(newID)")
                palette = palette.withID(newID)
                seenIDs.insert(newID)
            }
            do {
                try checkName(palette.name)
            } catch {
                let name = repairedName(palette.name, id: palette.id)
                warnings.append("palette \(palette.id) had the name \(palette.name.quotedForMessage()), which a name cannot be; it is now \"\(name)\"")
                palette.name = name
            }
            let strays = Emoji.nonEmojis(in: palette.emojis)
            if !strays.isEmpty {
                warnings.append(
                    "palette \(palette.name.quotedForMessage()) held \(strays.map(Emoji.describe).joined(separator: ", ")), which is not emoji (a whole emoji sequence); it was removed"
                )
                palette.emojis.removeAll { !Emoji.isEmoji($0) }
            }
            let unique = Emoji.uniqued(palette.emojis)
            if unique != palette.emojis {
                warnings.append("palette \(palette.name.quotedForMessage()) held some emojis twice; the repeats were removed")
                palette.emojis = unique
            }
            for key in badOtherFields(of: palette) {
                warnings.append("palette \"\(palette.name)\" had a field \"\(key)\" that is not one JSON value; it was removed")
                palette.otherFields[key] = nil
            }
            repaired.append(palette)
        }
        return (PaletteList(unchecked: repaired), warnings)
    }

    /// An id not in `used`: one above the largest (at least 1), or when the largest is
    /// `Int.max`, the smallest positive id not in use. Never overflows.
    ///
    /// - Complexity: O(*n*) in the size of `used`.
    public static func unusedID(notIn used: Set<Int>) -> Int {
        var allocator = IDAllocator(avoiding: used)
        return allocator.next()
    }

    /// This list with the other fields (``Palette/otherFields``) of `source`'s palettes added to
    /// the palettes here with the same id that have none of their own: how an edit in the text
    /// form, which shows only ids, names and emojis, keeps the fields other tools stored.
    public func keepingOtherFields(of source: PaletteList) -> PaletteList {
        let fields = Dictionary(source.palettes.map { ($0.id, $0.otherFields) }, uniquingKeysWith: { first, _ in first })
        return PaletteList(
            unchecked: palettes.map { palette in
                var palette = palette
                if palette.otherFields.isEmpty, let kept = fields[palette.id] { palette.otherFields = kept }
                return palette
            })
    }

    private static func repairedName(_ name: String, id: Int) -> String {
        let flattened = String(String.UnicodeScalarView(name.unicodeScalars.map { isLineBreakOrControl($0) ? " " : $0 }))
        let trimmed = flattened.unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
        return trimmed.isEmpty ? "Palette \(id)" : String(String.UnicodeScalarView(trimmed))
    }

    private static func badOtherFields(of palette: Palette) -> [String] {
        palette.otherFields.filter { ["emojis", "id", "name"].contains($0.key) || !PaletteJSON.isValue($0.value) }.keys.sorted()
    }

    /// A list of palettes known to keep the invariants.
    init(unchecked palettes: [Palette]) {
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

    /// Inserts a new palette with an unused id (``unusedID(notIn:)``: one above the largest).
    ///
    /// - Parameters:
    ///   - name: The palette's name, not empty.
    ///   - emojis: Its emojis, written together or separated by white space
    ///     (``Emoji/characters(in:)``); repeats are dropped.
    ///   - index: Where it goes, clamped into `0...count`.
    /// - Returns: The index it was inserted at.
    /// - Throws: ``PaletteError`` for an empty name or text that is not emoji.
    @discardableResult
    public mutating func insertPalette(named name: String, emojis: String = "", at index: Int = 0) throws(PaletteError) -> Int {
        try Self.checkName(name)
        let emojis = try Self.wholeEmojis(emojis, in: name)
        let id = Self.unusedID(notIn: Set(palettes.map(\.id)))
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

    /// Appends emojis the palette at `index` (clamped) does not hold yet (``Emoji/identity(_:)``).
    ///
    /// `emojis` are written together or separated by white space (``Emoji/characters(in:)``).
    /// Every one must be a whole emoji (``Emoji``), so a modifier, joiner or selector cannot
    /// attach to an emoji already held: the emojis held stay as they are.
    ///
    /// - Returns: How many emojis were added.
    /// - Throws: ``PaletteError`` for text that is not a whole emoji; nothing is added then.
    @discardableResult
    public mutating func addEmojis(_ emojis: String, toPaletteAt index: Int) throws(PaletteError) -> Int {
        let safeIndex = clamped(index)
        let emojis = try Self.wholeEmojis(emojis, in: palettes[safeIndex].name)
        let before = palettes[safeIndex].emojis.count
        palettes[safeIndex].emojis = Emoji.uniqued(palettes[safeIndex].emojis + emojis)
        return palettes[safeIndex].emojis.count - before
    }

    /// Removes each of `emojis` (whole grapheme clusters, compared by ``Emoji/identity(_:)``,
    /// written together or separated by white space) from the palette at `index` (clamped).
    ///
    /// - Returns: How many emojis were removed.
    /// - Throws: ``PaletteError`` with code `.invalidArgument` for text that is not emoji, as
    ///   ``addEmojis(_:toPaletteAt:)`` throws it; nothing is removed then.
    @discardableResult
    public mutating func removeEmojis(_ emojis: String, fromPaletteAt index: Int) throws(PaletteError) -> Int {
        let safeIndex = clamped(index)
        let unwanted = Set(try Self.wholeEmojis(emojis, in: palettes[safeIndex].name).map(Emoji.identity))
        let before = palettes[safeIndex].emojis.count
        palettes[safeIndex].emojis.removeAll { unwanted.contains(Emoji.identity($0)) }
        return before - palettes[safeIndex].emojis.count
    }

    /// Checks a name: text on one line without surrounding spaces, so that the text form
    /// (``PaletteText``) and the JSON form carry every name exactly.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` for an empty or blank name, a line
    ///   break or control character other than a tab, or a space of any kind at either end.
    public static func checkName(_ name: String) throws(PaletteError) {
        let scalars = name.unicodeScalars
        if scalars.allSatisfy(\.properties.isWhitespace) {
            throw PaletteError(.invalidArgument, "the palette has no name; a palette needs a name that is not empty")
        }
        if scalars.contains(where: isLineBreakOrControl) {
            throw PaletteError(.invalidArgument, "a palette name may not contain line breaks or control characters")
        }
        if scalars.first?.properties.isWhitespace == true || scalars.last?.properties.isWhitespace == true {
            throw PaletteError(.invalidArgument, "a palette name may not start or end with spaces")
        }
    }

    private static func isLineBreakOrControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.properties.generalCategory == .control && scalar != "\t")
            || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
    }

    /// `emojis` with the white space between them dropped, once every one is emoji. Whole
    /// emojis written one after another split back into the same emojis (``Emoji``).
    private static func wholeEmojis(_ emojis: String, in name: String) throws(PaletteError) -> String {
        let characters = Emoji.characters(in: emojis)
        var seen = Set<Character>()
        let strays = characters.filter { !Emoji.isEmoji($0) && seen.insert($0).inserted }
        guard strays.isEmpty else { throw notEmoji(strays, in: name) }
        return String(characters)
    }

    private static func notEmoji(_ strays: [Character], in name: String) -> PaletteError {
        PaletteError(
            .invalidArgument,
            "\(strays.map(Emoji.describe).joined(separator: ", ")) \(strays.count == 1 ? "is" : "are") not emoji (palette \"\(name)\"); a palette holds whole emojis only"
        )
    }
}
