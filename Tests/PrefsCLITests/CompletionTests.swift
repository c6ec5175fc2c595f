import Foundation
import TestSupport
import Testing

/// The shell completions `prefs --generate-completion-script` prints: bash's run in a real bash
/// with `COMP_WORDS` and `COMP_CWORD` set as bash sets them on Tab, against a store of domains,
/// keys and palettes; zsh's and fish's parsed by those shells, and fish's asked with
/// `complete -C`. `CompletionAsDataTests` types at all three on a terminal.
@Suite("Shell completions know the store")
struct CompletionTests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder.file("home"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("work/sub"), withIntermediateDirectories: true)
        try folder.write("", to: "work/notes.plist")
        try folder.write("", to: "work/.hidden")
        for arguments in [
            ["write", "com.example.editor", "fontSize", "-int", "12"], ["write", "com.example.editor", "theme", "dark"],
            ["write", "com.example.other", "x", "1"], ["write", "-g", "AppleLocale", "en_US"],
            ["palette", "--store", "Work", "add", "Deadlines", "--emojis", "⏰"]
        ] {
            let result = try Shell.prefs(arguments, home: home)
            #expect(result.status == 0, "\(result)")
        }
        let script = try Shell.run(Shell.prefs, ["--generate-completion-script", "bash"])
        #expect(script.status == 0, "\(script)")
        try folder.write(script.stdout, to: "prefs.bash")
    }

    /// What bash offers for the last of `words` (the word being completed, perhaps empty), run
    /// in `work/`; fails the test if bash or prefs says anything on standard error.
    func bash(_ words: [String], home: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let driver = """
            cd "$1/work" && source "$1/prefs.bash" || exit 1
            shift
            COMP_WORDS=("$@")
            COMP_CWORD=$(( $# - 1 ))
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            _prefs "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Shell.run("/bin/bash", ["-c", driver, "bash", folder.path, Shell.prefs] + words, environment: ["PREFS_HOME": home ?? self.home])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)", sourceLocation: sourceLocation)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Where a DOMAIN goes: the stored domains, the global domain among them.
    @Test func domainsWhereADomainGoes() throws {
        let all = ["NSGlobalDomain", "com.example.editor", "com.example.other", "palettes"]
        #expect(try bash(["read", ""]) == all)
        #expect(try bash(["delete", "com.example.e"]) == ["com.example.editor"])
        #expect(try bash(["describe", "com.example.o"]) == ["com.example.other"])
        #expect(try bash(["check", "com.example.editor", "p"]) == ["palettes"])
        #expect(try bash(["palette", "list", "--domain", "pal"]) == ["palettes"])
        #expect(try bash(["export", ""]) == all)
    }

    /// Where a KEY goes: the keys of the domain already typed, or of the target `-g` or `--file`
    /// names, or of the folder `--root` names.
    @Test func keysOfTheDomainAlreadyTyped() throws {
        #expect(try bash(["read", "com.example.editor", ""]) == ["fontSize", "theme"])
        #expect(try bash(["write", "com.example.editor", "t"]) == ["theme"])
        #expect(try bash(["rename", "com.example.editor", "fontSize", ""]) == [])
        #expect(try bash(["read", "-g", ""]) == ["AppleLocale"])
        #expect(try bash(["read", "--file", folder.file("home/com.example.other.plist"), ""]) == ["x"])
        #expect(try bash(["describe", "com.example.editor", "f"]) == ["fontSize"])
        #expect(try bash(["read", "--root", home, "com.example.other", ""], home: folder.file("nowhere")) == ["x"])
        #expect(try bash(["read", "--root", home, ""], home: folder.file("nowhere")).contains("com.example.other"))
        #expect(try bash(["read", "'com.example.editor'", "fo"]) == ["fontSize"])
    }

    /// Where `write`'s value goes, the type flags `defaults write` takes, once a `-` is typed.
    @Test func typeFlagsWhereAValueGoes() throws {
        #expect(try bash(["write", "com.example.editor", "theme", "-a"]) == ["-array", "-array-add"])
        #expect(try bash(["write", "-g", "AppleLocale", "-in"]) == ["-int", "-integer"])
        #expect(try bash(["write", "com.example.editor", "theme", "da"]) == [])
    }

    /// The palette stores of the domain, and the palettes of the store already typed.
    @Test func paletteStoresAndPaletteNames() throws {
        #expect(try bash(["palette", "list", "--store", ""]) == ["Work"])
        #expect(try bash(["palette", "--store", "Work", "show", "--name", "Dead"]) == ["Deadlines"])
        #expect(try bash(["palette", "show", "--store", "Work", "--name", "Fa"]) == ["Faces"])
    }

    /// Where a file goes, files and folders (a folder with its `/`); hidden ones only when asked
    /// for.
    @Test func filesWhereAFileGoes() throws {
        #expect(try bash(["export", "com.example.editor", ""]) == ["notes.plist", "sub/"])
        #expect(try bash(["import", "-g", "no"]) == ["notes.plist"])
        #expect(try bash(["import", "com.example.editor", "."]) == [".hidden"])
        #expect(try bash(["convert", "n"]) == ["notes.plist"])
        #expect(try bash(["validate", "--manifest", "s"]) == ["sub/"])
        #expect(try bash(["read", "--file", "n"]) == ["notes.plist"])
        #expect(try bash(["domains", "--root", ""]) == ["sub/"])
    }

    /// A store that does not read, a missing folder or domain, a bad PREFS_HOME: nothing is
    /// offered and nothing is printed (`bash` fails the test on any standard error).
    @Test func failuresOfferNothingAndPrintNothing() throws {
        try folder.write("not a plist", to: "home/com.example.broken.plist")
        #expect(try bash(["read", "com.example.broken", ""]) == [])
        #expect(try bash(["read", "com.example.missing", ""]) == [])
        #expect(try bash(["read", "../escape", ""]) == [])
        #expect(try bash(["read", ""], home: folder.file("nowhere")) == ["NSGlobalDomain"])
        #expect(try bash(["read", "--file", folder.file("none.plist"), ""]) == [])
        #expect(try bash(["palette", "show", "--store", "Nothing", "--domain", "com.example.broken", "--name", ""]) == [])
        let stale = try Shell.run(Shell.prefs, ["---completion", "nosuch", "--", "positional@0", "1", "0", "prefs", ""], environment: ["PREFS_HOME": home])
        #expect(stale.stderr.isEmpty, "\(stale)")
    }

    /// Every option that takes a value is known to the completions, which must skip its value
    /// to tell which argument is being completed: after any of them (but `--root` and `--file`,
    /// which change the target), `read`'s first argument is still a domain.
    @Test func everyOptionThatTakesAValueIsSkipped() throws {
        let dump = try Shell.run(Shell.prefs, ["--experimental-dump-help"])
        let names = try optionNames(JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)))
        #expect(names.count > 10)
        for name in names.subtracting(["--root", "--file"]).sorted() {
            let offered = try bash(["read", name, "value", "com.example.e"])
            #expect(offered == ["com.example.editor"], "after \(name) VALUE")
        }
    }

    /// A name the shell would expand is offered quoted for the word it completes: with
    /// `printf %q`, or for the quote the word leaves open (`CompletionAsDataTests` runs the
    /// completed lines).
    @Test func namesAreOfferedQuotedForTheWordTyped() throws {
        for name in ["$(touch PWNED)", "`touch PWNED`", "a b*", "it's \"x\"", "back\\slash"] {
            let result = try Shell.prefs(["write", "com.example.hostile", name, "1"], home: home)
            #expect(result.status == 0, "\(result)")
        }
        #expect(try bash(["read", "com.example.hostile", "$"]) == [#"\$\(touch\ PWNED\)"#])
        #expect(try bash(["read", "com.example.hostile", "'`"]) == ["`touch PWNED`"])
        #expect(try bash(["read", "com.example.hostile", "\"`"]) == [#"\`touch PWNED\`"#])
        #expect(try bash(["read", "com.example.hostile", "a"]) == [#"a\ b\*"#])
        #expect(try bash(["read", "com.example.hostile", "'it"]) == [#"it'\''s "x""#])
        #expect(try bash(["read", "com.example.hostile", "\"it"]) == [#"it's \"x\"""#])
        #expect(try bash(["read", "com.example.hostile", "back\\\\"]) == [#"back\\slash"#])
        #expect(!FileManager.default.fileExists(atPath: folder.file("work/PWNED")))
    }

    /// A name that starts with `-` would be read as an option where Tab inserts it (a key `-g`
    /// acts on the global domain, `--file=PATH` on another file, a file `--root=x` in the
    /// current folder on another store), so it is offered only after a `--` that ends the
    /// options, in every shell.
    @Test func namesStartingWithADashAreOfferedOnlyAfterDoubleDash() throws {
        for key in ["-g", "--file=/tmp/victim.plist", "safe"] {
            let result = try Shell.prefs(["write", "com.example.dash", "--", key, "1"], home: home)
            #expect(result.status == 0, "\(result)")
        }
        try folder.write("", to: "work/--root=elsewhere")
        #expect(try bash(["delete", "com.example.dash", ""]) == ["safe"])
        // A typed `-` completes the command's options (`-g` among them), never the keys.
        #expect(try !bash(["delete", "com.example.dash", "-"]).contains("--file=/tmp/victim.plist"))
        #expect(try bash(["delete", "com.example.dash", "--", ""]) == ["--file=/tmp/victim.plist", "-g", "safe"])
        #expect(try bash(["delete", "com.example.dash", "--", "-"]) == ["--file=/tmp/victim.plist", "-g"])
        #expect(try bash(["import", "com.example.dash", ""]) == ["notes.plist", "sub/"])
        #expect(try bash(["import", "com.example.dash", "--", "--r"]) == ["--root=elsewhere"])
        for shell in ["zsh", "fish"] {
            let before = try Shell.run(
                Shell.prefs, ["---completion", "delete", "--", "positional@0", "3", "0", "prefs", "delete", "com.example.dash", ""],
                environment: ["PREFS_HOME": home, "SAP_SHELL": shell])
            #expect(before.stdout.split(separator: "\n").filter { $0.hasPrefix("-") }.isEmpty, "\(shell): \(before)")
            let after = try Shell.run(
                Shell.prefs, ["---completion", "delete", "--", "positional@0", "4", "0", "prefs", "delete", "com.example.dash", "--", ""],
                environment: ["PREFS_HOME": home, "SAP_SHELL": shell])
            #expect(after.stdout.contains("-g\n") && after.stdout.contains("--file=/tmp/victim.plist\n"), "\(shell): \(after)")
        }
    }

    /// A name no line carries whole is not offered: a line feed would make two candidates, a
    /// carriage return or an escape sequence would reach the terminal in the list.
    @Test func namesWithControlCharactersAreNotOffered() throws {
        for name in ["ok", "line\nfeed", "carriage\rreturn", "tab\tbed", "delete\u{7F}d", "next\u{85}line"] {
            let result = try Shell.prefs(["write", "com.example.hostile", name, "1"], home: home)
            #expect(result.status == 0, "\(result)")
        }
        #expect(try bash(["read", "com.example.hostile", ""]) == ["ok"])
        let offered = try Shell.run(
            Shell.prefs, ["---completion", "read", "--", "positional@0", "3", "0", "prefs", "read", "com.example.hostile", ""],
            environment: ["PREFS_HOME": home, "SAP_SHELL": "fish"])
        #expect(offered.stdout == "ok\n", "\(offered)")
    }

    /// fish completes without a terminal too (`complete -C`, as an editor or a test asks it):
    /// fish 3 refuses `commandline -C` there, which left swift-argument-parser's script
    /// offering nothing. Its candidates come literally.
    @Test(.enabled(if: InteractiveShell.runs("fish"), "fish is not installed (.ci/run installs it)"))
    func fishCompletesWithoutATerminal() throws {
        #expect(try Shell.prefs(["write", "com.example.hostile", "1$(touch PWNED)", "1"], home: home).status == 0)
        let path = try #require(InteractiveShell.path("fish"), "fish is not installed: .ci/run installs it")
        let script = try Shell.run(Shell.prefs, ["--generate-completion-script", "fish"])
        try folder.write(script.stdout, to: "prefs.fish")
        let bin = URL(fileURLWithPath: Shell.prefs).deletingLastPathComponent().path
        for (line, offered) in [
            ("prefs read com.example.e", "com.example.editor"), ("prefs read com.example.editor f", "fontSize"),
            ("prefs read com.example.hostile 1", "1$(touch PWNED)")
        ] {
            let result = try Shell.run(
                path, ["--no-config", "--private", "-c", "source \(folder.file("prefs.fish")); complete -C '\(line)'"],
                environment: ["PREFS_HOME": home, "PATH": bin + ":/usr/bin:/bin", "HOME": home, "XDG_DATA_HOME": home], workingIn: folder.file("work"))
            #expect(result.status == 0 && result.stderr.isEmpty && result.stdout == offered + "\n", "\(line): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("work/PWNED")))
    }

    /// Every way of asking for a script gets prefs' helpers in it (the shell named after the
    /// option, after `=`, or taken from `$SHELL`), and a shell prefs does not know is refused.
    @Test func everyRequestForAScriptGetsPrefsHelpers() throws {
        let helpers = ["bash": "__prefs_unquoted()", "zsh": "compadd --", "fish": "commandline -ct"]
        for (arguments, shell) in [
            (["--generate-completion-script", "bash"], "bash"), (["--generate-completion-script=zsh"], "zsh"),
            (["read", "--generate-completion-script", "fish"], "fish"), (["--generate-completion-script"], "zsh")
        ] {
            let result = try Shell.run(Shell.prefs, arguments, environment: ["SHELL": "/usr/bin/zsh"])
            #expect(result.status == 0 && result.stdout.contains(helpers[shell] ?? "?"), "\(arguments)")
        }
        let unknown = try Shell.run(Shell.prefs, ["--generate-completion-script", "csh"])
        #expect(unknown.status != 0 && unknown.stdout.isEmpty && unknown.stderr.contains("'csh'"), "\(unknown)")
    }

    /// The zsh and fish scripts parse (`zsh -n`, `fish -n`). Without the shell the test is
    /// skipped, saying so, but under CI (`CI=true`, where .ci/run installs both) it fails.
    @Test(.enabled(if: InteractiveShell.runs("zsh"), "zsh is not installed (.ci/run installs it)"))
    func zshScriptParses() throws { try scriptParses(shell: "zsh") }

    @Test(.enabled(if: InteractiveShell.runs("fish"), "fish is not installed (.ci/run installs it)"))
    func fishScriptParses() throws { try scriptParses(shell: "fish") }

    /// Checks that `shell` parses prefs' script for it.
    func scriptParses(shell: String) throws {
        let script = try Shell.run(Shell.prefs, ["--generate-completion-script", shell])
        #expect(script.status == 0 && !script.stdout.isEmpty)
        try folder.write(script.stdout, to: "prefs." + shell)
        let path = try #require(InteractiveShell.path(shell), "\(shell) is not installed: .ci/run installs it")
        let parsed = try Shell.run(path, ["-n", folder.file("prefs." + shell)])
        #expect(parsed.status == 0 && parsed.stderr.isEmpty, "\(parsed)")
    }
}

/// The names (every spelling) of the options in `prefs --experimental-dump-help`'s JSON.
private func optionNames(_ json: Any) -> Set<String> {
    var names: Set<String> = []
    func walk(_ command: [String: Any]) {
        for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
            for name in argument["names"] as? [[String: Any]] ?? [] {
                guard let kind = name["kind"] as? String, let text = name["name"] as? String else { continue }
                names.insert((kind == "long" ? "--" : "-") + text)
            }
        }
        for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub) }
    }
    if let root = (json as? [String: Any])?["command"] as? [String: Any] { walk(root) }
    return names
}
