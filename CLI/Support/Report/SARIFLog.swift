import PropertyLists

/// A SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format) of one run of prefs:
/// the rules of ``ProblemRule`` that were broken, and a result per problem with its file,
/// line and column, as GitHub code scanning takes it (`github/codeql-action/upload-sarif`).
///
/// The log is checked against the OASIS JSON schema (`sarif-schema-2.1.0.json`) by the tests.
struct SARIFLog {
    let problems: [ReportedProblem]

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
        output += rules.map { rule in
            var text = "\n          {\"id\": \"\(rule.rawValue)\", \"shortDescription\": {\"text\": "
            JSONWriter.appendQuoted(rule.summary, to: &text)
            return text + "}}"
        }.joined(separator: ",")
        output += rules.isEmpty ? "]\n" : "\n        ]\n"
        output += "      }\n    },\n    \"results\": ["
        output += problems.map { problem in
            result(problem, ruleIndex: rules.firstIndex(of: problem.rule) ?? 0)
        }.joined(separator: ",")
        output += problems.isEmpty ? "]\n" : "\n    ]\n"
        return output + "  }\n  ]\n}\n"
    }

    private func result(_ problem: ReportedProblem, ruleIndex: Int) -> String {
        var text = "\n      {\"ruleId\": \"\(problem.rule.rawValue)\", \"ruleIndex\": \(ruleIndex), \"level\": \"\(problem.severity.rawValue)\""
        text += ", \"message\": {\"text\": "
        JSONWriter.appendQuoted(problem.message, to: &text)
        text += "}"
        if problem.file != "<stdin>" {
            text += ", \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": "
            JSONWriter.appendQuoted(Self.uri(problem.file), to: &text)
            text += "}"
            if let line = problem.line {
                text += ", \"region\": {\"startLine\": \(line)"
                if let column = problem.column { text += ", \"startColumn\": \(column)" }
                text += "}"
            }
            text += "}}]"
        }
        return text + "}"
    }

    /// A path as a URI reference: relative paths stay relative (to the checkout, as code
    /// scanning resolves them), absolute ones become `file://` URIs; bytes outside the
    /// unreserved set and `/` are percent-encoded.
    static func uri(_ path: String) -> String {
        var encoded = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
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
