import Preferences

/// An error from a palette store, with a message that names the palette, emoji or store, and
/// for a failure of the preferences domain underneath, that failure as its ``cause``.
public struct PaletteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Hashable, Sendable {
        /// No palette has the id or name asked for.
        case notFound
        /// An argument was refused: text that is not emoji, an empty name, malformed input, a
        /// list of palettes that breaks a rule of ``PaletteList``.
        case invalidArgument
        /// The stored palettes do not decode; they were left untouched.
        case unreadable
        /// The palettes were changed by another store or process since this store last read
        /// them, so a whole new list set on ``PaletteStore/palettes`` was not written: it would
        /// have undone that change. The store now holds what is saved.
        case conflict
        /// The preferences domain that holds the palettes did not read or write: a lock timeout,
        /// a failed write, a domain file that does not read or is not safe to trust, a bad
        /// domain name. ``cause`` says which; nothing was changed.
        case preferences
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong.
    public let message: String
    /// For ``Code/preferences``, the error of the domain underneath, with its own code and
    /// diagnostics.
    public let cause: PreferenceError?

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
        self.cause = nil
    }

    /// An error of code ``Code/preferences`` with `cause`'s message.
    public init(_ cause: PreferenceError) {
        self.code = .preferences
        self.message = cause.message
        self.cause = cause
    }

    /// The message, preceded by the cause's diagnostics when there are any.
    public var description: String { cause?.description ?? message }
}
