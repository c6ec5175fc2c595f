import Foundation
import TestSupport
import Testing

/// `prefs validate` as a CI job runs it: over folders, with a count, a clear outcome when there
/// is nothing to check, and reports a CI reads (GitHub annotations, JSON, SARIF).
@Suite("validate over a tree, for CI")
struct ValidateTreeTests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }

    init() throws {
        for path in ["home", "repo/Resources/Deep", "repo/.git", "repo/.build", "repo/vendor", "empty"] {
            try FileManager.default.createDirectory(atPath: folder.file(path), withIntermediateDirectories: true)
        }
        try folder.write(Self.good, to: "repo/Info.plist")
        try folder.write(Self.good, to: "repo/Resources/Settings.plist")
        try folder.write(Self.broken, to: "repo/Resources/Deep/Broken.plist")
        try folder.write(Self.broken, to: "repo/.git/ignored.plist")
        try folder.write(Self.broken, to: "repo/.build/ignored.plist")
        try folder.write(Self.broken, to: "repo/vendor/Vendored.plist")
        try folder.write("not a plist at all {", to: "repo/README.md")
        try folder.write(Self.broken, to: "repo/Resources/Profile.mobileconfig")
    }

    static let good = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<string>x</string>\n</dict>\n</plist>\n"
    /// `</strin>` on line 5, ending at column 19 (libxml2 finds the mismatch at its end).
    static let broken =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<string>x</strin>\n\t<key>b</key>\n\t<integer>x</integer>\n</dict>\n</plist>\n"

    func prefs(_ arguments: String..., environment: [String: String] = [:]) throws -> CommandResult {
        try Shell.prefs(arguments, home: home, environment: environment)
    }

    /// A folder is walked for *.plist files in name order, hidden folders skipped, and the count said.
    @Test func walksAFolderSkippingHiddenOnesAndCounts() throws {
        let repo = folder.file("repo")
        let result = try prefs("validate", repo)
        #expect(result.status == 3, "\(result)")
        #expect(result.stdout == "\(repo)/Info.plist: OK\n\(repo)/Resources/Settings.plist: OK\n")
        let broken = "\(repo)/Resources/Deep/Broken.plist"
        let vendored = "\(repo)/vendor/Vendored.plist"
        #expect(
            result.stderr == """
                \(broken):5:19: error: </strin> does not close <string>, opened on line 5
                \(vendored):5:19: error: </strin> does not close <string>, opened on line 5
                4 files checked: 2 invalid

                """)
    }

    /// --exclude skips files and folders by name or path; --include replaces *.plist.
    @Test func includeAndExcludeChooseTheFiles() throws {
        let repo = folder.file("repo")
        let excluded = try prefs("validate", "-q", "--exclude", "vendor", "--exclude", "Resources/Deep/*", repo)
        #expect(excluded.status == 0 && excluded.stdout == "", "\(excluded)")
        #expect(excluded.stderr == "2 files checked: all valid\n")
        let profiles = try prefs("validate", "-q", "--include", "*.mobileconfig", repo)
        #expect(profiles.status == 3)
        #expect(profiles.stderr.hasPrefix("\(repo)/Resources/Profile.mobileconfig:5:19: error: "), "\(profiles.stderr)")
        #expect(profiles.stderr.hasSuffix("1 file checked: 1 invalid\n"))
    }

    /// A file whose name is not UTF-8 is named with `\xNN` escapes and fails the run, instead of
    /// being looked for under a name with replacement characters; one the patterns leave out
    /// is not reported.
    @Test func aFileNameThatIsNotUTF8IsNamedAndFails() throws {
        for suffix in [".plist", ".txt"] {
            // A path a String cannot hold, made from its bytes.
            let path = Array((folder.file("repo") + "/bad").utf8) + [0xFF] + Array(suffix.utf8) + [0]
            let descriptor = path.withUnsafeBytes { open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o600) }
            #expect(descriptor >= 0)
            #expect(write(descriptor, "<plist><true/></plist>", 22) == 22)
            close(descriptor)
        }
        let result = try prefs("validate", folder.file("repo"))
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains(folder.file("repo") + #"/bad\xFF.plist: error: the name is not valid UTF-8"#), "\(result)")
        #expect(!result.stderr.contains(#"bad\xFF.txt"#), "\(result)")
        #expect(!result.stderr.contains("does not exist"), "\(result)")
    }

    /// A folder whose name is not UTF-8 cannot be walked: it fails the run by name instead of
    /// its files going unchecked with exit 0, unless an exclude pattern leaves it out.
    @Test func aFolderNameThatIsNotUTF8IsNamedAndFails() throws {
        let path = Array((folder.file("repo") + "/dir").utf8) + [0xFF, 0]
        #expect(path.withUnsafeBytes { mkdir($0.baseAddress!.assumingMemoryBound(to: CChar.self), 0o700) } == 0)
        let result = try prefs("validate", folder.file("repo"))
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains(folder.file("repo") + #"/dir\xFF: error: the folder's name is not valid UTF-8"#), "\(result)")
        let excluded = try prefs("validate", "--exclude", "dir*", "--exclude", "Deep", "--exclude", "vendor", folder.file("repo"))
        #expect(excluded.status == 0, "\(excluded)")
    }

    /// An empty glob matches nothing, so it is a usage error naming the options, for both
    /// commands that walk folders.
    @Test(arguments: [["validate", "--include", ""], ["check-manifest", "--exclude", ""]])
    func anEmptyGlobIsAUsageError(arguments: [String]) throws {
        let result = try Shell.prefs(arguments + [folder.file("repo")], home: folder.path)
        #expect(result.status == 2 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("--include and --exclude need a glob"), "\(result)")
    }

    /// No file to check is its own outcome, exit 7, not success and not a usage error.
    @Test func nothingToCheckExits7() throws {
        let empty = try prefs("validate", folder.file("empty"))
        #expect(empty.status == 7 && empty.stdout == "")
        #expect(
            empty.stderr
                == "Error: no files to check: \(folder.file("empty")) holds no file matching *.plist outside hidden folders (--include changes which files are checked)\n"
        )
        let excluded = try prefs("validate", "--exclude", "*", folder.file("repo"))
        #expect(excluded.status == 7, "\(excluded)")
        let help = try prefs("help", "validate")
        #expect(help.stdout.contains("7 when the"))
        #expect(try prefs("--help").stdout.contains("7  nothing to check"))
    }

    /// README's recipe works in a repository with plists and in one without: it exits 7, not 123.
    @Test func readmeRecipeGivesTheRightStatus() throws {
        let recipe = "cd \"$1\" && \"$PREFS\" validate --quiet ."
        let withFiles = try Shell.sh("set -- \(folder.file("repo")); \(recipe)", home: home)
        #expect(withFiles.status == 3, "\(withFiles)")
        let without = try Shell.sh("set -- \(folder.file("empty")); \(recipe)", home: home)
        #expect(without.status == 7, "\(without)")
    }

    /// --report github prints workflow commands; GITHUB_ACTIONS=true chooses it, --report overrides.
    @Test func githubAnnotations() throws {
        let broken = folder.file("repo/Resources/Deep/Broken.plist")
        let expected = "::error file=\(broken),line=5,col=19,title=prefs malformed-xml::</strin> does not close <string>, opened on line 5\n"
        let explicit = try prefs("validate", "--report", "github", broken)
        #expect(explicit.status == 3 && explicit.stdout == expected && explicit.stderr == "", "\(explicit)")
        let automatic = try prefs("validate", broken, environment: ["GITHUB_ACTIONS": "true"])
        #expect(automatic.status == 3 && automatic.stdout == expected, "\(automatic)")
        let overridden = try prefs("validate", "--report", "text", broken, environment: ["GITHUB_ACTIONS": "true"])
        #expect(overridden.stdout == "" && overridden.stderr.hasPrefix("\(broken):5:19: error: "))
        let named = folder.file("repo/a,b: c%.plist")
        try folder.write(Self.broken, to: "repo/a,b: c%.plist")
        let escaped = try prefs("validate", "--report", "github", named)
        #expect(escaped.stdout.hasPrefix("::error file=\(folder.file("repo/a%2Cb%3A c%25.plist")),line=5"), "\(escaped.stdout)")
    }

    /// --report json: one record per problem with file, line, column, severity, message and rule.
    @Test func jsonRecords() throws {
        let broken = folder.file("repo/Resources/Deep/Broken.plist")
        let result = try prefs("validate", "--report", "json", broken, folder.file("repo/Info.plist"), folder.file("missing.plist"))
        #expect(result.status == 3 && result.stderr == "", "\(result)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(records.count == 2)
        #expect(records[0]["file"] as? String == broken)
        #expect(records[0]["line"] as? Int == 5 && records[0]["column"] as? Int == 19)
        #expect(records[0]["severity"] as? String == "error" && records[0]["rule"] as? String == "malformed-xml")
        #expect(records[0]["message"] as? String == "</strin> does not close <string>, opened on line 5")
        #expect(records[1]["rule"] as? String == "missing-file" && records[1]["file"] as? String == folder.file("missing.plist"))
        let clean = try prefs("validate", "--report", "json", folder.file("repo/Info.plist"))
        #expect(clean.status == 0 && clean.stdout == "[]\n")
    }

    /// Every broken plist is named with its line and column, in every report format.
    @Test(arguments: ["text", "github", "json", "sarif"])
    func everyFormatGivesLineAndColumn(format: String) throws {
        let value = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>n</key>\n  <integer>12x</integer>\n</dict>\n</plist>\n"
        try folder.write(value, to: "value.plist")
        let result = try prefs("validate", "--report", format, folder.file("value.plist"))
        #expect(result.status == 3)
        let output = result.stdout + result.stderr
        switch format {
        case "text": #expect(output.contains("value.plist:5:12: error: <integer> holds \"12x\", which is not an integer"), "\(output)")
        case "github": #expect(output.contains("value.plist,line=5,col=12,title=prefs invalid-plist::<integer> holds"), "\(output)")
        case "json": #expect(output.contains("\"line\": 5, \"column\": 12, \"severity\": \"error\""), "\(output)")
        default: #expect(output.contains("\"startLine\": 5, \"startColumn\": 12"), "\(output)")
        }
    }

    /// --any-format takes binary, JSON and old-style files that read; without it only XML passes.
    @Test func anyFormatAcceptsOtherFormatsThatRead() throws {
        let make = try Shell.run(
            "/usr/bin/python3",
            [
                "-c", "import plistlib,sys;plistlib.dump({'a': 1}, open(sys.argv[1], 'wb'), fmt=plistlib.FMT_BINARY)",
                folder.file("Info.plist")
            ])
        try #require(make.status == 0, "\(make)")
        try folder.write("{\"a\": [1, 2]}", to: "j.plist")
        try folder.write("{ a = b; }", to: "o.plist")
        try folder.write("{ a = ", to: "bad.plist")
        let files = ["Info.plist", "j.plist", "o.plist"].map(folder.file)
        let strict = try Shell.prefs(["validate", "-q"] + files, home: home)
        #expect(strict.status == 3 && strict.stderr.split(separator: "\n").count == 3, "\(strict)")
        let any = try Shell.prefs(["validate", "--any-format"] + files, home: home)
        #expect(any.status == 0 && any.stdout == files.map { "\($0): OK\n" }.joined(), "\(any)")
        let bad = try Shell.prefs(["validate", "--any-format", folder.file("bad.plist")], home: home)
        #expect(bad.status == 3 && bad.stderr.hasPrefix(folder.file("bad.plist") + ":1"), "\(bad)")
        let stdin = try Shell.prefs(["validate", "--any-format", "-"], home: home, input: "{\"a\": 1}")
        #expect(stdin.status == 0 && stdin.stdout == "<stdin>: OK\n", "\(stdin)")
    }

    /// The plain forms still take the fast path and give what the parser gives.
    @Test func folderArgumentsTakeTheFastPathWithTheSameResult() throws {
        let repo = folder.file("repo")
        let fast = try prefs("validate", "-q", repo)
        let parsed = try prefs("validate", "-q", "--report", "text", repo)
        #expect(fast.status == parsed.status && fast.stdout == parsed.stdout && fast.stderr == parsed.stderr)
    }
}
