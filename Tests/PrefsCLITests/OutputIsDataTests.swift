import Foundation
import TestSupport
import Testing

/// What prefs prints of a file, a name, a key, a value or an argument is data: GitHub Actions'
/// runner, reading every line of standard output and error (``WorkflowCommandReader``), finds in
/// them no command but the annotations `--report github` means, and no raw control character
/// reaches a terminal or splits a line, under every report form and every exit (issue 29).
@Suite("Output is data, never a command")
struct OutputIsDataTests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }
    var tree: String { folder.file("tree") }
    var manifests: String { folder.file("manifests") }

    /// Valid files of `tree` whose names would start or hold a command, break a line or act on
    /// a terminal.
    static let hostileValidNames = [
        "::add-mask::x.plist", "x\n::stop-commands::t.plist", "  ::warning::indented.plist", "cr\r::error::forged.plist",
        "esc\u{1B}]0;title\u{7}.plist", "a##[add-mask]b.plist", "nel\u{85}::notice::x.plist", "ls\u{2028}::add-mask::y.plist"
    ]
    /// A file of `tree` that fails, named as a command.
    static let hostileInvalidName = "::set-output name=x::y.plist"

    /// Keys and string values of the domain `com.hostile` in the store.
    static let hostileStrings = [
        "k\n::stop-commands::t", "::add-mask::secret", "x ##[add-mask]y", "esc\u{1B}[2J\u{1B}]0;pwned\u{7}", "cr\r::warning::x",
        "del\u{7F}c1\u{9B}31m", "tab\tand\\backslash"
    ]

    init() throws {
        for path in [home, tree, manifests] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        let valid = "<plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>\n"
        for name in Self.hostileValidNames { try folder.write(valid, to: "tree/" + name) }
        try folder.write("<plist version=\"1.0\"><dict><key>r</key><real>##[add-mask]x</real></dict></plist>\n", to: "tree/" + Self.hostileInvalidName)
        try folder.write(
            "<plist version=\"1.0\"><dict><key>k\n::add-mask::dup</key><string>1</string><key>k\n::add-mask::dup</key><string>2</string></dict></plist>\n",
            to: "tree/duplicate.plist")
        try folder.write("<plist version=\"1.0\"><dict><key>k</key><string>\u{1B}[2J</string></dict></plist>\n", to: "tree/esc-content.plist")
        // A binary domain (as copied from a Mac), which holds what XML cannot: each hostile
        // string as a key and as the value of that key and of `vINDEX`, written by plistlib.
        let strings = String(decoding: try JSONSerialization.data(withJSONObject: Self.hostileStrings), as: UTF8.self)
        let script = """
            import json, plistlib, sys
            values = {"n": 7}
            for index, text in enumerate(json.loads(sys.argv[2])):
                values[text] = text
                values["v%d" % index] = text
            open(sys.argv[1], "wb").write(plistlib.dumps(values, fmt=plistlib.FMT_BINARY))
            """
        let made = try Shell.run("/usr/bin/env", ["python3", "-c", script, folder.file("home/com.hostile.plist"), strings])
        #expect(made.status == 0, "\(made)")
        try folder.write(valid, to: "home/::add-mask::domain.plist")
        try folder.write(valid, to: "home/d##[add-mask]x.plist")
        // A manifest whose pfm_name holds a line break and a command, and whose type is unknown:
        // malformed, so validate --manifest and check report it before any file.
        let manifest = """
            <plist version="1.0"><dict><key>pfm_domain</key><string>com.hostile</string><key>pfm_title</key><string>t\n::add-mask::title</string>\
            <key>pfm_subkeys</key><array><dict><key>pfm_name</key><string>n\n::stop-commands::t</string>\
            <key>pfm_type</key><string>colour\n##[add-mask]x</string></dict></array></dict></plist>
            """
        try folder.write(manifest, to: "manifests/com.hostile.plist")
    }

    /// Runs prefs with the store in `home` and the manifests in `manifests`, in `folder`.
    func prefs(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        try Shell.run(
            Shell.prefs, arguments, environment: ["PREFS_HOME": home, "PREFS_MANIFESTS": manifests].merging(environment) { $1 },
            workingIn: folder.path)
    }

    /// `result` holds no command but annotations, and no raw control character but LF and tab.
    static func expectDataOnly(_ result: CommandResult, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let commands = WorkflowCommandReader.unexpectedCommands(in: text)
            #expect(commands.isEmpty, "\(arguments) \(stream) runs \(commands)\n\(result)", sourceLocation: sourceLocation)
            let raw = text.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && Self.isControl($0) }
            #expect(raw.isEmpty, "\(arguments) \(stream) holds raw \(raw.map { String($0.value, radix: 16) })\n\(result)", sourceLocation: sourceLocation)
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    static let reports = ["text", "github", "json", "sarif"]

    /// Every checking verb, under every report form, prints no command a file, a name, a value
    /// or a manifest supplies, whatever its exit.
    @Test(arguments: reports)
    func checkingVerbsPrintNoCommand(report: String) throws {
        let runs: [[String]] = [
            ["validate", "tree"], ["validate", "tree/::add-mask::x.plist", "tree/x\n::stop-commands::t.plist", "tree/" + Self.hostileInvalidName],
            ["validate", "--manifest", "manifests/com.hostile.plist", "tree"], ["check"], ["check", "com.hostile"],
            ["check-manifest", "manifests"], ["check-manifest", "manifests/com.hostile.plist"],
            ["validate", "tree/missing\n::add-mask::gone.plist"]
        ]
        for arguments in runs {
            let result = try prefs(arguments + ["--report", report])
            #expect(result.status != 0, "\(arguments): every run has a problem\n\(result)")
            Self.expectDataOnly(result, arguments + [report])
            if report == "github" {
                let annotations = WorkflowCommandReader.commands(in: result.stdout).filter { $0.name == "error" }
                #expect(!annotations.isEmpty || !result.stderr.isEmpty, "\(arguments): problems are annotated\n\(result)")
            }
        }
    }

    /// The annotations of `--report github` name each file exactly, as the runner decodes them.
    @Test func annotationsNameTheFileExactly() throws {
        let result = try prefs(["validate", "tree/" + Self.hostileInvalidName, "tree/duplicate.plist", "--report", "github"])
        #expect(result.status == 3, "\(result)")
        let files = WorkflowCommandReader.commands(in: result.stdout).filter { $0.name == "error" }.compactMap { $0.properties["file"] }
        #expect(Set(files) == ["tree/" + Self.hostileInvalidName, "tree/duplicate.plist"], "\(result)")
        Self.expectDataOnly(result, ["github"])
    }

    /// The `file` property of an annotation decodes, as the runner decodes it, to the file's
    /// name, whatever line breaks (a CR LF pair as a lone CR or LF), tabs, `%`, `:` or `,` it
    /// holds; a name with another control character, which the runner cannot decode, is
    /// written as every other name is (`\x0B`), and runs nothing.
    @Test func annotationFilePropertyDecodesToTheName() throws {
        let bad = "<plist version=\"1.0\"><dict><key>r</key><real>x</real></dict></plist>\n"
        let exact = ["cr\rx.plist", "crlf\r\nx.plist", "lf\nx.plist", "tab\tx.plist", "pct%0Ax.plist", "c:o,m.plist"]
        let escaped = ["vt\u{0B}x.plist": #"vt\x0Bx.plist"#, "ls\u{2028}x.plist": #"ls\u2028x.plist"#, "del\u{7F}x.plist": #"del\x7Fx.plist"#]
        try FileManager.default.createDirectory(atPath: folder.file("bad"), withIntermediateDirectories: true)
        for name in exact + escaped.keys { try folder.write(bad, to: "bad/" + name) }
        let result = try prefs(["validate", "--report", "github"] + (exact + escaped.keys).map { "bad/" + $0 })
        #expect(result.status == 3, "\(result)")
        let files = WorkflowCommandReader.commands(in: result.stdout).filter { $0.name == "error" }.compactMap { $0.properties["file"] }
        #expect(Set(files) == Set(exact.map { "bad/" + $0 } + escaped.values.map { "bad/" + $0 }), "\(files) from\n\(result)")
        Self.expectDataOnly(result, ["github"])
    }

    /// A `pfm_format` in a message is quoted as every value is: a line feed in it reaches the
    /// annotation's message as `\n`, never as a line break the runner decodes, in the text
    /// and GitHub reports alike.
    @Test(arguments: ["text", "github"])
    func formatInAMessageIsQuoted(report: String) throws {
        let formats = ["a\n::add-mask::re", "(\n::add-mask::re"]
        for (index, format) in formats.enumerated() {
            let manifest = """
                <plist><dict><key>pfm_domain</key><string>d</string><key>pfm_subkeys</key><array>
                <dict><key>pfm_name</key><string>k</string><key>pfm_type</key><string>string</string>\
                <key>pfm_format</key><string>\(format)</string></dict></array></dict></plist>
                """
            try folder.write(manifest, to: "format\(index).plist")
        }
        try folder.write("<plist><dict><key>k</key><string>b</string></dict></plist>", to: "value.plist")
        // A format that is not a regular expression is only warned about, by check-manifest.
        let runs = [["validate", "--manifest", "format0.plist", "value.plist"], ["check-manifest", "format1.plist"]]
        for (arguments, format) in zip(runs, formats) {
            let result = try prefs(arguments + ["--report", report])
            let quoted = #""\#(format.replacing("\n", with: #"\n"#))""#
            #expect((result.stdout + result.stderr).contains("format " + quoted), "\(result)")
            if report == "github" {
                let messages = WorkflowCommandReader.commands(in: result.stdout + "\n" + result.stderr).map(\.message)
                #expect(!messages.isEmpty && messages.allSatisfy { !$0.contains("\n") }, "\(messages) from\n\(result)")
            }
            Self.expectDataOnly(result, arguments + [report])
        }
    }

    /// `NAME: OK` lines stay one per file, and their names decode back exactly (printf '%b').
    @Test(arguments: ["text", "github"])
    func passedNamesDecodeBack(report: String) throws {
        let result = try prefs(["validate", "--report", report] + Self.hostileValidNames.map { "tree/" + $0 })
        #expect(result.status == 0, "\(result)")
        let names = result.stdout.split(separator: "\n").map { line in
            #expect(line.hasSuffix(": OK"), "\(line)")
            return Self.printfDecoded(String(line.dropLast(4)))
        }
        #expect(names == Self.hostileValidNames.map { "tree/" + $0 }, "\(result)")
        Self.expectDataOnly(result, [report])
    }

    /// The text report quotes a bad value escaped: `##[` reads back as itself, but runs nothing.
    @Test func textProblemLineQuotesTheValueEscaped() throws {
        let result = try prefs(["validate", "tree/" + Self.hostileInvalidName])
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("tree/::set-output name=x::y.plist:1:"), "\(result)")
        #expect(result.stderr.contains(###"<real> holds "##\x5Badd-mask]x", which is not a number"###), "\(result)")
        Self.expectDataOnly(result, ["validate"])
    }

    /// The other verbs print hostile keys, values, domain names and arguments as data, on
    /// success and on failure alike.
    @Test(arguments: [
        ["find", "stop"], ["find", "mask"], ["find", "##"], ["find", "esc"], ["doctor"], ["domains"],
        ["read"], ["read", "com.hostile"], ["read", "com.hostile", "--json"], ["read", "com.hostile", "--xml"],
        ["read", "com.hostile", "v0", "--json"], ["read", "com.hostile", "v1", "--xml"], ["read", "com.hostile", "n", "--show-origin"],
        ["read", "com.hostile", "missing\n::add-mask::key"], ["read", "com.x\n::add-mask::d"], ["read", "::add-mask::domain"],
        ["read-type", "com.hostile", "v3"], ["read", "--file", "tree/" + Self.hostileInvalidName],
        ["read", "--file", "tree/nope\n::add-mask::f.plist"], ["write", "--file", "tree/" + Self.hostileInvalidName, "k", "v"],
        ["write", "com.hostile", "k", "-dict", "a\u{1B}[2J"], ["write", "com.hostile", "k", "-int", "1\n::add-mask::x"],
        ["delete", "com.hostile", "nope\r::add-mask::x"], ["rename", "com.hostile", "gone\n::x::y", "new"],
        ["describe", "com.hostile"], ["convert", "tree/" + Self.hostileInvalidName], ["--bogus\n::add-mask::opt"],
        ["validate", "--report=x\n::add-mask::y", "tree"], ["validate", "--report", "x\r::add-mask::y", "tree"],
        ["read", "com.hostile", "--key-path", "a\u{1B}]0;t\u{7}.b"]
    ])
    func otherVerbsPrintNoCommand(arguments: [String]) throws {
        for environment in [[:], ["GITHUB_ACTIONS": "true"]] {
            let result = try prefs(arguments, environment: environment)
            Self.expectDataOnly(result, arguments)
        }
    }

    /// A usage error echoes an argument, or an option's value, escaped on its one line.
    @Test(arguments: [
        (["validate", "--report=x\n::add-mask::y", "tree"], #"Error: The value 'x\n::add-mask::y' is invalid for '--report <format>'"#),
        (["validate", "--report", "x\u{1B}[2J", "tree"], #"Error: The value 'x\x1B[2J' is invalid for '--report <format>'"#),
        (["read", "--bogus\r::add-mask::opt"], #"Error: Unknown option '--bogus\r::add-mask::opt'"#)
    ])
    func usageErrorsEchoArgumentsEscaped(arguments: [String], firstLine: String) throws {
        let result = try prefs(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix(firstLine), "\(result)")
        Self.expectDataOnly(result, arguments)
    }

    /// A line feed in a key or value cannot forge a `DOMAIN: KEY = VALUE` line of find.
    @Test func findPrintsOneLinePerMatch() throws {
        let result = try prefs(["find", "stop-commands"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("com.hostile: ") }, "\(result)")
        #expect(lines.contains(#"com.hostile: v0 = k\n::stop-commands::t"#), "\(result)")
    }

    /// The bare value of read is the value itself to a pipe, byte for byte, as `defaults read`
    /// prints it, so `$(prefs read d k)` keeps working.
    @Test func bareValueToAPipeIsExact() throws {
        for (index, text) in Self.hostileStrings.enumerated() {
            let result = try prefs(["read", "com.hostile", "v\(index)"])
            #expect(result.status == 0)
            #expect(result.stdout == text + "\n", "\(result)")
        }
    }

    /// `printf '%b'`'s decoding of the escapes ``TextEscaper`` writes.
    static func printfDecoded(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let escape = scalars.popFirst() else {
                output.append(scalar)
                continue
            }
            switch escape {
            case "n": output.append("\n")
            case "t": output.append("\t")
            case "r": output.append("\r")
            case "x", "u":
                let digits = scalars.prefix(escape == "x" ? 2 : 4)
                scalars = scalars.dropFirst(digits.count)
                output.append(Unicode.Scalar(UInt32(String(String.UnicodeScalarView(digits)), radix: 16)!)!)
            default: output.append(escape)
            }
        }
        return String(output)
    }
}
