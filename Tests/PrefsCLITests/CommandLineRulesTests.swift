import Foundation
import TestSupport
import Testing

/// The rules every verb shares: `-h`/`--help` prints help, `--` ends options, an unknown verb is
/// named as one, and `-g`/`-globalDomain` stand for the global domain where a domain goes.
@Suite("Command-line rules")
struct CommandLineRulesTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    static let verbs = [
        "read", "read-type", "write", "delete", "domains", "find", "rename", "import", "export", "validate",
        "convert", "doctor", "palette", "palette list", "palette add", "palette edit"
    ]

    /// -h and --help print the same help as prefs help VERB, exit 0 and write nothing.
    @Test(arguments: verbs)
    func helpFlagsPrintHelp(verb: String) throws {
        let words = verb.split(separator: " ").map(String.init)
        let reference = try Shell.prefs(["help"] + words, home: home)
        #expect(reference.status == 0 && reference.stdout.contains("USAGE: prefs \(verb)"), "\(reference)")
        for flag in ["-h", "--help"] {
            let result = try Shell.prefs(words + [flag], home: home)
            #expect(result.status == 0, "\(verb) \(flag): \(result)")
            #expect(result.stdout == reference.stdout, "\(verb) \(flag)")
            #expect(result.stderr.isEmpty, "\(verb) \(flag): \(result.stderr)")
        }
        #expect(folder.names().isEmpty, "\(verb) --help created \(folder.names())")
    }

    /// write takes -h and --help after DOMAIN and KEY too, and prints its help.
    @Test(
        arguments: [
            ["write", "d", "--help"], ["write", "d", "-h"], ["write", "-g", "--help"], ["write", "--root", "/nonexistent", "--help"],
            ["write", "d", "k", "--help"], ["write", "d", "--key-path", "a.b", "-h"]
        ])
    func writeHelpAfterTheDomain(arguments: [String]) throws {
        let result = try Shell.prefs(arguments, home: home)
        #expect(result.status == 0 && result.stdout.contains("USAGE: prefs write"), "\(result)")
        #expect(folder.names().isEmpty)
    }

    /// -- ends options in write: the key after it is stored as typed, type flags still work.
    @Test func doubleDashEndsWriteOptions() throws {
        #expect(try prefs("write", "t", "--", "-int", "5").status == 0)
        #expect(try prefs("read", "t", "--", "-int").stdout == "5\n")
        #expect(try prefs("read-type", "t", "--", "-int").stdout == "Type is string\n")
        #expect(try prefs("write", "t", "--", "-k", "-int", "7").status == 0)
        #expect(try prefs("read-type", "t", "--", "-k").stdout == "Type is integer\n")
        #expect(try prefs("write", "--", "t", "--key-path", "x").status == 0)
        #expect(try prefs("write", "-g", "--", "-k", "g").status == 0)
        #expect(try prefs("read", "-g", "--", "-k").stdout == "g\n")
        #expect(try prefs("read", "t", "--", "--key-path").stdout == "x\n")
        #expect(try prefs("write", "t", "plain", "--", "v").status == 0)
        #expect(try prefs("read", "t").stdout == "{\n    \"--key-path\" = x;\n    \"-int\" = 5;\n    \"-k\" = 7;\n    plain = v;\n}\n")
    }

    /// -- ends options in every other verb that takes a key or a word.
    @Test(
        arguments: [
            (["delete", "t", "--", "-k"], ""), (["rename", "t", "--", "-k", "-n"], ""), (["read-type", "t", "--", "-k"], "Type is string\n"),
            (["read", "t", "--", "-k"], "v\n"), (["find", "--", "-k"], "t: -k = v\n")
        ])
    func doubleDashEndsOptionsEverywhere(arguments: [String], output: String) throws {
        #expect(try prefs("write", "t", "--", "-k", "v").status == 0)
        let result = try Shell.prefs(arguments, home: home)
        #expect(result.status == 0, "\(arguments): \(result)")
        #expect(result.stdout == output)
    }

    /// A word that starts with - where write's DOMAIN or KEY goes is an unknown option, and nothing is written.
    @Test(
        arguments: [
            ["write", "t", "-k", "v"], ["write", "t", "-int", "5"], ["write", "t", "--bogus", "v"], ["write", "--bogus", "t", "k", "v"],
            ["write", "-g", "-k", "v"], ["write", "--file", "@", "-k", "v"]
        ])
    func optionWhereKeyGoesIsRefused(arguments: [String]) throws {
        #expect(try prefs("write", "t", "keep", "1").status == 0)
        let before = folder.bytes("t.plist")
        let names = folder.names()
        let result = try Shell.prefs(arguments.map { $0 == "@" ? folder.file("t.plist") : $0 }, home: home)
        #expect(result.status == 2, "\(arguments): \(result)")
        #expect(result.stderr.contains("unknown option \"\(arguments.last { $0.hasPrefix("-") }!)\" where"), "\(result.stderr)")
        #expect(folder.bytes("t.plist") == before)
        #expect(folder.names() == names)
    }

    /// An unknown verb is an unknown command with the nearest one suggested, exit 2.
    @Test(
        arguments: [
            (["remove", "d", "k"], #"unknown command "remove" (did you mean "delete"?)"#),
            (["rm", "d", "k"], #"(did you mean "delete"?)"#), (["raed", "d"], #"unknown command "raed" (did you mean "read"?)"#),
            (["wirte", "d", "k", "v"], #"(did you mean "write"?)"#), (["set", "d", "k", "v"], #"(did you mean "write"?)"#),
            (["help", "nosuch"], #"unknown command "nosuch";"#), (["help", "remove"], #"(did you mean "delete"?)"#),
            (["frobnicate"], #"unknown command "frobnicate"; the commands of prefs are read, read-type, write"#),
            (["palette", "nosuch"], #"unknown command "nosuch"; the commands of prefs palette are list"#),
            (["help", "palette", "lst"], #"unknown command "lst" (did you mean "list"?)"#)
        ])
    func unknownVerbIsNamed(arguments: [String], fragment: String) throws {
        let result = try Shell.prefs(arguments, home: home)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
        #expect(folder.names().isEmpty)
    }

    /// Known commands pass the unknown-command check.
    @Test(
        arguments: [
            ["help"], ["help", "help"], ["help", "palette", "list"], ["palette", "list", "--help"], ["help", "read-type"]
        ])
    func knownCommandsPass(arguments: [String]) throws {
        let result = try Shell.prefs(arguments, home: home)
        #expect(result.status == 0 && result.stdout.contains("USAGE: prefs"), "\(arguments): \(result)")
    }

    /// Every name macOS gives the global domain names it wherever a domain goes, so a Mac's
    /// setup script lands in NSGlobalDomain.plist whichever it uses.
    @Test(arguments: [".GlobalPreferences", "kCFPreferencesAnyApplication", "Apple Global Domain", "NSGlobalDomain"])
    func globalDomainNames(name: String) throws {
        #expect(try prefs("write", name, "AppleLocale", "en_GB").status == 0)
        #expect(try prefs("write", name, "AppleShowScrollBars", "-string", "Always").status == 0)
        #expect(try prefs("read", "-g", "AppleLocale").stdout == "en_GB\n")
        #expect(try prefs("read", name, "AppleShowScrollBars").stdout == "Always\n")
        #expect(try prefs("read-type", name, "AppleLocale").stdout == "Type is string\n")
        #expect(try prefs("rename", name, "AppleLocale", "Locale").status == 0)
        #expect(try prefs("delete", name, "Locale").status == 0)
        #expect(try prefs("domains").stdout == "NSGlobalDomain\n")
        #expect(try prefs("delete", name).status == 0)
        #expect(folder.bytes("NSGlobalDomain.plist") == nil)
    }

    /// -globalDomain and -g name the global domain wherever a domain goes.
    @Test(arguments: ["-g", "-globalDomain", "--global"])
    func globalDomainFlags(flag: String) throws {
        #expect(try prefs("write", flag, "AppleLocale", "en_GB").status == 0)
        #expect(try prefs("read", flag, "AppleLocale").stdout == "en_GB\n")
        #expect(try prefs("read", "NSGlobalDomain", "AppleLocale").stdout == "en_GB\n")
        #expect(try prefs("read-type", flag, "AppleLocale").stdout == "Type is string\n")
        #expect(try prefs("rename", flag, "AppleLocale", "Locale").status == 0)
        #expect(try prefs("export", flag, "-").stdout.contains("<key>Locale</key>"))
        #expect(try prefs("delete", flag, "Locale").status == 0)
        #expect(try prefs("read", flag).stdout == "{\n}\n")
    }
}
