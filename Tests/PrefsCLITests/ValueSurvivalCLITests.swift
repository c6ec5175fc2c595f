import Foundation
import PropertyLists
import TestSupport
import Testing

/// Values survive every path through the real `prefs`: a change to one key of an old-style or
/// `.strings` file keeps every other value of its type (GNUstep's `<*I5>`, `<*R1.5>`, `<*BY>`,
/// `<*D…>` were written back as strings, exit 0), and negative zero keeps its sign through
/// every verb and format (it became `0.0` everywhere). GNUstep (`plmerge`) and Python's
/// `plistlib` check the files prefs writes.
@Suite("Values survive every verb")
struct ValueSurvivalCLITests {
    let folder = TemporaryFolder()
    var home: String { folder.path + "/home" }

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    /// An old-style dictionary with every GNUstep typed form, data both ways, strings that look
    /// like numbers, and typed values nested in arrays and dictionaries.
    static let typedText = """
        {
            integer = <*I5>;
            negative = <*I-9223372036854775808>;
            large = <*I18446744073709551615>;
            real = <*R1.5>;
            negativeZero = <*R-0>;
            tenth = <*R0.1>;
            yes = <*BY>;
            no = <*BN>;
            date = <*D2024-01-01 10:00:00 +0000>;
            zoned = <*D2024-01-01 10:00:00 -0130>;
            hex = <0aff>;
            base64 = <[Cv8=]>;
            string = hello;
            number = "5";
            list = (<*I1>, "1", <*R-0>, <*BN>, { inner = <*D2024-02-29 12:34:56 +0000>; });
        }

        """

