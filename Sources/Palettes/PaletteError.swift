/// An error from a palette store, with a message that names the palette, emoji or store.
public struct PaletteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Hashable, Sendable {
        /// No palette has the id or name asked for.
        case notFound
        /// An argument was refused: text that is not emoji, an empty name, malformed input.
        case invalidArgument
        /// The stored palettes do not decode; they were left untouched.
        case unreadable
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
