/// Keeps what prefs prints from being read as a command by GitHub Actions' runner or a terminal.
///
/// The runner reads standard output and standard error, splits them into lines at LF and CR,
/// trims each line's leading white space, and runs a line that then starts with `::` and any
/// `##[` anywhere in a line as a workflow command (`::add-mask::`, `::stop-commands::`,
/// `##[set-output …]`). The guard sees every character in order, across writes, and writes as
/// an escape of the text's own syntax (``Syntax``):
/// - every control character but the line feed and the tab (so a CR splits no line and an ESC
///   reaches no terminal), as ``TextEscaper/lines`` writes it in text;
/// - the first character of a line, after white space, when it is `:`;
/// - a `[` after `##`.
///
/// So no line it passes starts a workflow command or holds one. The annotations prefs means
/// (`--report github`) go through ``annotation(_:)``, the only way a line may start with `::`.
///
/// The CLI's `Output` holds one guard per stream; the guard lives here, beside ``TextEscaper``,
/// so that the tests and a fuzz target check it for any input.
package struct WorkflowCommandGuard: Sendable {
    /// The syntax of printed text, which decides how a character is escaped: each escape reads
    /// back as the character in that syntax, so a JSON or XML document keeps its values.
    package enum Syntax: Sendable {
        /// Text for people and line readers: `\x3A`, `\x5B`, and ``TextEscaper``'s escapes.
        case text
        /// JSON: `\u003A`, valid only inside strings, where the characters it escapes can be
        /// (JSON text outside strings never starts a line with `:` nor holds `#`).
        case json
        /// An XML document: `&#x3A;`, valid in character data, likewise the only place they can be.
        case xml
    }

    /// Whether nothing but white space has been printed since the last line break.
    private var atLineStart = true
    /// Whether nothing at all has been printed since the last line break.
    private var atLineBreak = true
    /// How many `#` end what has been printed, up to 2.
    private var hashes = 0

    /// A guard at the start of a stream.
    package init() {}

    /// `text` as it may be printed after what the guard has seen.
    ///
    /// - Complexity: O(*n*) in the length of `text`; text that needs no escape (nearly all
    ///   that prefs prints) is returned as it is after one pass over its bytes.
    package mutating func guarded(_ text: String, as syntax: Syntax) -> String {
        let start = self
        var bytes = text
        if bytes.withUTF8({ passesUnchanged($0) }) { return text }
        self = start
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            atLineBreak = scalar == "\n"
            if scalar == "\n" {
                output.append(scalar)
                atLineStart = true
                hashes = 0
            } else if TextEscaper.lines.needsEscaping(scalar) || atLineStart && scalar == ":" || hashes == 2 && scalar == "[" {
                output.append(contentsOf: Self.escape(scalar, as: syntax).unicodeScalars)
                atLineStart = false
                hashes = 0
            } else {
                output.append(scalar)
                see(scalar)
            }
        }
        return String(output)
    }

    /// The line of an annotation prefs means, `command` (`::error …::MESSAGE`) and a line feed:
    /// its leading `::` as it is, the rest guarded (a line break in it would start a new,
    /// guarded line); after a line feed when a line was begun, so that the runner reads it.
    package mutating func annotation(_ command: String) -> String {
        guard command.hasPrefix("::") else { return guarded(command + "\n", as: .text) }
        let start = atLineBreak ? "::" : "\n::"
        atLineStart = false
        atLineBreak = false
        hashes = 0
        return start + guarded(String(command.dropFirst(2)) + "\n", as: .text)
    }

    /// Notes `bytes`, printed as they are (data the user asked for), so that what follows is
    /// guarded as the line it continues.
    ///
    /// - Complexity: O(*n*) in the length of the last line of `bytes`.
    package mutating func passed(_ bytes: [UInt8]) {
        // Only the last line, which what follows continues, matters.
        let lastLine = bytes.lastIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }.map { $0 + 1 }
        if lastLine != nil {
            atLineStart = true
            atLineBreak = true
            hashes = 0
        }
        for scalar in String(decoding: bytes[(lastLine ?? 0)...], as: UTF8.self).unicodeScalars {
            atLineBreak = false
            see(scalar)
        }
    }

    /// Sees the bytes of `text` as ``guarded(_:as:)`` sees its characters, and tells whether
    /// none of them needs an escape. Every byte outside ASCII answers `false`, and leaves the
    /// decision to the pass over characters, which knows C1 controls, U+2028 and U+2029, and
    /// white space beyond ASCII.
    private mutating func passesUnchanged(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text {
            atLineBreak = byte == UInt8(ascii: "\n")
            switch byte {
            case UInt8(ascii: "\n"):
                atLineStart = true
                hashes = 0
            case UInt8(ascii: "\t"), UInt8(ascii: " "):
                hashes = 0
            case 0..<0x20, 0x7F...:
                return false
            case UInt8(ascii: ":") where atLineStart, UInt8(ascii: "[") where hashes == 2:
                return false
            default:
                atLineStart = false
                hashes = byte == UInt8(ascii: "#") ? min(hashes + 1, 2) : 0
            }
        }
        return true
    }

    private mutating func see(_ scalar: Unicode.Scalar) {
        if atLineStart, !scalar.properties.isWhitespace { atLineStart = false }
        hashes = scalar == "#" ? min(hashes + 1, 2) : 0
    }

    private static func escape(_ scalar: Unicode.Scalar, as syntax: Syntax) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        switch syntax {
        case .text: return scalar == ":" || scalar == "[" ? "\\x" + hex : TextEscaper.lines.escaped(String(scalar))
        case .json: return "\\u" + hex.leftPadded(4)
        case .xml: return "&#x" + hex + ";"
        }
    }
}
