import Foundation
import TestSupport
import Testing

/// `--report json` and `--report sarif` print one complete document on every exit of every
/// checking command, so a CI step that uploads it `if: always()` never finds an empty file: a
/// usage error, a manifest that cannot be used, nothing to check, a run stopped half way. The
/// exit status stays the one the error calls for; a SARIF log says the run did not finish
/// (`executionSuccessful` false, the error a tool execution notification) and keeps the results
/// found; the JSON array ends with a record for the error.
@Suite("Reports on every exit")
struct ReportOnEveryExitTests {
    let folder = TemporaryFolder()
    let checker: SARIFChecker

    init() throws {
        checker = SARIFChecker(folder: folder)
        for path in ["home", "manifests", "empty", "repo"] {
            try FileManager.default.createDirectory(atPath: folder.file(path), withIntermediateDirectories: true)
        }
        try folder.write("<plist><dict/></plist>", to: "good.plist")
        try folder.write(
            "<plist>\n<dict>\n<key>pfm_subkeys</key>\n<array><dict><key>pfm_name</key><string>k</string><key>pfm_type</key><string>colour</string></dict></array>\n</dict>\n</plist>",
            to: "bad-manifest.plist")
        try folder.write(
            "<plist><dict><key>pfm_domain</key><string>com.example.editor</string><key>pfm_subkeys</key><array><dict>"
                + "<key>pfm_name</key><string>fontSize</string><key>pfm_type</key><string>integer</string>"
                + "<key>pfm_range_max</key><integer>400</integer></dict></array></dict></plist>",
            to: "manifests/com.example.editor.plist")
    }

    /// Runs prefs in the test's folder, with its store and manifests.
    private func prefs(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        try Shell.prefs(
            arguments, home: folder.file("home"), environment: ["PREFS_MANIFESTS": folder.file("manifests")].merging(environment) { $1 },
            workingIn: folder.path)
    }

    /// The command lines that stop before the run finishes, `REPORT` standing for the option,
    /// with the status each exits with and the id the report gives the error.
    static let stoppedRuns: [(arguments: [String], status: Int32, id: String)] = [
        (["validate", "REPORT", "--bogus", "good.plist"], 2, "usage"),
        (["validate", "REPORT", "--strict", "good.plist"], 2, "usage"),
        (["validate", "REPORT", "good.plist", "--manifest"], 2, "usage"),
        (["validate", "REPORT", "--include", "", "repo"], 2, "usage"),
        (["validate", "REPORT", "good.plist", ""], 2, "usage"),
        (["check-manifest", "REPORT", ""], 2, "usage"),
        (["validate", "REPORT", "--manifest", "nothing.plist", "good.plist"], 1, "not-found"),
        (["validate", "REPORT", "--manifest", "bad-manifest.plist", "good.plist"], 3, "unreadable"),
        (["validate", "REPORT", "empty"], 7, "nothing-checked"),
        (["check-manifest", "REPORT", "empty"], 7, "nothing-checked"),
        (["check-manifest", "REPORT", "-"], 2, "usage"),
        (["check", "REPORT", "--root", ""], 2, "usage"),
        (["check", "REPORT"], 7, "nothing-checked"),
        (["check", "REPORT", "com.example.none"], 1, "not-found"),
        (["check", "--root", "empty", "REPORT", "--", "-x"], 2, "usage"),
        (["valdate", "REPORT", "good.plist"], 2, "usage"),
        (["-currentHost", "validate", "REPORT", "good.plist"], 2, "usage")
    ]

    /// Each stopped run prints a SARIF log the schema and code scanning take, that says the run
    /// did not finish and why, with the exit status it has without `--report`; both spellings
    /// of the option are read before the command line is parsed.
    @Test(arguments: stoppedRuns, ["--report sarif", "--report=sarif"])
    func aStoppedRunPrintsACompleteSARIFLog(run: (arguments: [String], status: Int32, id: String), spelling: String) throws {
        let plain = try prefs(run.arguments.filter { $0 != "REPORT" })
        let result = try prefs(run.arguments.flatMap { $0 == "REPORT" ? spelling.split(separator: " ").map(String.init) : [$0] })
        #expect(result.status == run.status && plain.status == run.status, "\(result)")
        #expect(result.stderr == plain.stderr, "the error is reported on stderr as without --report")
        guard let errors = try checker.errors(result.stdout) else {
            Issue.record(Comment(rawValue: SARIFChecker.missing))
            return
        }
        #expect(errors == "", "\(errors)\n\(result.stdout)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        let sarifRun = try #require((log["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((sarifRun["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        #expect(invocation["exitCode"] as? Int == Int(run.status))
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(!notifications.isEmpty)
        for notification in notifications {
            #expect((notification["descriptor"] as? [String: Any])?["id"] as? String == run.id)
            #expect(notification["level"] as? String == "error")
            let text = try #require((notification["message"] as? [String: Any])?["text"] as? String)
            #expect(!text.isEmpty && plain.stderr.contains(text), "each notification says what stderr says: \(text)")
        }
        let descriptors = ((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])?["notifications"] as? [[String: Any]]
        #expect(descriptors?.map { $0["id"] as? String } == [run.id])
    }

