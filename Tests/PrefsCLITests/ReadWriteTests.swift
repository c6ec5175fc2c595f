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
            (["-float", "2.5"], "2.5", "real", "2.5"),
            (["-bool", "yes"], "1", "boolean", "True"),
            (["-boolean", "FALSE"], "0", "boolean", "False"),
            (["-bool", "1"], "1", "boolean", "True"),
            (["-date", "2024-02-29T12:34:56Z"], "2024-02-29T12:34:56Z", "date", "datetime.datetime(2024, 2, 29, 12, 34, 56)"),
            (["-date", "2024-02-29 14:34:56 +0200"], "2024-02-29T12:34:56Z", "date", "datetime.datetime(2024, 2, 29, 12, 34, 56)"),
            (["-date", "2024-02-29"], "2024-02-29T00:00:00Z", "date", "datetime.datetime(2024, 2, 29, 0, 0)"),
            (["-data", "0a0B"], "0a0b", "data", "b'\\n\\x0b'"),
            (["<integer>7</integer>"], "7", "integer", "7"),
            (["--json", "3"], "3", "integer", "3")
        ])
    func typeFlagStoresType(words: [String], printed: String, type: String, python: String) throws {
        let write = try Shell.prefs(["write", "d", "k"] + words, home: home)
        #expect(write.status == 0, "\(write)")
        #expect(write.stdout.isEmpty && write.stderr.isEmpty)
        #expect(try prefs("read", "d", "k").stdout == printed + "\n")
        #expect(try prefs("read-type", "d", "k").stdout == type + "\n")
        #expect(try self.python("v['k']") == python + "\n")
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
        #expect(try mode(folder.file("deep/store/.locks")) == 0o700)
        #expect(try mode(folder.file("deep/store/.locks/d.plist.lock")) == 0o600)
    }
}
