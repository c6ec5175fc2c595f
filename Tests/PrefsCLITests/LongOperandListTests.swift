import Foundation
import TestSupport
import Testing

/// `validate`, `check-manifest` and `check` take thousands of files or domains (pre-commit
/// passes a repository's), and `write` thousands of values, in time linear in them, with
/// options and `--` among them: the argument parser stored each by copying the list so far,
/// so 8,000 files took 4.5 s before the first was read, and the 30,000 here would take
/// minutes.
@Suite(.timeLimit(.minutes(1))) struct LongOperandListTests {
    let folder = TemporaryFolder()

    func prefs(_ arguments: [String], input: String = "") throws -> CommandResult {
        try Shell.prefs(arguments, home: folder.file("home"), input: input, workingIn: folder.path)
    }

    static let names = (0..<30_000).map { "missing\($0).plist" }

    /// Every name is reported missing, in the order given.
    @Test(arguments: [["validate", "--any-format", "--"], ["validate", "--report", "github", "-q"], ["check-manifest", "--"]])
    func thirtyThousandMissingFilesAreEachReportedInOrder(command: [String]) throws {
        let result = try prefs(command + Self.names)
        #expect(result.status == 1)
        let lines = (result.stdout + result.stderr).split(separator: "\n")
        #expect(lines.count == Self.names.count, "\(result.stderr.prefix(300))")
        #expect(zip(lines, Self.names).allSatisfy { line, name in line.contains("\(name):") || line.contains("\(name),") })
    }

    @Test func thirtyThousandDomainsAreCheckedFromTheFirst() throws {
        let result = try prefs(["check", "-q", "--"] + Self.names.map { "com.example.d\($0.dropLast(6))" })
        #expect(result.status == 1)
        #expect(result.stderr.contains("no manifest is installed for com.example.dmissing0 "), "\(result.stderr)")
    }

    /// `write` after an option takes the parser's path too: an array of 30,000 values is
    /// written whole, in order.
    @Test func aWriteOfThirtyThousandValuesAfterAnOption() throws {
        try folder.write("<plist><dict/></plist>", to: "w.plist")
        let values = (0..<30_000).map { "v\($0)" }
        let result = try prefs(["write", "--file", "w.plist", "k", "-array"] + values)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let written = try PropertyListSerialization.propertyList(from: Data(folder.bytes("w.plist") ?? []), format: nil)
        #expect((written as? [String: Any])?["k"] as? [String] == values)
    }

    /// Lists among options, `--` and `-` reach the command word for word, in order: options
    /// keep their values, a word after `--` is a file whatever it looks like, and what the
    /// parser refuses it still refuses.
    static let lists: [([String], Int32, [String])] = [
        (["validate", "--any-format", "a.plist", "b.plist", "--include", "*.json", "c.plist", "a.plist"], 0, ["a.plist", "b.plist", "c.plist", "a.plist"]),
        (
            ["validate", "--any-format", "a.plist", "b.plist", "-", "c.plist", "--", "-e.plist", "--", "b.plist"], 0,
            ["a.plist", "b.plist", "<stdin>", "c.plist", "-e.plist", "--", "b.plist"]
        ),
        (["validate", "--manifest", "m.plist", "a.plist", "b.plist", "c.plist"], 0, ["a.plist", "b.plist", "c.plist"]),
        (["validate", "--any-format", "--", "a.plist", "-", "b.plist", "c.plist"], 0, ["a.plist", "<stdin>", "b.plist", "c.plist"]),
        (["validate", "a.plist", "b.plist", "c.plist", "--strict"], 2, []),
        (["validate", "a.plist", "b.plist", "c.plist", "--report"], 2, []),
        (["validate", "a.plist", "b.plist", "--bogus", "c.plist"], 2, []),
        (["check-manifest", "m.plist", "m.plist", "-", "m.plist"], 2, []),
        (["check-manifest", "--", "m.plist", "m.plist", "-", "m.plist"], 2, [])
    ]

    @Test(arguments: lists)
    func listsAmongOptionsReachTheCommandInOrder(arguments: [String], status: Int32, checked: [String]) throws {
        for name in ["a.plist", "b.plist", "c.plist", "-e.plist", "--"] {
            try folder.write("<plist><dict/></plist>", to: name)
        }
        try folder.write(
            "<plist><dict><key>pfm_domain</key><string>d</string><key>pfm_subkeys</key><array/></dict></plist>", to: "m.plist")
        let result = try prefs(arguments, input: "<plist><dict/></plist>")
        #expect(result.status == status, "\(result)")
        #expect(result.stdout == checked.map { "\($0): OK\n" }.joined(), "\(result)")
    }
}
