import Preferences
import PropertyLists

/// One problem a checking command found, located in a file, in the form every report format
/// prints.
struct ReportedProblem {
    /// How much a problem matters: an error fails the command, a warning does not.
    enum Severity: String {
        case error, warning
    }

    /// The file as the user named it (`<stdin>` for standard input).
    var file: String
    /// Whether ``file`` is shown escaped already (``TextEscaper/field``): the name of a file
    /// that is not UTF-8, its other bytes written `\xNN`, as `printf '%b'` reads them back.
    var fileIsEscaped = false
    /// The 1-based line, when known.
    var line: Int?
    /// The 1-based column, when known.
    var column: Int?
    var severity: Severity
    /// What is wrong, in prefs' words.
    var message: String
    /// Which kind of problem it is, for `--report sarif` and `json`.
    var rule: ProblemRule
    /// The bytes of a file name that is not UTF-8, which `file` shows with `\xNN` escapes.
    var rawFile: [UInt8]? = nil

    /// The file's name as the bytes that name it on disk, for a SARIF URI.
    var fileBytes: [UInt8] { rawFile ?? Array(file.utf8) }

    /// `FILE:LINE:COLUMN: SEVERITY: MESSAGE`, the line and column only when known, on one line:
    /// the file escaped as a field, the message's control characters escaped (``TextEscaper``).
    /// (The text report prints it on standard error, which escapes the message too.)
    var text: String {
        var location = fileIsEscaped ? file : TextEscaper.field.escaped(file)
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(severity.rawValue): \(TextEscaper.line.escaped(message))"
    }

    /// The problems a reader found in `file`, named `name`.
    static func problems(in error: PropertyListError, file name: String) -> [ReportedProblem] {
        error.diagnostics.map { diagnostic in
            ReportedProblem(
                file: diagnostic.file ?? name, line: diagnostic.line, column: diagnostic.column, severity: .error,
                message: diagnostic.message, rule: ProblemRule(diagnostic.code ?? error.code, file: diagnostic.file ?? name))
        }
    }
}
