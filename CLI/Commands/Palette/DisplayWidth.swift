/// How many terminal columns text takes, the way terminals following `wcwidth` lay it out, so
/// `prefs palette list` can pad names into a column.
///
/// Swift's standard library has no East Asian Width property, so the wide ranges are those of
/// Unicode's `EastAsianWidth.txt` (W and F) in the blocks that hold them; emojis come from the
/// `Emoji_Presentation` property and U+FE0F.
enum DisplayWidth {
    /// The columns `text` takes: 2 for each wide character or emoji, 0 for a character that is
    /// only marks or format controls, 1 otherwise.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    private static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") && first.properties.isEmoji && !first.isASCII {
            return 2
        }
        if wide.contains(where: { $0.contains(first.value) }) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD
    ]
}
