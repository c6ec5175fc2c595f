import Foundation
import TestSupport
import Testing

/// A domain, a key or a file whose name the shell would expand (`$(…)`, `` `…` ``, `$((…))`,
/// `${…}`, a glob, quotes, a backslash, a space, a `:`) is offered by Tab as the name it is,
/// and the completed line passes that name: nothing runs. Each shell runs interactively on a
/// pseudo-terminal (python3's `pty`), loads `prefs --generate-completion-script` as a user
/// would, and is typed at: a line, Tab, then the line is run under `offered`, a function that
/// prints its last argument.
@Suite("Completion offers names as data, never runs them")
struct CompletionAsDataTests {
    /// The names: each starts with its own digit, so that typing the digit and Tab completes
    /// it alone.
    /// Those with `!` are history references interactive bash would expand, even inside `"`.
    static let names = [
        "1$(touch PWNED)", "2`touch PWNED`", "3$((6*7))", "4${HOME}", "5a b", "6*", "7it's \"quoted\"", "8back\\slash", "9c:d", "A!!", "B!-1x",
        "C\"!\""
    ]

    let folder = TemporaryFolder()
    var work: String { folder.file("work") }

    /// A store with domain `com.t` holding every name as a key and a domain of each name
    /// (but `8back\slash`: a domain name has no backslash), `work/` holding a file of each
    /// name, the home folder a file `0$(touch PWNED)`, and domain `com.dash` the one key `-g`.
    init() throws {
        for path in ["home", "store", "work", "zsh", "data"] {
            try FileManager.default.createDirectory(atPath: folder.file(path), withIntermediateDirectories: true)
        }
        try folder.write("", to: "home/0$(touch PWNED)")
        #expect(try Shell.prefs(["write", "com.dash", "--", "-g", "1"], home: folder.file("store")).status == 0)
        for name in Self.names {
            try folder.write("", to: "work/" + name)
            #expect(try Shell.prefs(["write", "com.t", name, "1"], home: folder.file("store")).status == 0)
            if !name.contains("\\") {
                #expect(try Shell.prefs(["write", name, "k", "1"], home: folder.file("store")).status == 0)
            }
        }
    }

    @Test(.enabled(if: InteractiveShell.runs("bash"), "bash is not installed"))
    func bash() throws { try check(InteractiveShell(name: "bash")) }

    @Test(.enabled(if: InteractiveShell.runs("zsh"), "zsh is not installed (.ci/run installs it)"))
    func zsh() throws { try check(InteractiveShell(name: "zsh")) }

    @Test(.enabled(if: InteractiveShell.runs("fish"), "fish is not installed (.ci/run installs it)"))
    func fish() throws { try check(InteractiveShell(name: "fish")) }

    /// Types, in `shell`, a line completing each name as a key, a domain, a file (from prefs'
    /// list, and for `--file` from the shell's own in zsh), and the key again inside an open
    /// `'` and `"`, and a file under `~/`; each completed line must pass the name itself, and
    /// no `PWNED` file may appear.
    func check(_ shell: InteractiveShell) throws {
        var lines: [(typed: String, name: String)] = []
        for name in Self.names {
            let tag = String(name.prefix(1))
            lines.append(("prefs read com.t " + tag, name))
            if !name.contains("\\") { lines.append(("prefs read " + tag, name)) }
            lines.append(("prefs import com.t " + tag, name))
            lines.append(("prefs read --file " + tag, name))
            lines.append(("prefs read com.t '" + tag, name))
            lines.append(("prefs read com.t \"" + tag, name))
        }
        // A path in the home folder keeps its ~/, which the shell expands.
        lines.append(("prefs import com.t ~/0", folder.file("home/0$(touch PWNED)")))
        // A key starting with `-` would be read as an option (`-g`, the global domain): Tab
        // inserts it only after `--`.
        lines.append(("prefs read com.dash ", "com.dash"))
        lines.append(("prefs read com.dash -- ", "-g"))
        let screen = try shell.type(lines.map(\.typed), in: folder)
        let offered = screen.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            guard line.hasPrefix("offered<"), line.hasSuffix(">") else { return nil }
            return String(line.dropFirst("offered<".count).dropLast())
        }
        #expect(offered == lines.map(\.name), "typed \(lines.map(\.typed)); the terminal showed:\n\(screen)")
        for place in ["work", "home", "store"] {
            #expect(!FileManager.default.fileExists(atPath: folder.file(place + "/PWNED")), "\(shell.name) ran a name: \(place)/PWNED exists")
        }
    }
}

