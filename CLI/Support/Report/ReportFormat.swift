import ArgumentParser
import Glibc

/// `--report`: how `validate`, `check` and `check-manifest` print the problems they find.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    /// `FILE:LINE:COLUMN: error: MESSAGE` on standard error, as compilers and linters print.
    case text
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::MESSAGE`) on standard
    /// output, which GitHub shows as annotations on the lines of the pull request.
    case github
    /// A JSON array on standard output, one object per problem: `file`, `line`, `column`,
    /// `severity`, `message` and `rule`.
    case json
    /// A SARIF 2.1.0 log on standard output, for GitHub code scanning and other SARIF viewers.
    case sarif

    /// The format `given` names, else `github` when the environment says the command runs in
    /// a GitHub Actions job (`GITHUB_ACTIONS=true`, as yamllint reads it), else `text`.
    static func resolved(_ given: ReportFormat?) -> ReportFormat {
        if let given { return given }
        guard let value = getenv("GITHUB_ACTIONS"), String(cString: value) == "true" else { return .text }
        return .github
    }

    /// The help of the option, shared by the commands that take it.
    static let help = ArgumentHelp(
        "How to print problems: text, github, json or sarif (default: github when GITHUB_ACTIONS=true, else text).",
        valueName: "format")
}
