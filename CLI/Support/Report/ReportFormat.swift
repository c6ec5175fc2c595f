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

    /// The commands that take `--report`.
    static let commands = ([Prefs.Validate.self, Prefs.Check.self, Prefs.CheckManifest.self] as [any ParsableCommand.Type]).compactMap {
        $0.configuration.commandName
    }

    /// The format the process's `arguments` (program first) ask a checking command for, read
    /// before they are parsed so that a usage error can still print its report: the last
    /// valid `--report FORMAT` or `--report=FORMAT` before `--`, else the default
    /// (``resolved(_:)``). `nil` when the command word names a command that takes no
    /// `--report`; a missing or mistyped one may have meant one that does.
    static func requested(in arguments: [String]) -> ReportFormat? {
        var words = arguments.dropFirst()
        // defaults' host options may lead (LeadingOptions moves them after the command word).
        if words.first == "-currentHost" {
            words = words.dropFirst()
        } else if words.first == "-host" {
            words = words.dropFirst(2)
        }
        if !commands.contains(words.first ?? "") {
            // Without the option, another command has no document to print (nor a mistyped one:
            // its default format has none), so the plain commands run in loops pay only this scan.
            guard words.contains(where: { $0 == "--report" || $0.hasPrefix("--report=") }) else { return nil }
            let known = Prefs.configuration.subcommands.compactMap { $0.configuration.commandName }
            if known.contains(words.first ?? "") { return nil }
        }
        var given: ReportFormat?
        while let word = words.popFirst(), word != "--" {
            if word == "--report", let value = words.first {
                given = ReportFormat(rawValue: value) ?? given
            } else if word.hasPrefix("--report=") {
                given = ReportFormat(rawValue: String(word.dropFirst("--report=".count))) ?? given
            }
        }
        return resolved(given)
    }

    /// The help of the option, shared by the commands that take it.
    static let help = ArgumentHelp(
        "How to print problems: text, github, json or sarif (default: github when GITHUB_ACTIONS=true, else text).",
        valueName: "format")
}
