/// A named set of emojis, as the EmojiArt app keeps them.
///
/// Encoded as a JSON object with exactly the keys `emojis`, `id` and `name`.
public struct Palette: Identifiable, Codable, Hashable, Sendable {
    /// The palette's name, for example "Vehicles".
    public var name: String
    /// The emojis, each a whole grapheme cluster, none twice.
    public var emojis: String
    /// An identifier unique within the palette's store.
    public let id: Int

    /// Creates a palette.
    ///
    /// - Parameters:
    ///   - name: The palette's name.
    ///   - emojis: Its emojis; not checked here (``PaletteList`` checks what it stores).
    ///   - id: An identifier unique within its store.
    public init(name: String, emojis: String, id: Int) {
        self.name = name
        self.emojis = emojis
        self.id = id
    }
}
