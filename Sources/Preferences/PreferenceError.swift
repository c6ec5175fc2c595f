import PropertyLists
import SystemPackage

/// An error from the preferences store, with a message that names the domain, key or file and
/// says what to do.
///
/// Where `UserDefaults` stays silent (a corrupt file read as empty, a failed write reported as
/// success), `PreferenceStore` throws one of these.
public struct PreferenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; `prefs` maps each to its exit status.
    public enum Code: Hashable, Sendable {
        /// The domain, key or file does not exist.
        case notFound
        /// A domain name, key path or value was refused before anything was touched.
        case invalidArgument
        /// A stored value is not of the type asked for, or does not decode.
        case typeMismatch
        /// A domain file does not read as a property list with a dictionary at its root. It was
        /// left exactly as it was.
        case unreadable
        /// A folder or domain file is not safe to trust: another user owns it (root excepted) or
        /// group or others may write it. It was left exactly as it was.
        case untrusted
        /// A write failed; the previous file is intact.
        case writeFailed
        /// Another process held the domain's lock for longer than the timeout.
        case lockTimeout
        /// A system limit stopped the command before it changed anything: too many open files,
        /// or no memory.
        case systemLimit
        /// A value breaks a rule of the domain's installed manifest (``Manifest``); nothing was
        /// written.
        case manifestViolation
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong, naming the file, key or argument.
    public let message: String
    /// For ``Code/unreadable``, the reader's problems with file and line.
    public let diagnostics: [PropertyListDiagnostic]
    /// The system's error behind a failed system call, as swift-nio's `FileSystemError` keeps
    /// its cause: `ENOENT` tells a missing file from one that is there but will not open.
    public let cause: Errno?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What went wrong, naming the file, key or argument.
    ///   - diagnostics: For ``Code/unreadable``, the reader's problems with file and line.
    ///   - cause: The system's error, when a system call failed.
    public init(_ code: Code, _ message: String, diagnostics: [PropertyListDiagnostic] = [], cause: Errno? = nil) {
        self.code = code
        self.message = message
        self.diagnostics = diagnostics
        self.cause = cause
    }

    /// The message, preceded by the reader's `file:line: error:` lines when there are any.
    public var description: String {
        (diagnostics.map(\.description) + [message]).joined(separator: "\n")
    }
}
