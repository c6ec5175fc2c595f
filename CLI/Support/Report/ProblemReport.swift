import PropertyLists

/// What a checking command (`validate`, `check`, `check-manifest`) found, printed in the
/// chosen ``ReportFormat``: every problem, the files that passed, and how many were checked.
///
/// Text and GitHub problems print as they are found; JSON and SARIF are one document each
/// (``ReportDocument``), printed by ``finish(summary:)``, or with the error when the run stops
/// before. The exit status is that of the worst file: 3 when any does not read or breaks its
/// rules, 1 when the only problem is files that do not exist.
final class ProblemReport {
    let format: ReportFormat
    /// Print problems only, not the files that passed.
    let quiet: Bool
    /// How many files (or domains, or manifests) were checked, and how many of them failed.
    private(set) var checked = 0
    private(set) var failed = 0
    /// The status the failed files call for.
    private(set) var failure: ExitStatus?

    /// A report in `format`, whose JSON or SARIF document (``ReportDocument``) starts empty.
    init(format: ReportFormat, quiet: Bool) {
        self.format = format
        self.quiet = quiet
        ReportDocument.open(format)
    }

    /// Records a file that passed: `NAME: OK` on standard output in the text and GitHub
    /// formats, unless quiet, the name escaped (``TextEscaper/field``).
    func pass(_ name: String) {
        checked += 1
        if !quiet, format == .text || format == .github { Output.write(TextEscaper.field.escaped(name) + ": OK\n") }
    }

    /// Records a file that failed, with the status it calls for and its problems.
    func fail(_ status: ExitStatus, _ problems: [ReportedProblem]) {
        checked += 1
        failed += 1
        failure = status.combined(with: failure)
        for problem in problems { add(problem) }
    }

    /// Reports one problem (a warning, or an error of a file recorded by ``fail(_:_:)``).
    func add(_ problem: ReportedProblem) {
        switch format {
        case .text: Output.error(problem.text)
        case .github: Output.writeAnnotation(Self.workflowCommand(problem))
        case .json, .sarif: ReportDocument.add(problem)
        }
    }

    /// Prints the JSON or SARIF document, or `summary` (on standard error, in the text and
    /// GitHub formats), then standard output.
    ///
    /// - Throws: ``CLIError`` with the status of the worst file (without a message: the
    ///   problems are printed), or status 4 when standard output fails.
    func finish(summary: String? = nil) throws {
        if let summary, format == .text || format == .github { Output.error(summary) }
        ReportDocument.close(exitStatus: failure ?? .success)
        try Output.finish()
        if let failure { throw CLIError.silent(failure) }
    }

    /// `COUNT NOUNs checked: FAILED ADJECTIVE` (or `all VALID`), for ``finish(summary:)``.
    func summary(noun: String, failedAs adjective: String, passedAs valid: String) -> String {
        let things = checked == 1 ? "1 \(noun)" : "\(checked) \(noun)s"
        return failed == 0 ? "\(things) checked: all \(valid)" : "\(things) checked: \(failed) \(adjective)"
    }

    /// A GitHub Actions workflow command that annotates the problem's line:
    /// `::error file=F,line=L,col=C,title=prefs RULE::MESSAGE`, escaped as the runner expects:
    /// `%`, CR and LF in both, `:` and `,` in properties, as `%XX`, which the runner decodes;
    /// a tab stays in a property as it is. So the `file` property names the file exactly,
    /// unless the name holds another control character (written as ``TextEscaper`` writes
    /// it, as the runner cannot decode it) or `##[` (whose `[` the output's guard escapes).
    static func workflowCommand(_ problem: ReportedProblem) -> String {
        var properties = ["file=" + escaped(problem.file, isProperty: true)]
        if let line = problem.line { properties.append("line=\(line)") }
        if let column = problem.column { properties.append("col=\(column)") }
        properties.append("title=" + escaped("prefs \(problem.rule.rawValue)", isProperty: true))
        return "::\(problem.severity.rawValue) \(properties.joined(separator: ","))::\(escaped(problem.message, isProperty: false))"
    }

    /// `text` escaped for a workflow command, scalar by scalar: a CR LF pair is two characters
    /// to the runner, as a lone CR or LF is.
    private static func escaped(_ text: String, isProperty: Bool) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result.append(contentsOf: "%25".unicodeScalars)
            case "\r": result.append(contentsOf: "%0D".unicodeScalars)
            case "\n": result.append(contentsOf: "%0A".unicodeScalars)
            case ":" where isProperty: result.append(contentsOf: "%3A".unicodeScalars)
            case "," where isProperty: result.append(contentsOf: "%2C".unicodeScalars)
            case "\t" where isProperty: result.append(scalar)
            default: TextEscaper.line.append(scalar, to: &result)
            }
        }
        return String(result)
    }

    /// The problems as a JSON array, one object per line; a run that stopped on `failure`
    /// ends it with a record per located problem the error names, then one for its message,
    /// each with the error's ``ExitStatus/reportID`` as its `rule` (and `file` null when it
    /// names none).
    static func json(_ problems: [ReportedProblem], failure: CLIError?) -> String {
        var records = problems.map { problem in
            record(
                file: problem.file, line: problem.line, column: problem.column, severity: problem.severity.rawValue, message: problem.message,
                rule: problem.rule.rawValue)
        }
        if let failure {
            let id = failure.status.reportID
            records += failure.diagnostics.map { record(file: $0.file, line: $0.line, column: $0.column, severity: "error", message: $0.message, rule: id) }
            if !failure.message.isEmpty {
                records.append(record(file: nil, line: nil, column: nil, severity: "error", message: failure.message, rule: id))
            }
        }
        guard !records.isEmpty else { return "[]\n" }
        return "[\n" + records.joined(separator: ",\n") + "\n]\n"
    }

    private static func record(file: String?, line: Int?, column: Int?, severity: String, message: String, rule: String) -> String {
        var record = "  {\"file\": "
        if let file { JSONWriter.appendQuoted(file, to: &record) } else { record += "null" }
        record += ", \"line\": \(line.map(String.init) ?? "null"), \"column\": \(column.map(String.init) ?? "null")"
        record += ", \"severity\": \"\(severity)\", \"message\": "
        JSONWriter.appendQuoted(message, to: &record)
        return record + ", \"rule\": \"\(rule)\"}"
    }
}
