import Foundation
import TestSupport
import Testing

/// `write`'s value syntax through the binary: composites hold scalars only, a misspelled type
/// flag is refused wherever a type flag goes, and a whole plist document is a value.
@Suite("Value syntax")
struct ValueSyntaxTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    /// Runs `write d k words…` on a domain holding `keep = 1` and expects exit 2, `fragment` on
    /// stderr and the file unchanged.
    func expectRefused(_ words: [String], _ fragment: String) throws {
        #expect(try prefs("write", "d", "keep", "1").status == 0)
        let before = folder.bytes("d.plist")
        let result = try Shell.prefs(["write", "d", "k"] + words, home: home)
        #expect(result.status == 2, "\(words): \(result)")
        #expect(result.stderr.contains(fragment), "\(words): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(folder.bytes("d.plist") == before, "\(words) changed the file")
    }

    /// Nested composites are refused, as defaults refuses them, with --json or a literal suggested.
    @Test(
        arguments: [
            (["-array", "-array", "a"], "cannot nest composite types (-array inside -array)"),
            (["-array", "a", "-dict", "k", "v"], "cannot nest composite types (-dict inside -array)"),
            (["-array-add", "-array", "a"], "cannot nest composite types (-array inside -array-add)"),
            (["-dict", "k", "-array", "a", "b"], "cannot nest composite types (-array inside -dict)"),
            (["-dict", "k", "-dict", "a", "b"], "cannot nest composite types (-dict inside -dict)"),
            (["-dict-add", "k", "-array-add", "a"], "cannot nest composite types (-array-add inside -dict-add)"),
            (["-dict", "-array", "a"], "cannot nest composite types (-array inside -dict)")
        ])
    func nestedCompositeIsRefused(words: [String], fragment: String) throws {
        try expectRefused(words, fragment)
        #expect(try prefs("write", "d", "k", "-array", "-array", "a").stderr.contains("--json"))
    }

    /// A key given twice to -dict or -dict-add is refused.
    @Test(
        arguments: [
            ["-dict", "a", "1", "a", "2"], ["-dict-add", "a", "1", "b", "2", "a", "-int", "3"]
        ])
    func repeatedDictionaryKeyIsRefused(words: [String]) throws {
        try expectRefused(words, #"the key "a" is given twice"#)
    }

    /// Nested values still go in through --json and literals.
    @Test func nestedValuesThroughJSONAndLiterals() throws {
        #expect(try prefs("write", "d", "k", "--json", #"[["a"], {"k": ["a", "b"]}]"#).status == 0)
        #expect(try prefs("write", "d", "l", "-array", "<array><string>a</string></array>", "--json", "[1]").status == 0)
        #expect(
            try prefs("read", "d", "--json").stdout
                == "{\n  \"k\": [\n    [\n      \"a\"\n    ],\n    {\n      \"k\": [\n        \"a\",\n        \"b\"\n      ]\n    }\n  ],\n  \"l\": [\n    [\n      \"a\"\n    ],\n    [\n      1\n    ]\n  ]\n}\n"
        )
    }

    /// A misspelled type flag is refused with the nearest flag and the list of flags, wherever a
    /// type flag goes (`defaults` would store it as a string: this catches typos).
    @Test(
        arguments: [
            (["-integr", "5"], "-integer"), (["-bol"], "-bool"), (["-bol", "yes"], "-bool"), (["--int", "5"], "-int"), (["-Int", "5"], "-int"),
            (["-array", "a", "-integr", "5"], "-integer"), (["-array-add", "-bool", "yes", "-flaot", "1"], "-float"),
            (["-dict", "k", "-dat", "2024-01-01"], "-date"), (["-dict-add", "k", "-strin", "x"], "-string"), (["-dict", "a", "1", "-bol", "yes"], "-bool")
        ])
    func misspelledTypeFlagIsRefused(words: [String], nearest: String) throws {
        let flag = words.first { $0.hasPrefix("-") && !["-array", "-array-add", "-dict", "-dict-add", "-bool"].contains($0) }!
        try expectRefused(
            words, "unknown type flag \"\(flag)\" (did you mean \(nearest)?); the type flags are -string, -int, -integer, -float, -bool")
    }

    /// In a collection, a word spelled like a flag but near none is a member as `defaults` stores
    /// it, as Apple's recipes for launchd's program arguments need (`-array-add
    /// -NoMulticastAdvertisements`); a typo of a flag there is still refused, as is the same word
    /// alone as a value.
    @Test func programArgumentInACollectionIsAString() throws {
        let lines = [
            ["write", "d", "ProgramArguments", "-array", "/usr/sbin/mDNSResponder", "-launchd"],
            ["write", "d", "ProgramArguments", "-array-add", "-NoMulticastAdvertisements"],
            ["write", "d", "options", "-dict", "mode", "--verbose"]
        ]
        for line in lines {
            let result = try Shell.prefs(line, home: home)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(line): \(result)")
        }
        #expect(
            try prefs("read", "d", "--json").stdout
                == "{\n  \"ProgramArguments\": [\n    \"/usr/sbin/mDNSResponder\",\n    \"-launchd\",\n    \"-NoMulticastAdvertisements\"\n  ],\n"
                + "  \"options\": {\n    \"mode\": \"--verbose\"\n  }\n}\n")
        try expectRefused(["-array", "-launchd", "-integr", "5"], #"unknown type flag "-integr" (did you mean -integer?)"#)
        try expectRefused(["-launchd"], #"unknown type flag "-launchd""#)
    }

    /// A -dict key spelled like a flag is refused with the way to give it: after -string.
    @Test func dictionaryKeyLikeAFlagIsRefused() throws {
        try expectRefused(["-dict", "-k", "v"], #"unknown type flag "-k"; the type flags are"#)
        try expectRefused(["-dict", "-k", "v"], #"-string "-k""#)
        #expect(try prefs("write", "d", "k", "-dict", "-string", "-k", "v").status == 0)
        #expect(try prefs("read", "d", "k", "--json").stdout == "{\n  \"-k\": \"v\"\n}\n")
    }

    /// Words without a type flag store what `defaults write` stores: a leading `"` is a quoted
    /// old-style string, backslash escapes are read (`@\U21a9` is `@↩`), and a word that is no
    /// single flag word (`-1`, `-`, `'-l -V'`) is a string; in -array, -dict and -dict-add members
    /// and keys alike.
    @Test func untypedWordsAsDefaultsStoresThem() throws {
        let lines = [
            ["write", "d", "quoted", #""quoted""#], ["write", "d", "flags", "-l -V"], ["write", "d", "minus", "-1"], ["write", "d", "dash", "-"],
            ["write", "d", "send", #"@\U21a9"#], ["write", "d", "path", #"C:\\dir"#], ["write", "d", "tab", #"a\tb"#],
            ["write", "d", "list", "-array", #""a b""#, #"x\U00e9"#, "-string", #"x\U00e9"#],
            ["write", "d", "keys", "-dict", #""Send""#, #"@\U21a9"#, #"\U00e9t\U00e9"#, "-1"],
            ["write", "d", "keys", "-dict-add", #""Archive""#, #""@$e""#]
        ]
        for line in lines {
            let result = try Shell.prefs(line, home: home)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(line): \(result)")
        }
        #expect(
            try prefs("read", "d", "--json").stdout == """
                {
                  "dash": "-",
                  "flags": "-l -V",
                  "keys": {
                    "Archive": "@$e",
                    "Send": "@↩",
                    "été": "-1"
                  },
                  "list": [
                    "a b",
                    "xé",
                    "x\\\\U00e9"
                  ],
                  "minus": "-1",
                  "path": "C:\\\\dir",
                  "quoted": "quoted",
                  "send": "@↩",
                  "tab": "a\\tb"
                }

                """)
    }

    /// A backslash escape that names no character, or one whose character a domain file cannot
    /// hold (`\033`, ESC, which macOS keeps in binary files), is refused with the way to store
    /// the text as typed.
    @Test(
        arguments: [
            ([#"foo\"#], "has a backslash escape that names no character: the text ends inside an escape"),
            ([#"\U12x"#], #"\U needs four hexadecimal digits"#),
            (["-dict-add", #"\033Window\033Fill"#, #"~^\U21a9"#], #"the key "\x1BWindow\x1BFill" in k holds U+001B (\033, ESC); macOS would store it"#)
        ])
    func unstorableEscapeIsRefused(words: [String], fragment: String) throws {
        try expectRefused(words, fragment)
        try expectRefused(words, "-string")
    }

    /// A control character XML 1.0 cannot hold is refused the same way wherever it comes from
    /// (an escape in a value, a `-array` element, a `-dict` key or value, a quoted old-style
    /// string, `-string`, `--json`, a whole-domain literal): exit 2, the key or value named with
    /// the character and what macOS would have stored, and nothing written. A lone binary file
    /// holds it.
    @Test(
        arguments: [
            (["k", #"\033x"#], #"the value of k, "\x1Bx", holds U+001B (\033, ESC)"#),
            (["k", #""\033x""#], #"the value of k, "\x1Bx", holds U+001B (\033, ESC)"#),
            (["k", "-array", "a", #"\033x"#], #"the value of k.1, "\x1Bx", holds U+001B (\033, ESC)"#),
            (["k", "-array-add", #"\001"#], #"the value of k, "\x01", holds U+0001 (\001)"#),
            (["k", "-dict", "a", #"\033x"#], #"the value of k.a, "\x1Bx", holds U+001B (\033, ESC)"#),
            (["k", "-dict", #"\033a"#, "v"], #"the key "\x1Ba" in k holds U+001B (\033, ESC)"#),
            (["k", "-dict-add", "-string", "\u{1B}a", "v"], #"the key "\x1Ba" in k holds U+001B (\033, ESC)"#),
            (["k", "-string", "\u{1B}x"], #"the value of k, "\x1Bx", holds U+001B (\033, ESC)"#),
            (["k", "--json", #"["\u001f"]"#], #"the value of k.0, "\x1F", holds U+001F (\037)"#),
            (["k", #"( "\033x" )"#], #"the value of k.0, "\x1Bx", holds U+001B (\033, ESC)"#),
            ([#"{ "\033a" = b; }"#], #"the key "\x1Ba" holds U+001B (\033, ESC)"#)
        ])
    func controlCharacterIsRefusedAlikeEverywhere(words: [String], place: String) throws {
        #expect(try prefs("write", "d", "keep", "1").status == 0)
        let before = folder.bytes("d.plist")
        let result = try Shell.prefs(["write", "d"] + words, home: home)
        #expect(result.status == 2, "\(words): \(result)")
        #expect(
            result.stderr
                == "Error: cannot write d: \(place); macOS would store it, as its domain files are binary property lists, but prefs' domain files are XML 1.0, "
                + "which cannot hold control characters other than tab, line feed and carriage return, so nothing was written "
                + "(escapes such as \\033 are read as defaults reads them; -string stores a value or -dict key as typed, backslashes kept)\n",
            "\(words)")
        #expect(result.stdout.isEmpty)
        #expect(folder.bytes("d.plist") == before, "\(words) changed the file")
        let binary = try prefs("write", "--to", "binary", "--file", folder.file("b.plist"), "k", #"\033x"#)
        #expect(binary.status == 0, "\(binary)")
        #expect(try prefs("read", "--json", "--file", folder.file("b.plist"), "k").stdout == "\"\\u001bx\"\n")
    }

    /// A literal written over several lines, with white space before its `{` or `(` as a shell
    /// script's quoted block has, is a property list as `defaults write` reads it, for a key and
    /// for a whole domain; text that only holds spaces stays a string.
    @Test func literalAfterWhiteSpaceIsAPropertyList() throws {
        let block = "\n{\n    Back = \"^o\";\n    \"Repeat One\" = \"@^l\";\n}\n"
        #expect(try prefs("write", "d", "NSUserKeyEquivalents", block).status == 0)
        #expect(try prefs("write", "d", "list", " \t( a, \"b c\" )\n").status == 0)
        #expect(try prefs("write", "d", "blank", "  ").status == 0)
        #expect(
            try prefs("read", "d", "--json").stdout
                == "{\n  \"NSUserKeyEquivalents\": {\n    \"Back\": \"^o\",\n    \"Repeat One\": \"@^l\"\n  },\n  \"blank\": \"  \",\n  \"list\": [\n    \"a\",\n    \"b c\"\n  ]\n}\n"
        )
        #expect(try prefs("write", "whole", "\n{ k = v; }\n").status == 0)
        #expect(try prefs("read", "whole", "--json").stdout == "{\n  \"k\": \"v\"\n}\n")
    }

    /// A string that starts with - goes in with -string.
    @Test func dashStringWithStringFlag() throws {
        #expect(try prefs("write", "d", "k", "-string", "-integr").status == 0)
        #expect(try prefs("read", "d", "k").stdout == "-integr\n")
    }

    /// read --xml output is a value for write, for one key and for a whole domain.
    @Test func readXMLFeedsWrite() throws {
        #expect(try prefs("write", "d", "arr", "-array", "a", "-int", "2").status == 0)
        #expect(try prefs("write", "d", "s", "text").status == 0)
        #expect(try prefs("write", "d", "n", "--json", #"{"x": {"y": [true]}}"#).status == 0)
        let original = folder.bytes("d.plist")
        for key in ["arr", "s", "n"] {
            let xml = try prefs("read", "d", key, "--xml")
            #expect(xml.stdout.hasPrefix("<?xml"))
            let written = try prefs("write", "copy", key, xml.stdout)
            #expect(written.status == 0, "\(key): \(written)")
        }
        #expect(folder.bytes("copy.plist") == original)
        let domain = try prefs("read", "d", "--xml")
        #expect(try prefs("write", "whole", domain.stdout).status == 0)
        #expect(folder.bytes("whole.plist") == original)
        let sh = try Shell.sh(#"$PREFS write d2 k2 "$($PREFS read d arr --xml)" && $PREFS write d3 "$($PREFS read d --xml)""#, home: home)
        #expect(sh.status == 0, "\(sh)")
        #expect(try prefs("read", "d2", "k2", "--json").stdout == "[\n  \"a\",\n  2\n]\n")
        #expect(folder.bytes("d3.plist") == original)
    }

    /// A plist document that is not valid, or whose root is not a dictionary for a whole domain, is refused.
    @Test(
        arguments: [
            (["<?xml version=\"1.0\"?><plist version=\"1.0\"><integer>x</integer></plist>"], "is not a valid property list document"),
            (["<?xml version=\"1.0\"?><plist version=\"1.0\"><true/><true/></plist>"], "is not a valid property list document")
        ])
    func invalidDocumentIsRefused(words: [String], fragment: String) throws {
        try expectRefused(words, fragment)
        let whole = try prefs("write", "d", "<?xml version=\"1.0\"?><plist version=\"1.0\"><array/></plist>")
        #expect(whole.status == 2 && whole.stderr.contains("a whole domain must be a dictionary (<dict>…</dict> or { … }), not an array"), "\(whole)")
    }
}