/// bash, zsh or fish run interactively on a pseudo-terminal with prefs' completion script
/// loaded, `prefs` on the `PATH`, and a function `offered` that prints its last argument as
/// `offered<ARGUMENT>`.
struct InteractiveShell {
    let name: String

    /// The installed shell's path, if it is installed.
    static func path(_ name: String) -> String? {
        ["/usr/bin/" + name, "/bin/" + name].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether a test that needs `name` runs: the shell is installed, or this is CI (`CI=true`),
    /// where a missing shell fails the test instead of skipping it.
    static func runs(_ name: String) -> Bool {
        path(name) != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// Types each of `lines`, Tab, then Control-A and `offered ` before it, and Return, then
    /// `exit`; returns what the terminal showed. The keys are sent at once: the shell reads
    /// them in order, completing before it reads on.
    func type(_ lines: [String], in folder: TemporaryFolder) throws -> String {
        let path = try #require(Self.path(name), "\(name) is not installed: .ci/run installs bash, zsh and fish")
        let script = try Shell.run(Shell.prefs, ["--generate-completion-script", name])
        #expect(script.status == 0, "\(script)")
        let command: [String]
        switch name {
        case "zsh":
            try folder.write(script.stdout, to: "zsh/_prefs")
            try folder.write(
                """
                PS1='%% '
                bindkey -e
                fpath=(\(folder.file("zsh")) $fpath)
                autoload -Uz compinit && compinit -u -D
                offered() { printf 'offered<%s>\\n' "${@[-1]}"; }
                """, to: "zsh/.zshrc")
            command = [path, "-i"]
        case "fish":
            try folder.write(script.stdout, to: "prefs.fish")
            command = [path, "--no-config", "--private", "-C", "source \(folder.file("prefs.fish")); function offered; printf 'offered<%s>\\n' $argv[-1]; end"]
        default:
            try folder.write(script.stdout + "\nPS1='$ '\noffered() { printf 'offered<%s>\\n' \"${@: -1}\"; }\n", to: "prefs.bash")
            command = [path, "--noprofile", "--rcfile", folder.file("prefs.bash"), "-i"]
        }
        let keys = lines.map { $0 + "\t\u{01}offered \r" }.joined() + "exit\r"
        let result = try Shell.run(
            "/usr/bin/python3", ["-c", Self.terminal] + command,
            environment: [
                "PATH": URL(fileURLWithPath: Shell.prefs).deletingLastPathComponent().path + ":/usr/bin:/bin", "TERM": "dumb",
                "HOME": folder.file("home"), "PREFS_HOME": folder.file("store"), "ZDOTDIR": folder.file("zsh"),
                "XDG_CONFIG_HOME": folder.file("home"), "XDG_DATA_HOME": folder.file("data")
            ], input: keys, workingIn: folder.file("work"))
        #expect(result.status == 0 && !result.stdout.contains("(no exit within five minutes)"), "\(result)")
        return result.stdout.replacingOccurrences(of: "\r", with: "")
    }

    /// Runs the command in its arguments on a pseudo-terminal, types standard input at it,
    /// and prints what the terminal shows until the command exits (killed after five minutes).
    static let terminal = """
        import os, pty, select, sys, time
        keys = sys.stdin.buffer.read()
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(sys.argv[1], sys.argv[1:])
        os.write(fd, keys)
        shown, deadline = b'', time.monotonic() + 300
        while True:
            if time.monotonic() > deadline:
                os.kill(pid, 9)
                shown += b'\\n(no exit within five minutes)\\n'
                break
            ready, _, _ = select.select([fd], [], [], 1)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        os.waitpid(pid, 0)
        sys.stdout.buffer.write(shown)
        """
}
