/// Something prefs did or found that a user should know but that is no failure: a change whose
/// durability the system could not confirm, a binary domain file written back as XML, a file
/// whose name names no domain.
///
/// The libraries never print: they hand notices to the ``NoticeHandler`` their caller gives
/// (the `prefs` command prints them on standard error). Without a handler they are dropped.
public struct PreferenceNotice: Hashable, Sendable, CustomStringConvertible {
    /// How much the notice matters.
    public enum Severity: Hashable, Sendable {
        /// Something may be wrong: a change might not survive a crash, a file was passed over.
        case warning
        /// Something was done that the caller did not ask for in so many words.
        case note
    }

    /// How much the notice matters.
    public let severity: Severity
    /// What happened, naming the file or domain.
    public let message: String

    /// Creates a notice.
    public init(_ severity: Severity, _ message: String) {
        self.severity = severity
        self.message = message
    }

    /// `Warning: message` or `note: message`, as `prefs` prints it.
    public var description: String {
        (severity == .warning ? "Warning: " : "note: ") + message
    }
}

/// Receives the ``PreferenceNotice``s of a store, file or folder; it may be called from any thread.
public typealias NoticeHandler = @Sendable (PreferenceNotice) -> Void
