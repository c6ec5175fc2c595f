/// What counts as an emoji in a palette, and the grapheme-cluster operations on emoji strings.
///
/// An emoji is one grapheme cluster (a `Character`) that is a whole emoji sequence in the sense of
/// Unicode Technical Standard #51 (section 1.4, "Definitions"), checked with the Unicode
/// properties of its scalars:
///
/// - a flag: exactly two regional indicators (🇫🇷);
/// - a keycap: `0`–`9`, `#` or `*`, an optional U+FE0F, then U+20E3 (1️⃣);
/// - otherwise one or more *elements* joined by single zero-width joiners (U+200D), none at
///   either end (👨‍👩‍👧, 🏳️‍🌈, 🐻‍❄️). An element is a scalar with the `Emoji` property that is not
///   ASCII, not a regional indicator and not a skin-tone modifier, followed by at most one of: a
///   variation selector (U+FE0E or U+FE0F), a skin-tone modifier when the scalar is an
///   `Emoji_Modifier_Base` (👍🏽), or a tag sequence ending in U+E007F (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
///
/// So 🚗, ☀️, ☺ and 🏎 are emojis, while letters, digits, `#`, spaces, punctuation, `1`+U+FE0F,
/// 🚗 followed by a skin tone, an emoji ending in a joiner, and a lone modifier, joiner,
/// variation selector or regional indicator are not. Because no emoji ends in a joiner or is a
/// lone modifier or regional indicator, emojis written one after another always split back into
/// the same emojis: appending to a palette never changes an emoji it holds.
///
/// Two emojis that differ only in variation selectors (☺ and ☺️, 1⃣ and 1️⃣) are the same emoji.
public enum Emoji {
    /// Whether `character` is a whole emoji.
    public static func isEmoji(_ character: Character) -> Bool {
        let scalars = Array(character.unicodeScalars)
        if scalars.count == 2, scalars.allSatisfy(isRegionalIndicator) { return true }
        if let first = scalars.first, "0123456789#*".unicodeScalars.contains(first) {
            return scalars.dropFirst() == ["\u{20E3}"] || scalars.dropFirst() == ["\u{FE0F}", "\u{20E3}"]
        }
        return scalars.split(separator: "\u{200D}", omittingEmptySubsequences: false).allSatisfy(isElement)
    }

    /// The identity of `character` as an emoji: its scalars without variation selectors.
    ///
    /// ☺ (U+263A) and ☺️ (U+263A U+FE0F) have the same identity; 👍 and 👍🏽 do not.
    public static func identity(_ character: Character) -> String {
        String(String.UnicodeScalarView(character.unicodeScalars.filter { $0 != "\u{FE0E}" && $0 != "\u{FE0F}" }))
    }

    /// The characters of `text` written as a list of emojis, white space between them dropped.
    ///
    /// `text` is split at every white-space scalar (Unicode's `White_Space` property: spaces,
    /// tabs, line breaks) and each piece into grapheme clusters, so a modifier, joiner or
    /// selector after a space stays a character of its own (and not emoji) instead of joining the
    /// space: `"💚 🧡"` is 💚 and 🧡, `"👍 🏽"` is 👍 and a lone skin tone.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func characters(in text: String) -> [Character] {
        text.unicodeScalars.split { $0.properties.isWhitespace }.flatMap { String(String.UnicodeScalarView($0)) }
    }

    /// The characters of `text` that are not emojis, in order, each once.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func nonEmojis(in text: String) -> [Character] {
        var seen = Set<Character>()
        return text.filter { !isEmoji($0) && seen.insert($0).inserted }.map { $0 }
    }

    /// `text` with every emoji after its first occurrence removed, comparing by ``identity(_:)``.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func uniqued(_ text: String) -> String {
        var seen = Set<String>()
        return String(text.filter { seen.insert(identity($0)).inserted })
    }

    /// `character` quoted for a message, followed by its code points when some of them are
    /// invisible (joiners, selectors, modifiers, marks, spaces, controls).
    public static func describe(_ character: Character) -> String {
        let invisible = character.unicodeScalars.contains {
            switch $0.properties.generalCategory {
            case .format, .control, .nonspacingMark, .enclosingMark, .spacingMark, .spaceSeparator: true
            default: $0.properties.isEmojiModifier || isRegionalIndicator($0)
            }
        }
        guard invisible else { return "\"\(character)\"" }
        let codes = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(4) }
        return "\"\(character)\" (\(codes.joined(separator: " ")))"
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// One element of a zero-width-joiner sequence: a base, then a selector, modifier or tags.
    private static func isElement(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let base = scalars.first, base.properties.isEmoji, !base.isASCII, !isRegionalIndicator(base),
            !base.properties.isEmojiModifier
        else { return false }
        let rest = scalars.dropFirst()
        guard let next = rest.first else { return true }
        if rest.count == 1 {
            return next == "\u{FE0F}" || next == "\u{FE0E}" || (next.properties.isEmojiModifier && base.properties.isEmojiModifierBase)
        }
        return rest.last == "\u{E007F}" && rest.dropLast().allSatisfy { (0xE0020...0xE007E).contains($0.value) }
    }
}
