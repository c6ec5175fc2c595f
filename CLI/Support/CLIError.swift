import Glibc
import Preferences
import PropertyLists

/// A failure the CLI reports on stderr as `Error: message` with a documented exit status.
struct CLIError: Error, CustomStringConvertible {
    /// The exit status the failure maps to.
    let status: ExitStatus
    /// What went wrong, naming the file, key or argument.
    let message: String
    /// Located problems, printed as `file:line: error: message` lines before the message; a
    /// JSON or SARIF report carries them with their file and line.
    let diagnostics: [PropertyListDiagnostic]

    init(_ status: ExitStatus, _ message: String, diagnostics: [PropertyListDiagnostic] = []) {
        self.status = status
        self.message = message
        self.diagnostics = diagnostics
    }

    var description: String { message }

    /// A failure whose problems were already printed, one per line: only its status is left.
    static func silent(_ status: ExitStatus) -> CLIError { CLIError(status, "") }

    /// The CLI form of an error thrown by the libraries.
    init(_ error: any ExitStatusConvertible) {
        self.init(error.exitStatus, error.message, diagnostics: error.reportedDiagnostics)
    }

    /// Prints the diagnostics, then `Error: message` unless the message is empty, to standard
    /// error, each on one line (``Output/error(_:)``): a name a message holds cannot break it.
    func report() {
        for diagnostic in diagnostics { Output.error(diagnostic.description) }
        if !message.isEmpty { Output.error("Error: " + message) }
    }
}

/// An error of the libraries the CLI reports as it is, with the exit status its code maps to.
protocol ExitStatusConvertible: Error, CustomStringConvertible {
    /// The exit status the error maps to.
    var exitStatus: ExitStatus { get }
    /// The summary printed after `Error: `.
    var message: String { get }
    /// Located problems printed before it.
    var reportedDiagnostics: [PropertyListDiagnostic] { get }
}

extension PreferenceError: ExitStatusConvertible {
    var exitStatus: ExitStatus { ExitStatus(code) }
    var reportedDiagnostics: [PropertyListDiagnostic] { diagnostics }
}

/// A single problem prints once: as its `FILE:LINE: error: MESSAGE` line when it names a file,
/// else as `Error: MESSAGE`; several print one line each, then a summary.
extension PropertyListError: ExitStatusConvertible {
    var exitStatus: ExitStatus {
        // A file that is there but does not open or read as one (a directory, no permission,
        // standard input that is a directory) exits 3, as a domain file does; only a missing
        // one is "not found".
        guard code == .io, let cause else { return ExitStatus(code) }
        return cause == .noSuchFileOrDirectory ? .notFound : .unreadable
    }
    var message: String {
        if diagnostics.count > 1 { return "\(diagnostics[0].file ?? "the input") is not a valid property list" }
        return diagnostics[0].file == nil ? diagnostics[0].message : ""
    }
    var reportedDiagnostics: [PropertyListDiagnostic] { diagnostics.count == 1 && diagnostics[0].file == nil ? [] : diagnostics }
}

extension ExitStatus {
    init(_ code: PropertyListError.Code) {
        switch code {
        case .io: self = .notFound
        case .systemLimit: self = .systemLimit
        case .unrepresentable: self = .usage
        case .malformed, .invalid, .forbidden, .unsupportedFormat, .tooLarge: self = .unreadable
        }
    }

    init(_ code: PreferenceError.Code) {
        switch code {
        case .notFound: self = .notFound
        case .invalidArgument, .manifestViolation: self = .usage
        case .unreadable, .typeMismatch, .untrusted: self = .unreadable
        case .writeFailed: self = .writeFailed
        case .lockTimeout: self = .lockTimeout
        case .systemLimit: self = .systemLimit
        }
    }
}

extension PropertyListError {
    /// This error with `file` named in each problem that names no file, such as a writer's
    /// problem with a value read from `file`.
    func naming(_ file: String) -> PropertyListError {
        var named = self
        for index in named.diagnostics.indices where named.diagnostics[index].file == nil {
            named.diagnostics[index].file = file
        }
        return named
    }
}
