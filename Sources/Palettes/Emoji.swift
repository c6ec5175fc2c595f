/// What counts as an emoji in a palette, and the grapheme-cluster operations on emoji strings.
///
/// An emoji is one grapheme cluster (a `Character`: 👨‍👩‍👧, 🏳️‍🌈, 👍🏽 and 🐻‍❄️ are one each)
/// whose first scalar has the Unicode `Emoji` property and either is not ASCII or is followed by
/// a keycap or emoji presentation selector: so 🚗, ☀️, 🏎 and 1️⃣ are emojis, while letters,
/// digits, `#`, spaces and punctuation are not. A skin-tone modifier or a regional indicator on
/// its own is not an emoji either: next to another emoji it would join that emoji's cluster
/// (👍 + 🏽 is 👍🏽, 🇫 + 🇷 is 🇫🇷) and change it.
public enum Emoji {
    /// Whether `character` is an emoji.
    public static func isEmoji(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first, first.properties.isEmoji else { return false }
        if character.unicodeScalars.count == 1,
           first.properties.isEmojiModifier || (0x1F1E6...0x1F1FF).contains(first.value) {
            return false
        }
        if !first.isASCII { return true }
        return character.unicodeScalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 }
    }

    /// The characters of `text` that are not emojis, in order, each once.
    public static func nonEmojis(in text: String) -> [Character] {
        var seen = Set<Character>()
        return text.filter { !isEmoji($0) && seen.insert($0).inserted }.map { $0 }
    }

    /// `text` with every character after its first occurrence removed.
    public static func uniqued(_ text: String) -> String {
        var seen = Set<Character>()
        return String(text.filter { seen.insert($0).inserted })
    }
}
