/// A named set of emojis, as the EmojiArt app keeps them.
///
/// Stored as a JSON object with the keys `emojis`, `id` and `name`, plus any fields other tools
/// keep there (``otherFields``), which prefs carries along unchanged.
public struct Palette: Identifiable, Codable, Hashable, Sendable {
    /// The palette's name, for example "Vehicles".
    public var name: String
    /// The emojis, each a whole grapheme cluster, none twice.
    public var emojis: String
    /// An identifier unique within the palette's store.
    public let id: Int
    /// Fields of the stored JSON object other than `emojis`, `id` and `name` (another app's
    /// `"color"` or `"createdAt"`), by key: each value's JSON text exactly as it was read, so
    /// it is written back byte for byte. Not part of the `Codable` form.
    public var otherFields: [String: String] = [:]

    private enum CodingKeys: String, CodingKey {
        case name, emojis, id
    }

    /// Creates a palette.
    ///
    /// - Parameters:
    ///   - name: The palette's name.
    ///   - emojis: Its emojis; not checked here (``PaletteList`` checks what it stores).
    ///   - id: An identifier unique within its store.
    ///   - otherFields: Other JSON fields by key, each value as JSON text (see ``otherFields``).
    public init(name: String, emojis: String, id: Int, otherFields: [String: String] = [:]) {
        self.name = name
        self.emojis = emojis
        self.id = id
        self.otherFields = otherFields
    }

    /// This palette with another id and everything else kept.
    func withID(_ newID: Int) -> Palette {
        Palette(name: name, emojis: emojis, id: newID, otherFields: otherFields)
    }
}
