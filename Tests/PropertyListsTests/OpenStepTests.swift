import Foundation
import PropertyLists
import Testing

/// Old-style (OpenStep) text: `defaults` output and one-liners, `.strings` files, GNUstep's
/// typed forms, errors with file and line, and the writer.
@Suite("Old-style reader and writer")
struct OpenStepTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/OpenStep")

    static func read(_ text: String) throws(PropertyListError) -> PropertyList {
        try OpenStepReader().read(text, fileName: "t.txt")
    }

    /// Reads values as defaults takes them, leaves as strings.
    @Test(
        arguments: [
            ("( a, b )", ["a", "b"]), ("(a,b,)", ["a", "b"]), ("()", []), ("{}", .dictionary([:])),
            ("{ k = v; }", ["k": "v"]), ("{k=v}", ["k": "v"]), ("\"a b\"", "a b"), ("'single'", "single"), ("plain-word_1.2/x:$+", "plain-word_1.2/x:$+"),
            ("<0aff 10>", .data([0x0A, 0xFF, 0x10])), ("<>", .data([])), ("{ n = 13; f = 1.5; b = YES; }", ["n": "13", "f": "1.5", "b": "YES"]),
            ("\"\\U20AC \\u00e9\"", "€ é"), ("\"\\101\\7\"", "A\u{7}"), ("\"a\\nb\\tc\\\"d\\\\e\\'\"", "a\nb\tc\"d\\e'"), ("\"é😀\"", "é😀"),
            ("( /* comment */ a, // line\n b )", ["a", "b"]), ("{ \"key\"; }", ["key": "key"]),
            // Real dotfile one-liners (mathiasbynens/dotfiles .macos and common Spotlight/hotkey recipes).
            ("{\"enabled\" = 1;\"name\" = \"APPLICATIONS\";}", ["enabled": "1", "name": "APPLICATIONS"]),
            (
                "{ enabled = 0; value = { parameters = (65535, 49, 1048576); type = standard; }; }",
                ["enabled": "0", "value": ["parameters": ["65535", "49", "1048576"], "type": "standard"]]
            ),
            ("{ \"Zoom\" = \"@~^z\"; }", ["Zoom": "@~^z"]),
            // The same entry twice, as a pasted NSUserKeyEquivalents list may hold it, loses nothing.
            ("{ Zoom = \"@~^z\"; Zoom = \"@~^z\"; }", ["Zoom": "@~^z"])
        ] as [(String, PropertyList)])
    func readsValues(text: String, expected: PropertyList) throws {
        #expect(try Self.read(text) == expected)
    }

    /// Reads GNUstep's typed forms as integer, real, boolean and date.
    @Test func readsTypedForms() throws {
        let value = try Self.read("(<*I5>, <*I-9223372036854775808>, <*R1.5>, <*BY>, <*BN>, <*D2024-01-02 03:04:05 +0000>, <*D2024-01-02 03:04:05 -0130>)")
        #expect(value == [5, .integer(.min), 1.5, true, false, BinaryReaderTests.date(2024, 1, 2, 3, 4, 5), BinaryReaderTests.date(2024, 1, 2, 4, 34, 5)])
    }

    /// Reads a .strings file: entries without braces, comments, escapes, key-only entries.
    @Test func readsStringsFile() throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("Localizable.strings"), encoding: .utf8)
        #expect(
            try Self.read(text) == [
                "greeting": "Hello, world!", "price": "€ 5", "quote": "She said \"hi\"\n\tthen left\\", "octal": "AB",
                "same": "same", "unquoted": "value.with-dots_and/slashes:$"
            ])
        #expect(try Self.read("") == .dictionary([:]))
    }

    /// Reads what defaults read prints on a Mac, byte order mark and CF's layout included.
    @Test func readsDefaultsOutput() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("defaults-read.txt")))
        let (value, format) = try PropertyListReader().read(anyFormat: bytes, fileName: "defaults-read.txt")
        #expect(format == .openStep)
        #expect(
            value == [
                "AppleLanguages": ["en-GB", "de"], "NSUserKeyEquivalents": ["Zoom": "@~^z"], "Empty": .dictionary([:]),
                "Bytes": .data([0x0A, 0xFF, 0x10, 0xAB, 0x12]),
                "Typed": [-5, 1.5, true, false, BinaryReaderTests.date(2024, 1, 2, 2, 4, 5)]
            ])
    }

    /// Malformed text is refused with FILE:LINE and what is wrong.
    @Test(
        arguments: [
            ("(a,\nb", "t.txt:2: error: old-style: an array is never closed with ')'"),
            ("{\n a = b\n c = d; }", "t.txt:3: error: old-style: expected ';' after the value of \"a\""),
            ("{ a = 1; a = 2; }", "t.txt:1: error: old-style: the key \"a\" appears twice, with different values (defaults would keep the last)"),
            ("<0a f>", "t.txt:1: error: old-style: data has an odd number of hexadecimal digits"),
            ("<0g>", "t.txt:1: error: old-style: data <…> holds 'g', which is not a hexadecimal digit"),
            (
                "\"\\UD800\"",
                "t.txt:1: error: old-style: \\UD800 is a lone surrogate, not a character (a character beyond U+FFFF is a high surrogate followed by a low one, as in \\Ud83d\\ude00)"
            ),
            (
                "\"\\UD83D\\U0041\"",
                "t.txt:1: error: old-style: \\UD83D is a lone surrogate, not a character (a character beyond U+FFFF is a high surrogate followed by a low one, as in \\Ud83d\\ude00)"
            ),
            (
                "\"\\UDE00\"",
                "t.txt:1: error: old-style: \\UDE00 is a lone surrogate, not a character (a character beyond U+FFFF is a high surrogate followed by a low one, as in \\Ud83d\\ude00)"
            ),
            ("\"open", "t.txt:1: error: old-style: a quoted string is never closed"),
            ("/* open", "t.txt:1: error: old-style: a /* comment is never closed"),
            ("(a) b", "t.txt:1: error: old-style: unexpected text after the value"),
            ("{ (a) = b; }", "t.txt:1: error: old-style: a dictionary key must be a string"),
            ("a = b", "t.txt:1: error: old-style: expected ';' after the value of \"a\""),
            ("<*I1.5>", "t.txt:1: error: old-style: <*I1.5> is not an integer from Int64.min through UInt64.max"),
            ("<*D2024-13-01 00:00:00 +0000>", "t.txt:1: error: old-style: <*D2024-13-01 00:00:00 +0000> is not a date in the form YYYY-MM-DD HH:MM:SS +HHMM"),
            ("é", "t.txt:1: error: old-style: unexpected character 'é'; quote strings that hold anything but letters, digits and _$+/:.-")
        ])
    func refusesMalformedText(text: String, message: String) {
        let error = #expect(throws: PropertyListError.self) { try Self.read(text) }
        #expect(error?.description == message)
    }

    /// Nesting deeper than the limit is refused, not recursed into.
    @Test func refusesDeepNesting() {
        let text = String(repeating: "(", count: 100_000)
        let error = #expect(throws: PropertyListError.self) { try Self.read(text) }
        #expect(error?.message.contains("nest deeper than 200") == true)
    }

    /// The writer prints what defaults read prints, and string values read back exactly.
    @Test func writesDefaultsLayout() throws {
        let value: PropertyList = [
            "name": "Ada Lovelace", "plain": "a.b", "list": ["x", "", "q\"uote\n"], "empty": [], "nested": ["k": .dictionary([:])],
            "control": "\u{1}", "unicode": "日本"
        ]
        let text = try OpenStepWriter().write(value)
        #expect(
            text == """
                {
                    control = "\\U0001";
                    empty = ();
                    list = (
                        x,
                        "",
                        "q\\"uote\\n"
                    );
                    name = "Ada Lovelace";
                    nested = {
                        k = {};
                    };
                    plain = a.b;
                    unicode = "日本";
                }

                """)
        #expect(try Self.read(text) == value)
    }

    /// Numbers, Booleans and dates take GNUstep's typed forms and read back as themselves, of
    /// their types; data as data.
    @Test func writesScalarsInTypedForms() throws {
        let value: PropertyList = [1, -2.5, true, false, BinaryReaderTests.date(2024, 1, 2, 3, 4, 5), .data([0, 1, 2, 3, 4])]
        let text = try OpenStepWriter().write(value)
        #expect(text == "(\n    <*I1>,\n    <*R-2.5>,\n    <*BY>,\n    <*BN>,\n    <*D2024-01-02 03:04:05 +0000>,\n    <00010203 04>\n)\n")
        #expect(try Self.read(text) == value)
    }
}
