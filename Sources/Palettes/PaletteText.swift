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
public enum PaletteText {
    /// The text of `list`, preceded by comment lines that explain the form.
    public static func format(_ list: PaletteList, header: String) -> String {
        var text = header.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }.joined(separator: "\n")
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
    /// Palettes keep the ids their lines name; lines without one get ids above every id used.
    ///
    /// - Returns: The palettes, or every problem found.
    public static func parse(_ text: String) -> Result<PaletteList, PaletteTextError> {
        var problems: [Problem] = []
        var entries: [(id: Int?, name: String, emojis: String)] = []
        var seenIDs: [Int: Int] = [:]
        // "\r\n" is one Character, so lines are split on every kind of line end, not on "\n".
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = offset + 1
            var line = Substring(rawLine.trimmingCharacters(in: " \t\r"))
            if line.isEmpty || line.hasPrefix("#") { continue }
            var id: Int?
            if line.hasPrefix("[") {
                guard let close = line.firstIndex(of: "]"), let value = Int(line[line.index(after: line.startIndex)..<close]) else {
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
            let name = String(line[..<colon]).trimmingCharacters(in: " \t")
            let emojis = String(line[line.index(after: colon)...]).filter { $0 != " " && $0 != "\t" }
            if name.isEmpty {
                problems.append(Problem(line: number, message: "the palette has no name"))
                continue
            }
            let strays = Emoji.nonEmojis(in: emojis)
            if !strays.isEmpty {
                problems.append(Problem(line: number,
                    message: "\(strays.map { "\"\($0)\"" }.joined(separator: ", ")) \(strays.count == 1 ? "is" : "are") not emoji"))
                continue
            }
            entries.append((id, name, Emoji.uniqued(emojis)))
        }
        if problems.isEmpty, entries.isEmpty {
            problems.append(Problem(line: 1, message: "no palettes left; a store keeps at least one"))
        }
        guard problems.isEmpty else { return .failure(PaletteTextError(problems: problems)) }
        var nextID = (entries.compactMap(\.id).max() ?? 0) + 1
        let palettes = entries.map { entry -> Palette in
            if let id = entry.id { return Palette(name: entry.name, emojis: entry.emojis, id: id) }
            defer { nextID += 1 }
            return Palette(name: entry.name, emojis: entry.emojis, id: nextID)
        }
        do {
            return .success(try PaletteList(palettes))
        } catch {
            return .failure(PaletteTextError(problems: [Problem(line: 1, message: error.message)]))
        }
    }
}

/// The problems found in a palette text.
public struct PaletteTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Each problem with its line.
    public let problems: [PaletteText.Problem]

    /// The problems, one per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

extension StringProtocol {
    /// The string without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        guard let start = firstIndex(where: { !characters.contains($0) }),
              let end = lastIndex(where: { !characters.contains($0) }) else { return "" }
        return String(self[start...end])
    }
}