    /// The value of `path`, read by the library, and the format it is in.
    func value(of path: String) throws -> (value: PropertyList, format: PropertyListFormat) {
        try PropertyListReader().read(anyFormat: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Each change through `write --file`, `delete --file` and `rename --file` of keys other
    /// than the typed ones leaves every typed value as it was, to the bit, and the file
    /// old-style; `read-type` agrees.
    @Test(
        arguments: [
            (["write", "unrelated", "v"], ["unrelated": PropertyList.string("v")]), (["write", "count", "-int", "7"], ["count": 7]),
            (["write", "ratio", "-float", "-0.0"], ["ratio": -0.0]), (["write", "flag", "-bool", "no"], ["flag": false]),
            (
                ["write", "when", "-date", "2024-02-29T12:34:56Z"],
                ["when": .date(PropertyListDate(year: 2024, month: 2, day: 29, hour: 12, minute: 34, second: 56)!)]
            ),
            (["delete", "string"], [:]), (["rename", "number", "renamed"], [:])
        ])
    func changeToAnOldStyleFileKeepsEveryType(change: [String], added: [String: PropertyList]) throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try folder.write(Self.typedText, to: "typed.plist")
        let file = folder.file("typed.plist")
        var expected = try value(of: file).value.dictionaryValue!
        for (key, value) in added { expected[key] = value }
        if change[0] == "delete" { expected["string"] = nil }
        if change[0] == "rename" { (expected["renamed"], expected["number"]) = (expected["number"], nil) }
        let result = try Shell.prefs([change[0], "--file", file] + change.dropFirst(), home: home)
        #expect(result.status == 0 && result.stderr == "", "\(result)")
        let after = try value(of: file)
        #expect(after.format == .openStep)
        #expect(after.value == .dictionary(expected), "\(String(decoding: folder.bytes("typed.plist") ?? [], as: UTF8.self))")
        for (key, type) in [("integer", "integer"), ("real", "float"), ("negativeZero", "float"), ("yes", "boolean"), ("date", "date"), ("base64", "data")] {
            #expect(try prefs("read-type", "--file", file, key).stdout == "Type is \(type)\n", "\(key)")
        }
        #expect(try prefs("read", "--file", file, "negativeZero").stdout == "-0\n")
        let text = String(decoding: folder.bytes("typed.plist") ?? [], as: UTF8.self)
        for form in [
            "integer = <*I5>;", "negativeZero = <*R-0>;", "yes = <*BY>;", "date = <*D2024-01-01 10:00:00 +0000>;", "zoned = <*D2024-01-01 11:30:00 +0000>;"
        ] {
            #expect(text.contains(form), "\(form) in \(text)")
        }
    }

    /// A `.strings` file stays one, and keeps a typed value it holds as that type.
    @Test func changeToAStringsFileKeepsEveryType() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try folder.write("\"greeting\" = \"Hello\";\n\"count\" = <*I5>;\n\"ratio\" = <*R-0>;\n", to: "Localizable.strings")
        let file = folder.file("Localizable.strings")
        let written = try prefs("write", "--file", file, "farewell", "Bye")
        #expect(written.status == 0, "\(written)")
        #expect(
            String(decoding: folder.bytes("Localizable.strings") ?? [], as: UTF8.self)
                == "\"count\" = <*I5>;\n\"farewell\" = \"Bye\";\n\"greeting\" = \"Hello\";\n\"ratio\" = <*R-0>;\n")
        #expect(try prefs("read-type", "--file", file, "count").stdout == "Type is integer\n")
        #expect(try prefs("read", "--file", file, "ratio").stdout == "-0\n")
    }

    /// `write -int` into a plain OpenStep file stores an integer, which reads back as one, and
    /// says that the file now takes GNUstep's typed forms, which macOS does not read; a string
    /// keeps the file plain, and says nothing.
    @Test func typedWriteIntoPlainOldStyleKeepsItsType() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try folder.write("{ name = Ada; }\n", to: "plain.plist")
        let file = folder.file("plain.plist")
        let plain = try prefs("write", "--file", file, "title", "Countess")
        #expect(plain.status == 0 && plain.stderr == "", "\(plain)")
        #expect(String(decoding: folder.bytes("plain.plist") ?? [], as: UTF8.self) == "{\n    name = Ada;\n    title = Countess;\n}\n")
        let typed = try prefs("write", "--file", file, "count", "-int", "7")
        #expect(typed.status == 0, "\(typed)")
        #expect(
            typed.stderr
                == "note: \(file) was plain OpenStep text; prefs has written its numbers, Booleans and dates in GNUstep's typed forms (<*I5>), which keep their types but which macOS does not read\n"
        )
        #expect(String(decoding: folder.bytes("plain.plist") ?? [], as: UTF8.self) == "{\n    count = <*I7>;\n    name = Ada;\n    title = Countess;\n}\n")
        #expect(try prefs("read-type", "--file", file, "count").stdout == "Type is integer\n")
        let again = try prefs("write", "--file", file, "count", "-int", "8")
        #expect(again.status == 0 && again.stderr == "", "\(again)")
    }

    /// A JSON file cannot hold a date or data but as a string that reads back as a string, so a
    /// write of one is refused (exit 2, the file unchanged), as NaN is; `convert --to json` and
    /// `export --format json` still map them to strings, as documented.
    @Test(arguments: [["-date", "2024-01-01T00:00:00Z"], ["-data", "0aff"], ["--json", "[1, -0.0]"]])
    func writeIntoAJSONFileKeepsEveryType(value: [String]) throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try folder.write("{\"a\": 1}\n", to: "f.json")
        let file = folder.file("f.json")
        let result = try Shell.prefs(["write", "--file", file, "k"] + value, home: home)
        if value[0] == "--json" {
            #expect(result.status == 0, "\(result)")
            #expect(try self.value(of: file).value == ["a": 1, "k": [1, -0.0]])
            return
        }
        let type = value[0] == "-date" ? "a date" : "data"
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr
                == "Error: cannot write \(file) as json: the value at key path \"k\" is \(type), which JSON holds only as a string that reads back as a string\n"
        )
        #expect(folder.bytes("f.json") == Array("{\"a\": 1}\n".utf8))
        #expect(try prefs("write", "d", "k", value[0], value[1]).status == 0)
        #expect(try prefs("export", "d", "-", "--format", "json").status == 0)
    }

    /// GNUstep reads the typed old-style text prefs writes as the same values: `plmerge` merges
    /// the file into an empty dictionary and writes it in its own typed format, which prefs
    /// reads back identical. GNUstep writes reals with 16 digits, so the reals here need no more.
    @Test func gnustepReadsWhatPrefsWrites() throws {
        let plmerge = "/usr/bin/plmerge"
        try #require(
            FileManager.default.isExecutableFile(atPath: plmerge), "GNUstep's plmerge is missing: apt-get install gnustep-base-runtime (.ci/run does)")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try folder.write(Self.typedText.replacingOccurrences(of: "tenth = <*R0.1>;", with: ""), to: "typed.plist")
        let file = folder.file("typed.plist")
        #expect(try prefs("write", "--file", file, "unrelated", "v").status == 0)
        try folder.write("{}\n", to: "merged.plist")
        let merged = try Shell.run(plmerge, [folder.file("merged.plist"), file], workingIn: folder.path)
        #expect(merged.status == 0, "\(merged)")
        let gnustep = try value(of: folder.file("merged.plist"))
        let ours = try value(of: file)
        #expect(gnustep.value == ours.value, "\(String(decoding: folder.bytes("merged.plist") ?? [], as: UTF8.self))")
    }

    /// Negative zero through `write -float`, `--json`, `-array`, `read` (printed and fed back),
    /// `read --json`, `export`, a write over `0.0`, and Python's plistlib reading the domain file;
    /// a refusal says what `defaults` would have stored with its sign.
    @Test func negativeZeroSurvivesEveryVerb() throws {
        #expect(try prefs("write", "d", "z", "-float", "-0.0").status == 0)
        #expect(try prefs("read", "d", "z").stdout == "-0\n")
        #expect(try prefs("read", "--json", "d", "z").stdout == "-0.0\n")
        #expect(try prefs("read-type", "d", "z").stdout == "Type is float\n")
        #expect(try prefs("write", "d", "fed", "-float", try prefs("read", "d", "z").stdout.trimmingCharacters(in: .newlines)).status == 0)
        #expect(try prefs("write", "d", "j", "--json", "[-0.0, {\"k\": -0.0}]").status == 0)
        #expect(try prefs("write", "d", "a", "-array", "-float", "-0.0").status == 0)
        #expect(try prefs("write", "d", "w", "-float", "0").status == 0)
        #expect(try prefs("write", "d", "w", "-float", "-0.0").status == 0)
        #expect(try prefs("read", "d", "w").stdout == "-0\n")
        let exported = try prefs("export", "d", "-")
        #expect(exported.stdout.components(separatedBy: "<real>-0.0</real>").count - 1 == 6, "\(exported)")
        #expect(!exported.stdout.contains("<real>0.0</real>"), "\(exported)")
        let script = """
            import math, plistlib, sys
            with open(sys.argv[1], "rb") as f:
                d = plistlib.load(f)
            print([math.copysign(1, x) for x in (d["z"], d["fed"], d["j"][0], d["j"][1]["k"], d["a"][0], d["w"])])
            """
        let python = try Shell.run("/usr/bin/python3", ["-c", script, home + "/d.plist"])
        #expect(python.stdout == "[-1.0, -1.0, -1.0, -1.0, -1.0, -1.0]\n", "\(python)")
        let refused = try prefs("write", "d", "k", "-float", "-0.0x")
        #expect(refused.status == 2 && refused.stderr.hasSuffix("defaults would store -0)\n"), "\(refused)")
    }

    /// Negative zero through `import`, `convert` to and from every format, and `write --file`
    /// of an unrelated key into a file of every format.
    @Test(arguments: PropertyListFormat.allCases)
    func negativeZeroSurvivesEveryFormat(format: PropertyListFormat) throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try folder.write("{\"z\": -0.0, \"list\": [-0.0]}", to: "in.json")
        let converted = try prefs("convert", folder.file("in.json"), "--to", format.rawValue, "-o", folder.file("z.\(format.rawValue)"))
        #expect(converted.status == 0, "\(converted)")
        let expected: PropertyList = ["z": -0.0, "list": [-0.0]]
        let file = folder.file("z.\(format.rawValue)")
        #expect(try value(of: file).value == expected)
        #expect(try prefs("convert", file, "--to", "json").stdout == "{\n  \"list\": [\n    -0.0\n  ],\n  \"z\": -0.0\n}\n")
        #expect(try prefs("import", "imported", file).status == 0)
        #expect(try prefs("read", "imported", "z").stdout == "-0\n")
        #expect(try prefs("write", "--file", file, "unrelated", "v").status == 0)
        let after = try value(of: file)
        #expect(after.format == format)
        #expect(after.value == ["z": -0.0, "list": [-0.0], "unrelated": "v"])
    }
}
