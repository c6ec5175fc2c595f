import Preferences
import PropertyLists

/// A failure the CLI reports on stderr as `Error: message` with a documented exit status.
struct CLIError: Error, CustomStringConvertible {
    /// The exit status the failure maps to.
    let status: ExitStatus
    /// What went wrong, naming the file, key or argument.
    let message: String
    /// `file:line: error: message` lines printed before the message.
    let diagnostics: [String]

    init(_ status: ExitStatus, _ message: String, diagnostics: [String] = []) {
        self.status = status
        self.message = message
        self.diagnostics = diagnostics
    }

    var description: String { message }

    /// The CLI form of an error thrown by the libraries.
    init(_ error: any PreferenceErrorConvertible) {
        self.init(error.exitStatus, error.message, diagnostics: error.diagnosticLines)
    }
}

/// A library error the CLI reports with an exit status of its own.
protocol PreferenceErrorConvertible: Error, CustomStringConvertible {
    /// The exit status the error maps to.
    var exitStatus: ExitStatus { get }
    /// The summary printed after `Error: `.
    var message: String { get }
    /// Located problems printed before it.
    var diagnosticLines: [String] { get }
}

extension PreferenceError: PreferenceErrorConvertible {
    var exitStatus: ExitStatus { ExitStatus(code) }
    var diagnosticLines: [String] { diagnostics.map(\.description) }
}

extension PropertyListError: PreferenceErrorConvertible {
    var exitStatus: ExitStatus { ExitStatus(code) }
    var message: String {
        diagnostics.count == 1 ? diagnostics[0].description : "\(diagnostics[0].file ?? "the input") is not a valid property list"
    }
    var diagnosticLines: [String] { diagnostics.count == 1 ? [] : diagnostics.map(\.description) }
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
        case .invalidArgument: self = .usage
        case .unreadable, .typeMismatch, .untrusted: self = .unreadable
        case .writeFailed: self = .writeFailed
        case .lockTimeout: self = .lockTimeout
        case .systemLimit: self = .systemLimit
        }
    }
}
