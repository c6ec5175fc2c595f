import Foundation
import TestSupport
import Testing

/// `prefs write` with every type flag, read back by `prefs read`, `read-type` and Python's plistlib.
@Suite("Read and write")
struct ReadWriteTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    /// The domain as Python's plistlib reads it, printed with repr.
    func python(_ expression: String, domain: String = "d") throws -> String {
        let script = "import plistlib,sys\nv=plistlib.load(open(sys.argv[1],'rb'))\nprint(repr(\(expression)))"
        return try Shell.run("/usr/bin/python3", ["-c", script, folder.file(domain + ".plist")]).stdout
    }

    /// Each type flag stores its type.
    @Test(
        arguments: [
            (["-string", "hello"], "hello", "string", "'hello'"),
            (["plain words"], "plain words", "string", "'plain words'"),
            (["-int", "42"], "42", "integer", "42"),
            (["-integer", "0x1F"], "31", "integer", "31"),
            (["-int", "18446744073709551615"], "18446744073709551615", "integer", "18446744073709551615"),
            (["-int", "-9223372036854775808"], "-9223372036854775808", "integer", "-9223372036854775808"),
            (["-float", "2.5"], "2.5", "float", "2.5"),
            (["-bool", "yes"], "1", "boolean", "True"),
            (["-boolean", "FALSE"], "0", "boolean", "False"),
            (["-bool", "1"], "1", "boolean", "True"),
            (["-date", "2024-02-29T12:34:56Z"], "2024-02-29 12:34:56 +0000", "date", "datetime.datetime(2024, 2, 29, 12, 34, 56)"),
            (["-date", "2024-02-29 14:34:56 +0200"], "2024-02-29 12:34:56 +0000", "date", "datetime.datetime(2024, 2, 29, 12, 34, 56)"),
            (["-date", "2024-02-29"], "2024-02-29 00:00:00 +0000", "date", "datetime.datetime(2024, 2, 29, 0, 0)"),
            (["-data", "0a0B"], "{length = 2, bytes = 0x0a0b}", "data", "b'\\n\\x0b'"),
            (["<integer>7</integer>"], "7", "integer", "7"),
            (["--json", "3"], "3", "integer", "3")
        ])
    func typeFlagStoresType(words: [String], printed: String, type: String, python: String) throws {
        let write = try Shell.prefs(["write", "d", "k"] + words, home: home)
        #expect(write.status == 0, "\(write)")
        #expect(write.stdout.isEmpty && write.stderr.isEmpty)
        #expect(try prefs("read", "d", "k").stdout == printed + "\n")
        #expect(try prefs("read-type", "d", "k").stdout == "Type is " + type + "\n")
        #expect(try self.python("v['k']") == python + "\n")
    }

    /// What `read` prints for a key, given back to `write` with the type's flag, stores the same
    /// value: every scalar type, in the forms `defaults read` prints (`1` for a whole real, dates
    /// with a space and `+0000`, data as `{length = N, bytes = 0x…}` with every byte).
    @Test(
        arguments: [
            (["-string", #""quoted" \U21a9 (x)"#], "-string", #""quoted" \U21a9 (x)"#),
            (["-int", "-42"], "-int", "-42"),
            (["-int", "18446744073709551615"], "-int", "18446744073709551615"),
            (["-float", "1"], "-float", "1"),
            (["-float", "-3.0"], "-float", "-3"),
            (["-float", "0.1"], "-float", "0.1"),
            (["-float", "3.1415927"], "-float", "3.1415927"),
            (["-float", "16777217"], "-float", "16777216"),
            (["-float", "1e30"], "-float", "1e+30"),
            (["-float", "1e-45"], "-float", "1e-45"),
            (["-float", "7.038531e-26"], "-float", "7.038531e-26"),
            (["--json", "0.1"], "--json", "0.1"),
            (["--json", "1e300"], "--json", "1e+300"),
            (["-float", "-inf"], "-float", "-infinity"),
            (["-bool", "yes"], "-bool", "1"),
            (["-date", "2024-02-29T12:34:56Z"], "-date", "2024-02-29 12:34:56 +0000"),
            (["-date", "0001-01-01"], "-date", "0001-01-01 00:00:00 +0000"),
            (["-data", ""], "-data", "{length = 0, bytes = 0x}"),
            (
                ["-data", String(repeating: "0123456789abcdef", count: 4)], "-data",
                "{length = 32, bytes = 0x" + String(repeating: "0123456789abcdef", count: 4) + "}"
            )
        ])
    func readOutputWritesBackWithItsTypeFlag(words: [String], flag: String, printed: String) throws {
        #expect(try Shell.prefs(["write", "d", "k"] + words, home: home).status == 0)
        let read = try prefs("read", "d", "k")
        #expect(read.stdout == printed + "\n", "\(words): \(read)")
        let written = try prefs("write", "copy", "k", flag, String(read.stdout.dropLast()))
        #expect(written.status == 0, "\(words): \(written)")
        #expect(folder.bytes("copy.plist") == folder.bytes("d.plist"), "\(words)")
    }

    /// `-float` stores what `defaults` stores, a 32-bit float widened to a double (0.1 is
    /// 0.10000000149011612 in the file, as Apple's XML writer spells it), in `-array` and `-dict`
    /// members too. `read` prints the float's own shortest form, as `defaults read` does, for a
    /// key and in a domain; JSON and XML print the exact double, and a double that is not a float
    /// prints its own shortest form.
    @Test func floatStoresA32BitFloatAsDefaultsDoes() throws {
        #expect(try prefs("write", "d", "k", "-float", "0.1").status == 0)
        #expect(try prefs("write", "d", "list", "-array", "-float", "0.1", "-float", "2.5").status == 0)
        #expect(try prefs("write", "d", "map", "-dict", "x", "-float", "0.3").status == 0)
        #expect(try prefs("write", "d", "map", "-dict-add", "y", "-float", "0.7").status == 0)
        #expect(try prefs("write", "d", "list", "-array-add", "-float", "0.2").status == 0)
        #expect(try prefs("write", "d", "exact", "--json", "0.1").status == 0)
        #expect(
            try python("(v['k'], v['list'], v['map'], v['exact'])")
                == "(0.10000000149011612, [0.10000000149011612, 2.5, 0.20000000298023224], {'x': 0.30000001192092896, 'y': 0.699999988079071}, 0.1)\n")
        #expect(try prefs("read", "d", "k").stdout == "0.1\n")
        #expect(
            try prefs("read", "d").stdout
                == "{\n    exact = \"0.1\";\n    k = \"0.1\";\n    list =     (\n        \"0.1\",\n        \"2.5\",\n        \"0.2\"\n    );\n    map =     {\n        x = \"0.3\";\n        y = \"0.7\";\n    };\n}\n"
        )
        #expect(try prefs("read", "--json", "d", "k").stdout == "0.10000000149011612\n")
        #expect(try prefs("read", "--xml", "d", "k").stdout.contains("<real>0.10000000149011612</real>"))
    }

    /// A number beyond a 32-bit float's range, or so small it would be 0, is refused by `-float`
    /// with what `defaults` would have stored, wherever a type flag goes; nothing is written.
    @Test(
        arguments: [
            (["-float", "1e39"], "out of range for -float, which stores a 32-bit float as defaults does (beyond ±3.4028235e+38", "defaults would store inf)"),
            (["-array", "-float", "-3.5e38"], "out of range for -float", "defaults would store -inf)"),
            (["-dict", "x", "-float", "1e300"], "out of range for -float", "give --json 1e300 for a 64-bit real; defaults would store inf)"),
            (["-float", "1e-300"], "too small for -float, which stores a 32-bit float as defaults does (the smallest is 1e-45", "defaults would store 0)")
        ])
    func floatOutOfRangeIsRefused(words: [String], problem: String, stored: String) throws {
        #expect(try prefs("write", "d", "keep", "1").status == 0)
        let before = folder.bytes("d.plist")
        let result = try Shell.prefs(["write", "d", "k"] + words, home: home)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(problem) && result.stderr.contains(stored), "\(result)")
        #expect(folder.bytes("d.plist") == before)
    }

    /// A domain prints whole reals as `defaults` does, `1` rather than `1.0`, other reals quoted
    /// (`"0.5"`, as `defaults read` prints `"autohide-time-modifier" = "0.5";`), and dates
    /// quoted with a space and `+0000`; negative zero keeps its sign (`"-0"`, as `NSNumber`
    /// describes it).
    @Test func domainPrintsRealsAndDatesAsDefaults() throws {
        #expect(try prefs("write", "d", "whole", "-float", "2").status == 0)
        #expect(try prefs("write", "d", "half", "-float", "0.5").status == 0)
        #expect(try prefs("write", "d", "list", "--json", "[1.0, -0.0, 1e20]").status == 0)
        #expect(try prefs("write", "d", "when", "-date", "2024-02-29T12:34:56Z").status == 0)
        #expect(
            try prefs("read", "d").stdout
                == "{\n    half = \"0.5\";\n    list =     (\n        1,\n        \"-0\",\n        \"1e+20\"\n    );\n    when = \"2024-02-29 12:34:56 +0000\";\n    whole = 2;\n}\n"
        )
    }

    /// A domain prints in the layout and quoting of `defaults read` (as transcripts of
    /// `defaults read com.apple.dock` show it): a nested container starts with its own
    /// indentation after `key = `, strings other than ASCII letters and digits are quoted, data
    /// is `{length = N, bytes = 0x…}`, and an empty array is `(` and `)` on two lines.
    @Test func domainPrintsInTheLayoutOfDefaultsRead() throws {
        #expect(try prefs("write", "com.apple.dock", "autohide", "-bool", "true").status == 0)
        #expect(
            try prefs(
                "write", "com.apple.dock", "persistent-apps", "-array",
                #"{ GUID = 1234; "tile-data" = { "file-label" = Safari; }; "tile-type" = "file-tile"; }"#
            ).status == 0)
        #expect(try prefs("write", "com.apple.dock", "persistent-others", "-array").status == 0)
        #expect(try prefs("write", "com.apple.dock", "_CFURLStringType", "-int", "15").status == 0)
        #expect(try prefs("write", "com.apple.dock", "book", "-data", "0a0bff").status == 0)
        #expect(
            try prefs("read", "com.apple.dock").stdout == """
                {
                    "_CFURLStringType" = 15;
                    autohide = 1;
                    book = {length = 3, bytes = 0x0a0bff};
                    "persistent-apps" =     (
                                {
                            GUID = 1234;
                            "tile-data" =             {
                                "file-label" = Safari;
                            };
                            "tile-type" = "file-tile";
                        }
                    );
                    "persistent-others" =     (
                    );
                }

                """)
    }

    /// Arrays and dictionaries, with typed elements, and their -add forms.
    @Test func collections() throws {
        #expect(try prefs("write", "d", "list", "-array", "a", "-int", "2", "-bool", "no").status == 0)
        #expect(try python("v['list']") == "['a', 2, False]\n")
        #expect(try prefs("write", "d", "list", "-array-add", "c").status == 0)
        #expect(try python("v['list']") == "['a', 2, False, 'c']\n")
        #expect(try prefs("write", "d", "map", "-dict", "x", "1", "y", "-int", "2").status == 0)
        #expect(try prefs("write", "d", "map", "-dict-add", "z", "-float", "0.5", "x", "one").status == 0)
        #expect(try python("sorted(v['map'].items())") == "[('x', 'one'), ('y', 2), ('z', 0.5)]\n")
        #expect(try prefs("write", "d", "json", "--json", #"{"a": [1, 2.5, true, "s"], "b": {}}"#).status == 0)
        #expect(try python("v['json']") == "{'a': [1, 2.5, True, 's'], 'b': {}}\n")
        let text = try prefs("read", "d", "list")
        #expect(text.stdout == "(\n    a,\n    2,\n    0,\n    c\n)\n")
        #expect(try prefs("read", "d", "json", "--json").stdout == "{\n  \"a\": [\n    1,\n    2.5,\n    true,\n    \"s\"\n  ],\n  \"b\": {}\n}\n")
    }

    /// A <dict> literal replaces the whole domain.
    @Test func replacesWholeDomain() throws {
        #expect(try prefs("write", "d", "old", "1").status == 0)
        #expect(try prefs("write", "d", "<dict><key>new</key><integer>2</integer></dict>").status == 0)
        #expect(try python("v") == "{'new': 2}\n")
    }

    /// Nested values through --key-path, with escaped dots and array indices.
    @Test func keyPaths() throws {
        #expect(try prefs("write", "d", "--key-path", "a.b.c", "-int", "1").status == 0)
        #expect(try prefs("write", "d", "--key-path", "version\\.major", "3").status == 0)
        #expect(try prefs("write", "d", "list", "-array", "x", "y").status == 0)
        #expect(try prefs("write", "d", "--key-path", "list.1", "Y").status == 0)
        #expect(try prefs("write", "d", "--key-path", "list.2", "z").status == 0)
        #expect(try python("(v['a'], v['version.major'], v['list'])") == "({'b': {'c': 1}}, '3', ['x', 'Y', 'z'])\n")
        #expect(try Shell.prefs(["read", "d", "--key-path", "a.b.c"], home: home).stdout == "1\n")
        #expect(try Shell.prefs(["read", "d", "--key-path", "list.0"], home: home).stdout == "x\n")
        #expect(try Shell.prefs(["delete", "d", "--key-path", "list.0"], home: home).status == 0)
        #expect(try python("v['list']") == "['Y', 'z']\n")
        let beyond = try Shell.prefs(["write", "d", "--key-path", "list.9", "q"], home: home)
        #expect(beyond.status == 2 && beyond.stderr.contains("list.9"), "\(beyond)")
        let through = try Shell.prefs(["write", "d", "--key-path", "version\\.major.x", "q"], home: home)
        #expect(through.status == 2, "\(through)")
        #expect(try Shell.prefs(["read", "d", "--key-path", "a.missing"], home: home).status == 1)
    }

    /// Files are 0600 and folders 0700 whatever the umask.
    @Test(arguments: ["000", "022", "077"])
    func permissions(umask: String) throws {
        let result = try Shell.sh("umask \(umask); exec \"$PREFS\" write d k v", home: folder.file("deep/store"))
        #expect(result.status == 0, "\(result)")
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try mode(folder.file("deep")) == 0o700)
        #expect(try mode(folder.file("deep/store")) == 0o700)
        #expect(try mode(folder.file("deep/store/d.plist")) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("deep/store")) == ["d.plist"])
    }
}
