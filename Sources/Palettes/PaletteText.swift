/// The editable text form of a palette store, used by `prefs palette edit` and `export`:
/// one palette per line, `[ID] NAME: EMOJIS`, with `#` comment lines.
///
/// ```
/// [1] Vehicles: 🚙🚗🚘
/// [7] Weather: ☀️🌤⛅️
/// Hearts: ❤️🧡💛
/// ```
///
/// Reordering lines reorders palettes, deleting a line removes its palette, and a line without
/// `[ID]` is a new palette. A name may contain colons; the emojis follow the last one.
/// Fields other tools stored beside `emojis`, `id` and `name` are not shown.
public enum PaletteText {
    /// The text of `list`, preceded by comment lines that explain the form.
    ///
    /// Every line of `header` (split at any line break) becomes a comment line. ``parse(_:reservedIDs:)``
    /// reads the result back to `list`, except for ``Palette/otherFields``, which the text form
    /// does not show (``PaletteList/keepingOtherFields(of:)`` takes them over by id).
    public static func format(_ list: PaletteList, header: String) -> String {
        var text = lines(of: header).map { "# " + String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
        text += """

            # One palette per line: [ID] NAME: EMOJIS. Reorder lines to reorder palettes, delete a
            # line to remove a palette, add a line without [ID] for a new palette.

            """
        for palette in list.palettes {
            text += "[\(palette.id)] \(palette.name): \(palette.emojis)\n"
        }
        return text
    }

    /// A problem in the text, by line.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The 1-based line.
        public let line: Int
        /// What is wrong.
        public let message: String

        /// `line N: message`.
        public var description: String { "line \(line): \(message)" }
    }

    /// Reads the text form.
    ///
    /// A UTF-8 byte-order mark at the start is ignored, and lines may end in LF, CRLF or CR.
    /// Lines are read scalar by scalar, not by grapheme clusters, so a name starting with a
    /// combining mark or ending in a prepended mark reads back exactly; the emojis after the last
    /// colon are whole emojis (``Emoji``), written together or separated by white space
    /// (``Emoji/characters(in:)``). Palettes keep the ids their lines name; lines without one get
    /// ids no line names and not in `reservedIDs` (``PaletteList/unusedID(notIn:)``).
    ///
    /// - Parameters:
    ///   - text: The text form.
    ///   - reservedIDs: Ids new palettes must not take, such as those of the palettes the text
    ///     replaces, so that a new palette never takes over the id of a deleted one.
    /// - Returns: The palettes, or every problem found.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func parse(_ text: String, reservedIDs: Set<Int> = []) -> Result<PaletteList, PaletteTextError> {
        var problems: [Problem] = []
        var entries: [(id: Int?, name: String, emojis: String)] = []
        var seenIDs: [Int: Int] = [:]
        for (offset, rawLine) in lines(of: text).enumerated() {
            let number = offset + 1
            var line = trimmed(rawLine)
            if line.isEmpty || line.first == "#" { continue }
            var id: Int?
            if line.first == "[" {
                guard let close = line.firstIndex(of: "]"),
                    let value = Int(String(String.UnicodeScalarView(line[line.index(after: line.startIndex)..<close])))
                else {
                    problems.append(Problem(line: number, message: "a line starting with '[' needs a number and ']': [ID] NAME: EMOJIS"))
                    continue
                }
                if let first = seenIDs[value] {
                    problems.append(Problem(line: number, message: "the id \(value) is used on line \(first) already; ids must be unique"))
                    continue
                }
                seenIDs[value] = number
                id = value
                line = line[line.index(after: close)...]
            }
            guard let colon = line.lastIndex(of: ":") else {
                problems.append(Problem(line: number, message: "expected NAME: EMOJIS (a colon after the name)"))
                continue
            }
            let name = String(String.UnicodeScalarView(trimmed(line[..<colon])))
            do throws(PaletteError) {
                try PaletteList.checkName(name)
            } catch {
                problems.append(Problem(line: number, message: error.message))
                continue
            }
            let emojis = Emoji.characters(in: String(String.UnicodeScalarView(line[line.index(after: colon)...])))
            var seen = Set<Character>()
            let named = emojis.filter { !Emoji.isEmoji($0) && seen.insert($0).inserted }
            if !named.isEmpty {
                problems.append(
                    Problem(
                        line: number,
                        message: "\(named.map(Emoji.describe).joined(separator: ", ")) \(named.count == 1 ? "is" : "are") not emoji"))
                continue
            }
            entries.append((id, name, Emoji.uniqued(String(emojis))))
        }
        if problems.isEmpty, entries.isEmpty {
            problems.append(Problem(line: 1, message: "no palettes left; a store keeps at least one"))
        }
        guard problems.isEmpty else { return .failure(PaletteTextError(problems: problems)) }
        var ids = IDAllocator(avoiding: reservedIDs.union(entries.compactMap(\.id)))
        let palettes = entries.map { Palette(name: $0.name, emojis: $0.emojis, id: $0.id ?? ids.next()) }
        do {
            return .success(try PaletteList(palettes))
        } catch {
            return .failure(PaletteTextError(problems: [Problem(line: 1, message: error.message)]))
        }
    }

    /// The lines of `text` as scalars, after a byte-order mark; a line ends at LF, CRLF, CR or
    /// any other Unicode line break.
    private static func lines(of text: String) -> [Substring.UnicodeScalarView] {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var lines: [Substring.UnicodeScalarView] = []
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) else {
                index = scalars.index(after: index)
                continue
            }
            lines.append(scalars[start..<index])
            index = scalars.index(after: index)
            if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
            start = index
        }
        lines.append(scalars[start...])
        return lines
    }

    /// `scalars` without spaces and tabs at either end.
    private static func trimmed(_ scalars: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        let isBlank = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) }) else {
            return scalars[scalars.endIndex...]
        }
        return scalars[first...last]
    }
}

/// The problems found in a palette text.
public struct PaletteTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Each problem with its line.
    public let problems: [PaletteText.Problem]

    /// The problems, one per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
