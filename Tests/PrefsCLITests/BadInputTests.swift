import Foundation
import TestSupport
import Testing

/// Bad values, names and arguments: exit 2 with a message naming them, and nothing written.
@Suite("Bad input")
struct BadInputTests {
    /// A malformed typed value is refused and the domain is untouched.
    @Test(
        arguments: [
            (["-int", "abc"], "-int \"abc\""), (["-int", "18446744073709551616"], "-int"), (["-float", "1.2.3"], "-float"),
            (["-bool", "maybe"], "-bool \"maybe\""), (["-data", "abc"], "-data \"abc\""), (["-data", "zz"], "-data"),
            (["-date", "2023-02-29"], "-date"), (["-date", "yesterday"], "-date"), (["--json", "{"], "--json"),
            (["--json", "null"], "null"), (["<integer>x</integer>"], "integer"), (["-int"], "-int needs a value"),
            (["-dict", "k"], "no value"), (["a", "b"], "unexpected argument"), ([], "missing value")
        ])
    func malformedValueIsRefused(words: [String], fragment: String) throws {
        let folder = TemporaryFolder()
        #expect(try Shell.prefs(["write", "d", "keep", "1"], home: folder.path).status == 0)
        let before = folder.bytes("d.plist")
        let result = try Shell.prefs(["write", "d", "k"] + words, home: folder.path)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(folder.bytes("d.plist") == before)
    }

    /// Hostile domain names are refused and nothing is created. (A name that holds `/` is a
    /// path, as `defaults` reads one: PathDomainCLITests.)
    @Test(
        arguments: [
            "a\\b", ".", "..", "", ".hidden", "a..b", "bad\nname", String(repeating: "x", count: 201)
        ])
    func hostileDomainNameIsRefused(name: String) throws {
        let outer = TemporaryFolder()
        let result = try Shell.prefs(["write", name, "k", "v"], home: outer.file("root"))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("invalid domain name"), "\(result.stderr)")
        #expect(outer.names().isEmpty, "created \(outer.names())")
    }

    /// A name of exactly 200 bytes is accepted and maps to <root>/<name>.plist.
    @Test func longestNameIsAccepted() throws {
        let folder = TemporaryFolder()
        let name = String(repeating: "n", count: 200)
        #expect(try Shell.prefs(["write", name, "k", "v"], home: folder.path).status == 0)
        #expect(folder.names() == [name + ".plist"])
    }

    /// An argument that is not UTF-8 is refused, not stored as U+FFFD.
    @Test func invalidUTF8ArgumentIsRefused() throws {
        let folder = TemporaryFolder()
        let result = try Shell.sh("exec \"$PREFS\" write d \"$(printf 'k\\377')\" v", home: folder.path)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("argument 3 is not valid UTF-8"), "\(result.stderr)")
        #expect(folder.names().isEmpty)
    }

    /// Unknown commands and options are usage errors with exit 2.
    @Test func usageErrors() throws {
        let folder = TemporaryFolder()
        for arguments in [["frobnicate"], ["read", "--no-such-option"], ["read", "d", "--json", "--xml"], ["validate"]] {
            let result = try Shell.prefs(arguments, home: folder.path)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(!result.stderr.isEmpty)
        }
    }

    /// --help lists the exit statuses and exits 0.
    @Test func helpListsExitStatuses() throws {
        let result = try Shell.prefs(["--help"], home: TemporaryFolder().path)
        #expect(result.status == 0)
        #expect(result.stdout.contains("EXIT STATUS") && result.stdout.contains("5  timed out"))
    }

    /// The precomputed --help is what the argument parser prints, at 80 columns and at others.
    @Test(
        arguments: [
            [:], ["COLUMNS": "80"], ["COLUMNS": "120"], ["COLUMNS": "50"]
        ])
    func precomputedHelpMatchesTheParser(environment: [String: String]) throws {
        let home = TemporaryFolder().path
        let parser = try Shell.prefs(["help"], home: home, environment: environment)
        #expect(parser.status == 0 && parser.stdout.contains("SUBCOMMANDS"))
        for flag in ["--help", "-h"] {
            let fast = try Shell.prefs([flag], home: home, environment: environment)
            #expect(fast.status == 0)
            #expect(fast.stdout == parser.stdout, "\(flag) differs from `prefs help`: update CLI/Support/RootHelp.swift")
        }
    }
}
