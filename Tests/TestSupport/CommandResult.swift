/// What a finished process did: its exit status (or the signal that killed it) and its output.
public struct CommandResult: Sendable, CustomStringConvertible {
    /// The exit status, or 128 + the signal number when a signal ended the process.
    public let status: Int32
    /// Standard output as text.
    public let stdout: String
    /// Standard error as text.
    public let stderr: String

    /// A summary for failed expectations.
    public var description: String { "status \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}
