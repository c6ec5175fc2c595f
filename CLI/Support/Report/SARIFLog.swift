import PropertyLists

/// A SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format) of one run of prefs:
/// the rules of ``ProblemRule`` that were broken, a result per problem with its file, line and
/// column, and the run's invocation, as GitHub code scanning takes it
/// (`github/codeql-action/upload-sarif`).
///
/// Every result has a location with a URI and a start line, which code scanning requires:
/// a problem with a whole file is placed on its line 1, and standard input is the relative
/// URI `%3Cstdin%3E` (`<stdin>`, the name prefs gives it everywhere). A run that could not
/// finish (a usage error, nothing to check, a manifest that cannot be used) says so the SARIF
/// way: `executionSuccessful` false and a tool execution notification with the error, its
/// descriptor id that of ``ExitStatus/reportID``; the results found until then are kept.
///
/// The log is checked against the OASIS JSON schema (`sarif-schema-2.1.0.json`) by the tests.
struct SARIFLog {
    let problems: [ReportedProblem]
    /// The status prefs exits with.
    let exitStatus: ExitStatus
    /// Why the run stopped before it finished, if it did.
    var failure: CLIError?

    /// The log as JSON text.
    var text: String {
        var rules: [ProblemRule] = []
        for problem in problems where !rules.contains(problem.rule) { rules.append(problem.rule) }
        var output = """
            {
              "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
              "version": "2.1.0",
              "runs": [
                {
                  "tool": {
                    "driver": {
                      "name": "prefs",
                      "version": "\(Prefs.configuration.version)",
                      "rules": [
            """
        output += rules.map { rule in Self.descriptor(id: rule.rawValue, summary: rule.summary) }.joined(separator: ",")
        output += rules.isEmpty ? "]" : "\n        ]"
        if let failure {
            let kind = Self.descriptor(id: failure.status.reportID, summary: failure.status.reportSummary)
            output += ",\n          \"notifications\": [" + kind + "\n          ]"
        }
        output += "\n      }\n    },\n    \"invocations\": [\n      {\"executionSuccessful\": \(failure == nil), \"exitCode\": \(exitStatus.rawValue)"
        if let failure { output += ", \"toolExecutionNotifications\": [" + Self.notifications(failure).joined(separator: ",") + "\n      ]" }
        output += "}\n    ],\n    \"results\": ["
        output += problems.map { problem in
            result(problem, ruleIndex: rules.firstIndex(of: problem.rule) ?? 0)
        }.joined(separator: ",")
        output += problems.isEmpty ? "]\n" : "\n    ]\n"
        return output + "  }\n  ]\n}\n"
    }

    /// A reporting descriptor: a rule, or the kind of a notification.
    private static func descriptor(id: String, summary: String) -> String {
        var text = "\n          {\"id\": \"\(id)\", \"shortDescription\": {\"text\": "
        JSONWriter.appendQuoted(summary, to: &text)
        return text + "}}"
    }

    /// The failure's notifications: one per located problem it names (each in its file), then
    /// its message.
    private static func notifications(_ failure: CLIError) -> [String] {
        let located = failure.diagnostics.map { ($0.message, location(file: $0.file.map { Array($0.utf8) }, line: $0.line, column: $0.column)) }
        let general = failure.message.isEmpty ? [] : [(failure.message, String?.none)]
        return (located + general).map { message, location in
            var text = "\n        {\"level\": \"error\", \"message\": {\"text\": "
            JSONWriter.appendQuoted(message, to: &text)
            text += "}, \"descriptor\": {\"id\": \"\(failure.status.reportID)\"}"
            if let location { text += ", \"locations\": [\(location)]" }
            return text + "}"
        }
    }

    private func result(_ problem: ReportedProblem, ruleIndex: Int) -> String {
        var text = "\n      {\"ruleId\": \"\(problem.rule.rawValue)\", \"ruleIndex\": \(ruleIndex), \"level\": \"\(problem.severity.rawValue)\""
        text += ", \"message\": {\"text\": "
        JSONWriter.appendQuoted(problem.message, to: &text)
        text += "}, \"locations\": [" + (Self.location(file: problem.fileBytes, line: problem.line ?? 1, column: problem.column) ?? "") + "]"
        return text + "}"
    }

    /// A location object: the file's URI and the region from `line` and `column`; `nil` when
    /// there is no file.
    private static func location(file: [UInt8]?, line: Int?, column: Int?) -> String? {
        guard let file else { return nil }
        var text = "{\"physicalLocation\": {\"artifactLocation\": {\"uri\": "
        JSONWriter.appendQuoted(uri(file), to: &text)
        text += "}"
        if let line {
            text += ", \"region\": {\"startLine\": \(line)"
            if let column { text += ", \"startColumn\": \(column)" }
            text += "}"
        }
        return text + "}}"
    }

    /// A path, given as its bytes, as a URI reference: relative paths stay relative (to the
    /// checkout, as code scanning resolves them), absolute ones become `file://` URIs; bytes
    /// outside the unreserved set and `/` are percent-encoded, so a name that is not UTF-8
    /// keeps its own bytes (`%FF`).
    static func uri(_ path: [UInt8]) -> String {
        var encoded = path.first == UInt8(ascii: "/") ? "file://" : ""
        for byte in path {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
