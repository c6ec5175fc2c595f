import Preferences
import PropertyLists
import Testing

/// `CommandLineValue.parse`: the words after the key in `prefs write`, as `defaults write` takes them.
@Suite("Command-line values")
struct CommandLineValueTests {
    private static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> PropertyList {
        .date(PropertyListDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)!)
    }

    /// Each type flag parses its value.
    @Test(
        arguments: [
            (["plain word"], PropertyList.string("plain word")), (["-string", "-int"], "-int"), (["-string", ""], ""),
            (["-int", "5"], 5), (["-integer", "-42"], -42), (["-int", "+7"], 7), (["-int", "0x1F"], 31), (["-int", "0XfF"], 255),
            (["-int", "18446744073709551615"], .integer(.max)), (["-int", "-9223372036854775808"], .integer(.min)),
            (["-float", "2.5"], 2.5), (["-float", "1e-3"], .real(Double(Float(0.001)))), (["-float", "-0.5"], -0.5), (["-float", "3"], 3.0),
            (["-float", "inf"], .real(.infinity)), (["-float", "-Infinity"], .real(-.infinity)),
            (["-bool", "yes"], true), (["-bool", "YES"], true), (["-bool", "true"], true), (["-bool", "1"], true),
            (["-boolean", "no"], false), (["-bool", "False"], false), (["-bool", "0"], false),
            (["-date", "2024-02-29T12:34:56Z"], date(2024, 2, 29, 12, 34, 56)),
            (["-date", "2024-02-29 12:34:56 +0000"], date(2024, 2, 29, 12, 34, 56)),
            (["-date", "2024-02-29 12:34:56 +0100"], date(2024, 2, 29, 11, 34, 56)),
            (["-date", "2024-02-29T12:34:56-02:30"], date(2024, 2, 29, 15, 4, 56)),
            (["-date", "2024-02-29T12:34:56"], date(2024, 2, 29, 12, 34, 56)), (["-date", "2024-02-29"], date(2024, 2, 29)),
            (["-data", "0a0B"], .data([0x0A, 0x0B])), (["-data", "<0a 0b ff>"], .data([0x0A, 0x0B, 0xFF])), (["-data", ""], .data([])),
            (["--json", #"{"a": [1, 2.5, true, "x"]}"#], ["a": [1, 2.5, true, "x"]]), (["--json", "7"], 7), (["--json", "7.0"], 7.0),
            (["<integer>5</integer>"], 5), (["<array><string>a</string><true/></array>"], ["a", true]),
            (["<dict><key>k</key><real>1.5</real></dict>"], ["k": 1.5]), (["-string", "-unknown"], "-unknown"),
            (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<integer>5</integer>\n</plist>\n"], 5)
        ] as [([String], PropertyList)])
    func parsesScalar(words: [String], expected: PropertyList) throws {
        #expect(try CommandLineValue.parse(words) == .set(expected))
    }

    /// A word without a type flag is read as `defaults write` reads it: a leading `"` makes a
    /// quoted old-style string, backslash escapes are read as in one, and only a single word
    /// spelled like a flag is refused, so `-1`, `-` and `-l -V` are strings.
    @Test(
        arguments: [
            (["\"quoted\""], PropertyList.string("quoted")), (["\"a \\\"b\\\" c\""], "a \"b\" c"), (["-l -V"], "-l -V"), (["-1"], "-1"),
            (["-"], "-"), (["-0.5"], "-0.5"), (["@\\U21a9"], "@\u{21A9}"), (["~^\\U21A9"], "~^\u{21A9}"), (["a\\tb\\n"], "a\tb\n"),
            (["C:\\\\dir"], "C:\\dir"), (["\\d+"], "d+"), (["\\101\\102"], "AB"), (["\\Ud83d\\ude00"], "😀"), (["say \"hi\""], "say \"hi\""),
            (["'single'"], "'single'"), (["x\\\"y"], "x\"y"), (["-array", "\"a b\"", "x\\ny", "-string", "x\\ny"], ["a b", "x\ny", "x\\ny"]),
            (["-dict", "\"key one\"", "\"v\"", "-string", "-k", "\\U00e9", "\\U00e9", "-string", "\\U00e9"], ["key one": "v", "-k": "é", "é": "\\U00e9"])
        ] as [([String], PropertyList)])
    func readsUntypedWordsAsDefaults(words: [String], expected: PropertyList) throws {
        #expect(try CommandLineValue.parse(words) == .set(expected))
    }

    /// `-dict-add` keys and values are read the same way: NSUserKeyEquivalents recipes, with
    /// `\033` (ESC) between the items of a menu path, which `write` then refuses for a domain
    /// file (XML cannot hold it).
    @Test func dictAddReadsEscapesInKeysAndValues() throws {
        #expect(try CommandLineValue.parse(["-dict-add", "Send", "@\\U21a9", "\"Archive\"", "@$e"]) == .dictionaryAdd(["Send": "@\u{21A9}", "Archive": "@$e"]))
        #expect(try CommandLineValue.parse(["-dict-add", "\\033Window\\033Zoom", "@~^z"]) == .dictionaryAdd(["\u{1B}Window\u{1B}Zoom": "@~^z"]))
    }

    /// `-float` stores a 32-bit float widened to a double, as `defaults` does: the value the
    /// library stores for a `Float`.
    @Test func floatStoresWhatTheLibraryStoresForAFloat() throws {
        #expect(try CommandLineValue.parse(["-float", "0.1"]) == .set(.real(0.10000000149011612)))
        #expect(try CommandLineValue.parse(["-float", "0.1"]) == .set(try Float(0.1).propertyListValue()))
        #expect(try CommandLineValue.parse(["-array", "-float", "0.3"]) == .set([.real(Double(Float(0.3)))]))
        #expect(try CommandLineValue.double("0.1") == .real(0.1))
    }

    @Test func floatNaNParses() throws {
        guard case .set(.real(let value)) = try CommandLineValue.parse(["-float", "nan"]) else {
            Issue.record("-float nan is not a real")
            return
        }
        #expect(value.isNaN)
    }

    @Test func arrayTakesTypedAndUntypedElements() throws {
        #expect(
            try CommandLineValue.parse(["-array", "a", "-int", "2", "-bool", "yes", "<real>1.5</real>"])
                == .set(["a", 2, true, 1.5]))
        #expect(try CommandLineValue.parse(["-array"]) == .set([]))
        #expect(try CommandLineValue.parse(["-array-add", "x", "-int", "3"]) == .arrayAdd(["x", 3]))
    }

    @Test func dictTakesKeyValuePairsWithTypedValues() throws {
        #expect(
            try CommandLineValue.parse(["-dict", "name", "x", "size", "-int", "3", "on", "-bool", "no"])
                == .set(["name": "x", "size": 3, "on": false]))
        #expect(try CommandLineValue.parse(["-dict"]) == .set(.dictionary([:])))
        #expect(try CommandLineValue.parse(["-dict-add", "k", "-float", "0.5"]) == .dictionaryAdd(["k": 0.5]))
    }

    /// Malformed values are refused with the flag and value quoted.
    @Test(
        arguments: [
            (["-int", "abc"], #"-int "abc""#), (["-int", "1.5"], #"-int "1.5""#), (["-int", ""], #"-int """#),
            (["-int", "18446744073709551616"], "-int"), (["-int", "-9223372036854775809"], "-int"), (["-int", "0x"], "-int"),
            (["-integer", " 5"], "-integer"), (["-float", "abc"], #"-float "abc""#), (["-float", "1,5"], "-float"),
            (["-float", ""], "-float"), (["-float", "1e999"], "-float"), (["-float", "0x10"], "-float"),
            (["-bool", "maybe"], #"-bool "maybe""#), (["-boolean", ""], "-boolean"), (["-bool", "y"], "-bool"),
            (["-date", "2024-13-01"], "-date"), (["-date", "2024-02-30"], "-date"), (["-date", "yesterday"], "-date"),
            (["-date", "2024-02-29T25:00:00Z"], "-date"), (["-date", "2024-02-29 12:34:56 +01"], "-date"),
            (["-date", "0000-01-01"], "-date"), (["-date", "2024-02-29T12:34:56Zjunk"], "-date"),
            (["-data", "abc"], #"-data "abc""#), (["-data", "zz"], "-data"), (["-data", "0x0a"], "-data"),
            (["--json", "{"], "--json"), (["--json", "null"], "--json"), (["--json", "[1,]"], "--json"),
            (["-int"], "-int needs a value"), (["-array", "-int"], "-int needs a value"), (["-dict", "k"], #"the key "k" has no value"#),
            (["-dict", "k", "-bool"], "-bool needs a value"), (["a", "b"], #"unexpected argument "b""#),
            (["<array>"], "not a valid property list element"), (["<string>a</string><string>b</string>"], "not a valid property list element"),
            (["<integer>x</integer>"], "not a valid property list element"), (["-array", "<nope"], "not a valid property list element"),
            ([], "missing value"), (["-unknown"], #"unknown type flag "-unknown"; the type flags are -string"#),
            (["-array", "-integr", "5"], #"unknown type flag "-integr""#), (["-dict", "k", "-bol", "yes"], #"unknown type flag "-bol""#),
            (["-dict", "a", "1", "-bol", "yes"], #"unknown type flag "-bol" (did you mean -bool?)"#),
            (["-integr", "5"], #"unknown type flag "-integr" (did you mean -integer?); the type flags are -string"#),
            (["--jsn", "1"], #"unknown type flag "--jsn" (did you mean --json?)"#), (["-Int", "1"], "(did you mean -int?)"),
            (["-dict", "-k", "v"], #"unknown type flag "-k"; the type flags are"#), (["-dict", "-k", "v"], #"-string "-k""#),
            (["-dict", "-int", "5", "v"], "dictionary keys are strings, so a key cannot be given as -int"),
            (["-dict", "(a)", "v"], #"the key "(a)" is not a string"#), (["-dict", "-string"], "-string needs a key after it"),
            (["foo\\"], #"the value "foo\\" has a backslash escape that names no character: the text ends inside an escape"#),
            (["\\U12"], "\\U needs four hexadecimal digits"), (["\\Ud83d"], "is a lone surrogate"),
            (["\"open"], "a quoted string is never closed"),
            (["-array", "-array", "a"], "cannot nest composite types (-array inside -array)"),
            (["-array-add", "-dict", "k", "v"], "cannot nest composite types (-dict inside -array-add)"),
            (["-dict", "k", "-array", "a", "b"], "cannot nest composite types (-array inside -dict)"),
            (["-dict-add", "-dict-add", "k"], "cannot nest composite types (-dict-add inside -dict-add)"),
            (["-dict", "a", "1", "a", "2"], #"the key "a" is given twice"#),
            (["-date", "2023-02-29"], "there is no day 29 in 2023-02 (it has 28 days, as 2023 is not a leap year)"),
            (["-date", "2024-04-31"], "there is no day 31 in 2024-04 (it has 30 days)"), (["-date", "2024-13-01"], "there is no month 13"),
            (["-date", "now"], "not a date (expected"), (["-date", "0000-01-01"], "year 0000 is out of range"),
            (["-date", "2024-02-29T12:60:00Z"], "minute 60 is out of range"), (["-date", "2024-02-29T12:00:60Z"], "second 60 is out of range"),
            (["-date", "2024-02-29T12:34:56+1"], #"the time zone "+1" is not Z"#),
            (["-date", "1970-01-01 00:00:00 +9959"], #"the time zone "+9959" is not Z"#),
            (["-date", "2024-02-29 12:34:56 -2400"], "HH 00 through 23 and MM 00 through 59"),
            (["-date", "2024-02-29T12:34:56+05:60"], #"the time zone "+05:60" is not Z"#),
            (["-date", "0001-01-01T00:00:00+0100"], "outside years 1 through 9999"),
            (["-int", "18446744073709551616"], "out of range"), (["-int", "-0x8000000000000001"], "out of range"),
            (["-int", "12a"], "not an integer"), (["-float", "1e999"], "out of range"), (["-float", "1.2.3"], "not a number"),
            (["-data", "abc"], "an odd number of hex digits (3)"), (["-data", "0x0a"], #""x" is not a hexadecimal digit"#),
            (["<?xml version=\"1.0\"?><plist version=\"1.0\"><integer>x</integer></plist>"], "is not a valid property list document")
        ] as [([String], String)])
    func refuses(words: [String], messageFragment: String) {
        let error = preferenceError { _ = try CommandLineValue.parse(words) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains(messageFragment) == true, "\(String(describing: error))")
    }

    @Test func typedRefusesAnUnknownFlag() {
        let error = preferenceError { _ = try CommandLineValue.typed("-number", "5") }
        #expect(error == PreferenceError(.invalidArgument, "unknown type flag -number"))
    }

    @Test func typedParsesOneValue() throws {
        #expect(try CommandLineValue.typed("-int", "12") == 12)
        #expect(try CommandLineValue.typed("-string", "<array/>") == "<array/>")
    }
}
