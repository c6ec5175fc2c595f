import Foundation
import TestSupport
import Testing

/// Old-style text and JSON through the real `prefs`: `write` values as `defaults write` takes
/// them, `read` output fed back, `convert` and `import` of every format.
@Suite("Old-style and JSON on the command line")
struct OldStyleFormatTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../PropertyListsTests/Fixtures/OpenStep").standardized.path

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    /// write takes old-style values as defaults does, in -array and -dict-add too.
    @Test func writesOldStyleValues() throws {
        #expect(
            try prefs(
                "write", "com.apple.spotlight", "orderedItems", "-array",
                "{\"enabled\" = 1;\"name\" = \"APPLICATIONS\";}", "{\"enabled\" = 0;\"name\" = \"FONTS\";}"
            ).status == 0)
        #expect(
            try prefs("read", "--json", "com.apple.spotlight", "orderedItems").stdout
                == "[\n  {\n    \"enabled\": \"1\",\n    \"name\": \"APPLICATIONS\"\n  },\n  {\n    \"enabled\": \"0\",\n    \"name\": \"FONTS\"\n  }\n]\n")
        #expect(
            try prefs(
                "write", "hotkeys", "AppleSymbolicHotKeys", "-dict-add", "64",
                "{ enabled = 0; value = { parameters = (65535, 49, 1048576); type = standard; }; }"
            ).status == 0)
        #expect(
            try prefs("read", "hotkeys", "AppleSymbolicHotKeys").stdout == """
                {
                    64 =     {
                        enabled = 0;
                        value =         {
                            parameters =             (
                                65535,
                                49,
                                1048576
                            );
                            type = standard;
                        };
                    };
                }

                """)
        #expect(try prefs("write", "d", "bytes", "<0aff>").status == 0)
        #expect(try prefs("read-type", "d", "bytes").stdout == "Type is data\n")
        let bad = try prefs("write", "d", "k", "(a, b")
        #expect(bad.status == 2 && bad.stderr.contains("an array is never closed"), "\(bad)")
    }

    /// write DOMAIN '{ … }' replaces the domain, and read output feeds back into write.
    @Test func replacesDomainWithOldStyle() throws {
        #expect(try prefs("write", "d", "{ name = \"Ada Lovelace\"; tags = (a, \"b c\"); nested = { k = v; }; }").status == 0)
        let printed = try prefs("read", "d").stdout
        #expect(try prefs("write", "copy", printed).status == 0)
        #expect(folder.bytes("copy.plist") == folder.bytes("d.plist"))
        let notDictionary = try prefs("write", "d", "(a, b)")
        #expect(notDictionary.status == 64 || notDictionary.status == 2, "\(notDictionary)")
        #expect(notDictionary.stderr.contains("a whole domain must be a dictionary"), "\(notDictionary)")
    }

    /// convert reads .strings and defaults output, and writes old-style text that keeps every
    /// type: an integer is GNUstep's `<*I2>`, and converts back to an integer.
    @Test func convertsOldStyle() throws {
        let strings = try prefs("convert", "\(Self.fixtures)/Localizable.strings", "--to", "json")
        #expect(strings.status == 0 && strings.stdout.contains("\"price\": \"€ 5\""), "\(strings)")
        try folder.write("<plist><dict><key>b</key><integer>2</integer><key>a</key><array><string>x y</string></array></dict></plist>", to: "in.plist")
        let text = try prefs("convert", folder.file("in.plist"), "--to", "openstep")
        #expect(text.stdout == "{\n    a = (\n        \"x y\"\n    );\n    b = <*I2>;\n}\n")
        try folder.write(text.stdout, to: "in.txt")
        #expect(try prefs("convert", folder.file("in.txt"), "--to", "json").stdout == "{\n  \"a\": [\n    \"x y\"\n  ],\n  \"b\": 2\n}\n")
    }

    /// --from forces a format; a JSON file imports; a file in no format names the likeliest one.
    @Test func forcedAndDetectedFormats() throws {
        try folder.write("{\"n\": 1, \"list\": [true, 2.5]}", to: "in.json")
        #expect(try prefs("import", "d", folder.file("in.json")).status == 0)
        #expect(try prefs("read-type", "d", "n").stdout == "Type is integer\n")
        let forced = try prefs("convert", "--from", "openstep", folder.file("in.json"))
        #expect(forced.status == 3 && forced.stderr.contains("in.json:1: error: old-style:"), "\(forced)")
        try folder.write("[1, 2,]", to: "bad.json")
        let bad = try prefs("convert", folder.file("bad.json"))
        #expect(bad.status == 3 && bad.stderr.contains("bad.json:1: error: JSON:"), "\(bad)")
        try folder.write("\"greeting\" = \"Hello\";\n\"missing\" = \"semicolon\"\n\"next\" = \"x\";\n", to: "bad.strings")
        let strings = try prefs("convert", folder.file("bad.strings"))
        #expect(strings.status == 3 && strings.stderr.contains("bad.strings:3: error: old-style: expected ';' after the value of \"missing\""), "\(strings)")
    }

    /// `defaults read` prints a character beyond U+FFFF as a surrogate pair of `\U` escapes, in
    /// either case; prefs reads the pair as the one character, in values and `.strings` files.
    @Test func surrogatePairEscapesReadAsOneCharacter() throws {
        let written = try prefs("write", "d", "k", #"{ e = "\Ud83d\ude00"; f = "a\UD83D\UDE00b"; }"#)
        #expect(written.status == 0, "\(written)")
        #expect(try prefs("read", "--json", "d", "k").stdout == "{\n  \"e\": \"😀\",\n  \"f\": \"a😀b\"\n}\n")
        try folder.write(#""a" = "\UD83D\UDE00";"#, to: "s.strings")
        let converted = try prefs("convert", folder.file("s.strings"), "--to", "json")
        #expect(converted.status == 0 && converted.stdout == "{\n  \"a\": \"😀\"\n}\n", "\(converted)")
    }

    @Test func loneSurrogateEscapeIsRefused() throws {
        let value = try prefs("write", "d", "k", #"{ e = "\Ud83d"; }"#)
        #expect(value.status == 2 && value.stderr.contains(#"\UD83D is a lone surrogate"#), "\(value)")
        try folder.write(#""a" = "\UDE00\UD83D";"#, to: "s.strings")
        let file = try prefs("convert", folder.file("s.strings"))
        #expect(file.status == 3 && file.stderr.contains(#"s.strings:1: error: old-style: \UDE00 is a lone surrogate"#), "\(file)")
    }

    /// `read` of a domain prints characters beyond ASCII as `defaults read` does, as `\U`
    /// escapes of UTF-16 units, and `convert --to openstep` as themselves (UTF-8); both read
    /// back to the same string.
    @Test func astralCharactersRoundTripThroughOldStyleOutput() throws {
        #expect(try prefs("write", "d", "k", "-string", "😀 café").status == 0)
        let printed = try prefs("read", "d", "k")
        #expect(printed.stdout == "😀 café\n", "\(printed)")
        let domain = try prefs("read", "d")
        #expect(domain.stdout == #"{\#n    k = "\Ud83d\Ude00 caf\U00e9";\#n}\#n"#, "\(domain)")
        #expect(try prefs("write", "copy", domain.stdout).status == 0)
        #expect(try prefs("read", "copy", "k").stdout == "😀 café\n")
        try folder.write(domain.stdout, to: "d.txt")
        let text = try prefs("convert", folder.file("d.txt"), "--to", "openstep")
        #expect(text.stdout == "{\n    k = \"😀 café\";\n}\n", "\(text)")
    }

    /// A 4.8 MB quoted string of 2.4 million escapes converts in time linear in its size: its
    /// text was gathered by appending to a string's scalars, which counted them all each time
    /// (a 0.8 MB one took 2.4 s, this one over a minute). The bound is far above the linear
    /// time, far below the quadratic one.
    @Test func stringOfManyEscapesReadsInLinearTime() throws {
        try folder.write("{ k = \"" + String(repeating: "\\n", count: 2_400_000) + "\"; }\n", to: "escapes.txt")
        let started = Date()
        let converted = try prefs("convert", folder.file("escapes.txt"), "--to", "json", "--output", folder.file("escapes.json"))
        #expect(converted.status == 0, "\(converted)")
        #expect(Date().timeIntervalSince(started) < 20, "took \(Date().timeIntervalSince(started)) s")
        let json = try String(contentsOfFile: folder.file("escapes.json"), encoding: .utf8)
        #expect(json == "{\n  \"k\": \"" + String(repeating: "\\n", count: 2_400_000) + "\"\n}\n")
    }

    /// A JSON number too large for any property list number is refused with the number quoted
    /// and cut short, not a message as long as the file.
    @Test func outOfRangeJSONNumberIsQuotedShort() throws {
        for number in [String(repeating: "9", count: 100_000), "1e" + String(repeating: "9", count: 100_000)] {
            try folder.write("{\"k\": \(number)}", to: "number.json")
            let refused = try prefs("convert", folder.file("number.json"))
            #expect(refused.status == 3, "\(refused)")
            #expect(refused.stderr.hasPrefix("\(folder.file("number.json")):1: error: JSON: \"" + number.prefix(20)), "\(refused.stderr)")
            #expect(refused.stderr.count < 300 && refused.stderr.contains("…\" is outside the range of"), "\(refused.stderr.prefix(300))")
        }
    }
}
