import Preferences
import PropertyLists

extension WriteRequest {
    /// Refuses, before anything is written, a key or string that holds a control character XML
    /// 1.0 cannot hold (every C0 character but tab, line feed and carriage return), for a domain
    /// of the store, whose files are XML.
    ///
    /// `defaults` reads `\033` in an untyped value or `-dict` key as ESC (U+001B), the separator
    /// of NSUserKeyEquivalents menu paths, and a Mac stores it, its domain files being binary
    /// property lists. prefs has no standard way to put the character in an XML file, so it
    /// refuses the write, naming the key or value and the character, whichever way the text came
    /// (escapes, `-string`, `--json`, a literal). A lone file (`--file`) is left to its format:
    /// binary and JSON hold the character, and XML refuses it when written.
    ///
    /// - Parameters:
    ///   - value: The value `write` is about to store under `path`; its elements too, for
    ///     `-array-add` and `-dict-add`.
    ///   - path: Where it goes; empty for a whole domain.
    ///   - domain: How the message names the domain.
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` (exit 2) naming the first such
    ///   key or value.
    /// - Complexity: O(*n* log *n*) in the size of the value (keys are visited in order, so the
    ///   message names the same one every time).
    static func checkXMLCanHold(_ value: PropertyList, at path: [String], in domain: String) throws(PreferenceError) {
        guard let (place, scalar) = firstControlCharacter(in: value, at: path) else { return }
        let octal = String(scalar.value, radix: 8)
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let name = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        let escape = "\\" + String(repeating: "0", count: 3 - octal.count) + octal
        throw PreferenceError(
            .invalidArgument,
            "cannot write \(domain): \(place) holds \(name) (\(escape)\(scalar == "\u{1B}" ? ", ESC" : "")); macOS would store it, "
                + "as its domain files are binary property lists, but prefs' domain files are XML 1.0, which cannot hold control "
                + "characters other than tab, line feed and carriage return, so nothing was written "
                + "(escapes such as \\033 are read as defaults reads them; -string stores a value or -dict key as typed, backslashes kept)"
        )
    }

    /// ``checkXMLCanHold(_:at:in:)`` for what `write` is about to do at `path`.
    static func checkXMLCanHold(_ action: CommandLineValue.Action, at path: PropertyListKeyPath, in domain: String) throws(PreferenceError) {
        switch action {
        case .set(let value): try checkXMLCanHold(value, at: path.components, in: domain)
        case .arrayAdd(let elements): for element in elements { try checkXMLCanHold(element, at: path.components, in: domain) }
        case .dictionaryAdd(let entries): try checkXMLCanHold(.dictionary(entries), at: path.components, in: domain)
        }
    }

    /// The first key or string in `value` with a control character XML 1.0 cannot hold: how a
    /// message names it (with its text), and the character.
    private static func firstControlCharacter(in value: PropertyList, at path: [String]) -> (place: String, scalar: Unicode.Scalar)? {
        func under(_ path: [String]) -> String { path.isEmpty ? "" : " of \(PropertyListKeyPath(components: path))" }
        switch value {
        case .string(let string):
            return unholdable(in: string).map { ("the value\(under(path)), \(string.quotedForMessage(limit: 60)),", $0) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = firstControlCharacter(in: element, at: path + [String(index)]) { return found }
            }
        case .dictionary(let dictionary):
            for (key, element) in dictionary.sortedEntries {
                if let scalar = unholdable(in: key) {
                    return ("the key \(key.quotedForMessage(limit: 60))\(path.isEmpty ? "" : " in \(PropertyListKeyPath(components: path))")", scalar)
                }
                if let found = firstControlCharacter(in: element, at: path + [key]) { return found }
            }
        case .integer, .real, .bool, .date, .data:
            break
        }
        return nil
    }

    private static func unholdable(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }
    }
}
