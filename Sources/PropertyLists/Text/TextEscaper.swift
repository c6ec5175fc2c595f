/// How prefs writes text from a file, a name or an argument where a person, a terminal or a
/// line-based reader sees it: every control character escaped, so that the text can neither
/// break a line in two, nor move the cursor, recolour or retitle a terminal.
///
/// The escapes are those of `printf '%b'` (and of C and Swift): `\t`, `\n` and `\r`; `\xHH`
/// for the other C0 characters and DEL; `\uHHHH` for the C1 characters (U+0080 through
/// U+009F, NEL among them) and the Unicode line and paragraph separators (U+2028, U+2029),
/// which some readers take for line breaks. Every message, report line and listing of prefs
/// escapes so, through one of the three escapers below; `watch` and `palette list` print
/// their fields this way, and `printf '%b' "$field"` turns a field back into its text.
package struct TextEscaper: Sendable {
    /// Whether `\` is written `\\`, which makes the escaping reversible.
    private let escapesBackslash: Bool
    /// Whether line feeds and tabs pass as they are (text of several lines).
    private let keepsLineFeedsAndTabs: Bool

    /// For a field of data (a name, key or value) inside a line: every control character and
    /// the backslash escaped, so the field decodes back to exactly its text.
    package static let field = TextEscaper(escapesBackslash: true, keepsLineFeedsAndTabs: false)

    /// For a whole line of prefs' own words (a message), whose quoted names are fields already:
    /// every control character escaped, so the message stays one line; backslashes are kept,
    /// as they are the quoted fields' escapes.
    package static let line = TextEscaper(escapesBackslash: false, keepsLineFeedsAndTabs: false)

    /// For text of several lines: every control character but the line feed and the tab
    /// escaped, backslashes kept. The last guard of everything prefs prints.
    package static let lines = TextEscaper(escapesBackslash: false, keepsLineFeedsAndTabs: true)

    /// `text` escaped.
    ///
    /// - Complexity: O(*n*) in the length of `text`; `text` itself when nothing needs escaping.
    package func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { append(scalar, to: &result) }
        return String(result)
    }

    /// `bytes` as text, escaped: the runs of valid UTF-8 as ``escaped(_:)`` writes them, and each
    /// byte that is not part of one written `\xHH` (80 through FF), which `printf '%b'` turns back
    /// into the byte. For names the system gives as bytes (file names), which need not be UTF-8.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    package func escaped(bytes: some Collection<UInt8>) -> String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            var prefix = rest.prefix(4)
            while !prefix.isEmpty, String(validating: prefix, as: UTF8.self) == nil { prefix = prefix.dropLast() }
            if let decoded = String(validating: prefix, as: UTF8.self), !prefix.isEmpty {
                text += escaped(decoded)
                rest = rest[prefix.endIndex...]
            } else {
                text += "\\x" + String(rest.first!, radix: 16, uppercase: true)
                rest = rest.dropFirst()
            }
        }
        return text
    }

    /// Appends `scalar` to `output`, escaped when it needs to be.
    package func append(_ scalar: Unicode.Scalar, to output: inout String.UnicodeScalarView) {
        guard needsEscaping(scalar) else {
            output.append(scalar)
            return
        }
        output.append(contentsOf: Self.escape(of: scalar).unicodeScalars)
    }

    /// Whether `scalar` is written as an escape.
    package func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\\": escapesBackslash
        case "\n", "\t": !keepsLineFeedsAndTabs
        default: Self.isControl(scalar)
        }
    }

    /// Whether `scalar` is a character that is not shown but acts: C0, DEL, C1, or a Unicode
    /// line or paragraph separator.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The escape of `scalar`, which is a control character or `\`.
    private static func escape(of scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": return "\\\\"
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\r": return "\\r"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return scalar.value < 0x80 ? "\\x" + hex.leftPadded(2) : "\\u" + hex.leftPadded(4)
        }
    }
}
