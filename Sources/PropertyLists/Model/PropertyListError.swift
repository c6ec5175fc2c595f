import SystemPackage

/// One problem found in a property list, located by file, line and column.
public struct PropertyListDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it, or `nil` for input that came from memory.
    public var file: String?
    /// The 1-based line the problem was found on, or `nil` when no line applies.
    public var line: Int?
    /// The 1-based column (in characters) on ``line``, or `nil` when it is not known.
    public var column: Int?
    /// The kind of problem, when the reader that found it says; an error's ``PropertyListError/code``
    /// is that of its first problem.
    public var code: PropertyListError.Code?
    /// What is wrong, in words a user can act on.
    public var message: String

    /// Creates a diagnostic.
    public init(file: String?, line: Int?, column: Int? = nil, code: PropertyListError.Code? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.code = code
        self.message = message
    }

    /// `file:line:column: error: message`, the form compilers and linters print (the line and
    /// column only when known).
    public var description: String {
        var location = file ?? "<input>"
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): error: \(message)"
    }
}

/// An error reading or writing a property list.
///
/// Reading errors carry every problem the reader found, each with file and line; the
/// description lists them one per line, as `prefs validate` prints them.
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, for callers that branch on it.
    public enum Code: Hashable, Sendable {
        /// The bytes are not well-formed XML (or not text in a known encoding).
        case malformed
        /// Well-formed XML that is not a valid property list: the DTD or a value's syntax.
        case invalid
        /// The input uses XML features a property list must not: DTD subsets, entities, foreign DTDs.
        case forbidden
        /// The input is a property list in another format (binary, JSON, OpenStep).
        case unsupportedFormat
        /// The input or value is beyond a documented limit (``PropertyListLimits``).
        case tooLarge
        /// A value that XML 1.0 cannot carry, refused by the writer.
        case unrepresentable
        /// The file could not be opened or read.
        case io
        /// A system limit stopped the read: too many open files, or no memory.
        case systemLimit
    }

    /// The kind of failure.
    public var code: Code
    /// The problems, at least one, in the order they were found.
    public var diagnostics: [PropertyListDiagnostic]
    /// For ``Code/io`` and ``Code/systemLimit``, the system's error behind the failed call:
    /// `ENOENT` tells a missing file from one that is there but will not open.
    public var cause: Errno?

    /// Creates an error from its problems.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - diagnostics: The problems, at least one.
    ///   - cause: The system's error, when a system call failed.
    public init(_ code: Code, diagnostics: [PropertyListDiagnostic], cause: Errno? = nil) {
        precondition(!diagnostics.isEmpty, "a PropertyListError needs a diagnostic")
        self.code = code
        self.diagnostics = diagnostics
        self.cause = cause
    }

    /// Creates an error with one problem.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - file: The file the problem is in, when there is one.
    ///   - line: The line of the problem, when known.
    ///   - column: The column of the problem on its line, when known.
    ///   - message: What is wrong.
    ///   - cause: The system's error, when a system call failed.
    public init(_ code: Code, file: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String, cause: Errno? = nil) {
        self.init(code, diagnostics: [PropertyListDiagnostic(file: file, line: line, column: column, code: code, message: message)], cause: cause)
    }

    /// The problems, one per line, each as `file:line:column: error: message` (the column where
    /// the reader knows one).
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// The first problem's message without its location.
    public var message: String { diagnostics[0].message }
}