    /// Each stopped run prints a JSON array that ends with a record for the error, its `rule`
    /// the error's id, in the form of the problems' records.
    @Test(arguments: stoppedRuns)
    func aStoppedRunPrintsACompleteJSONArray(run: (arguments: [String], status: Int32, id: String)) throws {
        let result = try prefs(run.arguments.flatMap { $0 == "REPORT" ? ["--report", "json"] : [$0] })
        #expect(result.status == run.status, "\(result)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
        let last = try #require(records.last)
        #expect(last["rule"] as? String == run.id && last["severity"] as? String == "error", "\(result)")
        #expect(Set(last.keys) == ["file", "line", "column", "severity", "message", "rule"])
        #expect(last["file"] is NSNull, "the error's message names no single file")
        let message = try #require(last["message"] as? String)
        #expect(result.stderr.contains(message), "\(result)")
    }

    /// Every command whose help offers `--report`, a future one included, prints its document
    /// on a usage error: the option is read before parsing for each of them.
    @Test func everyCommandTakingReportPrintsItOnAUsageError() throws {
        let help = try prefs(["--help"])
        let commands = help.stdout.split(separator: "\n").drop { !$0.hasPrefix("SUBCOMMANDS:") }.compactMap { line in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }
        var taking: [String] = []
        for command in commands where try prefs([command, "--help"]).stdout.contains("--report <format>") {
            taking.append(command)
            let result = try prefs([command, "--report", "sarif", "--bogus"])
            #expect(result.status == 2, "\(command): \(result)")
            #expect(result.stdout.contains("\"executionSuccessful\": false"), "\(command): \(result)")
            #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "\(command): \(result)")
        }
        #expect(Set(taking).isSuperset(of: ["validate", "check", "check-manifest"]), "the commands found: \(commands)")
    }

    /// A manifest that cannot be used is named in the SARIF notifications and JSON records with
    /// its file and line, as `check-manifest` would place its problems.
    @Test func aMalformedManifestIsLocated() throws {
        let sarif = try prefs(["validate", "--report", "sarif", "--manifest", "bad-manifest.plist", "good.plist"])
        #expect(sarif.status == 3, "\(sarif)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any], "\(sarif)")
        let invocation = try #require(((log["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        let first = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        let location = try #require((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "bad-manifest.plist")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 4)
        let json = try prefs(["validate", "--report", "json", "--manifest", "bad-manifest.plist", "good.plist"])
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        #expect(records.first?["file"] as? String == "bad-manifest.plist" && records.first?["line"] as? Int == 4, "\(json)")
        #expect((records.first?["message"] as? String)?.hasPrefix(#"key "k": pfm_type "colour" is not a type prefs knows"#) == true, "\(json)")
    }

    /// A run stopped half way keeps what it found before: `check` of a domain that breaks its
    /// manifest, then of one that has none.
    @Test func aRunStoppedHalfWayKeepsItsResults() throws {
        try folder.write("<plist><dict><key>fontSize</key><integer>900</integer></dict></plist>", to: "home/com.example.editor.plist")
        let result = try prefs(["check", "--report", "sarif", "com.example.editor", "com.example.none"])
        #expect(result.status == 1, "\(result)")
        guard let errors = try checker.errors(result.stdout) else {
            Issue.record(Comment(rawValue: SARIFChecker.missing))
            return
        }
        #expect(errors == "", "\(errors)\n\(result.stdout)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["manifest-violation"])
        #expect((run["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == false)
        let json = try prefs(["check", "--report", "json", "com.example.editor", "com.example.none"])
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        #expect(records.map { $0["rule"] as? String } == ["manifest-violation", "not-found"])
    }

    /// An argument that is not UTF-8 is refused before anything is parsed (exit 2), with the
    /// report asked for.
    @Test func anArgumentNotUTF8PrintsTheReport() throws {
        let script = try Shell.sh(#""$PREFS" validate --report sarif "$(printf 'x\377.plist')""#, home: folder.file("home"))
        #expect(script.status == 2, "\(script)")
        guard let errors = try checker.errors(script.stdout) else {
            Issue.record(Comment(rawValue: SARIFChecker.missing))
            return
        }
        #expect(errors == "", "\(errors)\n\(script.stdout)")
        #expect(script.stdout.contains("\"executionSuccessful\": false"))
    }

    /// A walked file whose name is not UTF-8 has a URI that percent-encodes its own bytes.
    @Test func aNameNotUTF8IsItsOwnBytesInTheURI() throws {
        let path = Array(folder.file("repo/bad").utf8) + [0xFF] + Array(".plist".utf8) + [0]
        let descriptor = path.withUnsafeBytes { open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o600) }
        #expect(descriptor >= 0)
        close(descriptor)
        let result = try prefs(["validate", "--report", "sarif", "repo"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stdout.contains("\"uri\": \"repo/bad%FF.plist\""), "\(result)")
        #expect(!result.stdout.contains("%5CxFF"), "the URI names the byte, not prefs' escape of it")
        let errors = try checker.errors(result.stdout)
        #expect(errors == "" || errors == nil, "\(errors ?? "")")
    }

    /// The text and GitHub reports have no document: a usage error prints nothing on stdout,
    /// under GitHub Actions (where the default report is `github`) too.
    @Test(arguments: [[:], ["GITHUB_ACTIONS": "true"]])
    func textAndGitHubReportsPrintNoDocument(environment: [String: String]) throws {
        let result = try prefs(["validate", "--bogus", "good.plist"], environment: environment)
        #expect(result.status == 2 && result.stdout == "", "\(result)")
    }

    /// A command that takes no `--report` prints no document for it: its usage error is only
    /// an error.
    @Test func aCommandWithoutReportPrintsNoDocument() throws {
        let result = try prefs(["read", "--report", "sarif", "com.example.editor"])
        #expect(result.status == 2 && result.stdout == "", "\(result)")
    }
}
