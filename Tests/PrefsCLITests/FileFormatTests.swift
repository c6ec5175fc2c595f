import Foundation
import TestSupport
import Testing

/// `--file` works on a property list in any format prefs reads, and a change keeps the file's
/// format (binary from a Mac, JSON, old-style text) unless `write --to` names another.
@Suite("Lone files in any format")
struct FileFormatTests {
    let folder = TemporaryFolder()

    private func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: folder.path) }

    /// The file as Python's plistlib reads it (binary or XML), in JSON.
    private func plistlib(_ name: String) throws -> String {
        try Shell.run(
            "/usr/bin/python3",
            [
                "-c", "import plistlib,json,sys;print(json.dumps(plistlib.load(open(sys.argv[1],'rb')),sort_keys=True,default=repr))",
                folder.file(name)
            ]
        ).stdout
    }

    private func make(_ script: String) throws {
        let result = try Shell.run("/usr/bin/python3", ["-c", "import plistlib,json,os;os.chdir('\(folder.path)');" + script])
        try #require(result.status == 0, "\(result)")
    }

    /// A binary file stays binary through write, delete and rename.
    @Test func binaryStaysBinary() throws {
        try make("plistlib.dump({'a': 1, 'd': b'xy'}, open('b.plist', 'wb'), fmt=plistlib.FMT_BINARY)")
        #expect(try prefs("write", "--file", folder.file("b.plist"), "k", "-int", "7").status == 0)
        #expect(try prefs("delete", "--file", folder.file("b.plist"), "a").status == 0)
        #expect(try prefs("rename", "--file", folder.file("b.plist"), "k", "n").status == 0)
        #expect(folder.bytes("b.plist")?.starts(with: Array("bplist00".utf8)) == true)
        #expect(try plistlib("b.plist") == "{\"d\": \"b'xy'\", \"n\": 7}\n")
    }

    /// JSON and old-style files are read and keep their format when written.
    @Test func jsonAndOldStyleKeepTheirFormat() throws {
        try folder.write("{\"a\": [1, 2.5, true]}", to: "j.json")
        try folder.write("\"greeting\" = \"hello\";\n", to: "Localizable.strings")
        #expect(try prefs("read", "--file", folder.file("j.json"), "a", "--json").stdout == "[\n  1,\n  2.5,\n  true\n]\n")
        #expect(try prefs("read", "--file", folder.file("Localizable.strings"), "greeting").stdout == "hello\n")
        #expect(try prefs("write", "--file", folder.file("j.json"), "k", "-int", "2").status == 0)
        #expect(try prefs("write", "--file", folder.file("Localizable.strings"), "bye", "ciao").status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(folder.bytes("j.json") ?? [])) as? [String: Any]
        #expect(json?["k"] as? Int == 2)
        #expect(try prefs("read", "--file", folder.file("Localizable.strings"), "bye").stdout == "ciao\n")
        #expect(String(decoding: folder.bytes("Localizable.strings") ?? [], as: UTF8.self).contains("\"bye\" = \"ciao\";"))
    }

    /// write --to changes a file's format; a value the format cannot carry is refused and the file kept.
    @Test func toChangesTheFormat() throws {
        try make("plistlib.dump({'a': 1}, open('b.plist', 'wb'), fmt=plistlib.FMT_BINARY)")
        let converted = try prefs("write", "--to", "xml", "--file", folder.file("b.plist"), "k", "v")
        #expect(converted.status == 0, "\(converted)")
        #expect(folder.bytes("b.plist")?.starts(with: Array("<?xml".utf8)) == true)
        #expect(try plistlib("b.plist") == "{\"a\": 1, \"k\": \"v\"}\n")
        try folder.write("{\"a\": 1}", to: "j.json")
        let before = folder.bytes("j.json")
        let nan = try prefs("write", "--file", folder.file("j.json"), "r", "-float", "nan")
        #expect(nan.status == 2 && nan.stderr.contains("json"), "\(nan)")
        #expect(folder.bytes("j.json") == before)
        #expect(try prefs("write", "--to", "binary", "--file", folder.file("j.json"), "r", "-float", "nan").status == 0)
        #expect(folder.bytes("j.json")?.starts(with: Array("bplist00".utf8)) == true)
    }

    /// --to names the format of a --file only; a domain is always XML.
    @Test func toNeedsAFile() throws {
        let result = try prefs("write", "--to", "json", "d", "k", "v")
        #expect(result.status == 2 && result.stderr.contains("--to applies to --file only"), "\(result)")
        #expect(folder.names().isEmpty)
    }

    /// A `.strings` file is written back as one: quoted `"key" = "value";` lines, no braces,
    /// entries sorted by key; its comments are not kept.
    @Test func writeKeepsAStringsFileAStringsFile() throws {
        try folder.write("/* Localizable.strings */\n\"b\" = \"x\";\n\"a\" = \"b\";\n", to: "A.strings")
        let written = try prefs("write", "--file", folder.file("A.strings"), "greeting", "hello")
        #expect(written.status == 0, "\(written)")
        #expect(String(decoding: folder.bytes("A.strings") ?? [], as: UTF8.self) == "\"a\" = \"b\";\n\"b\" = \"x\";\n\"greeting\" = \"hello\";\n")
        #expect(try prefs("write", "--file", folder.file("A.strings"), "nested", "-dict", "k", "v").status == 0)
        #expect(try prefs("read", "--file", folder.file("A.strings"), "nested", "--json").stdout == "{\n  \"k\": \"v\"\n}\n")
        #expect(String(decoding: folder.bytes("A.strings") ?? [], as: UTF8.self).hasSuffix("\"nested\" = {\n    k = v;\n};\n"))
    }

    /// Deleting every entry leaves a `.strings` file that still reads, and stays one.
    @Test func emptiedStringsFileStaysAStringsFile() throws {
        try folder.write("\"a\" = \"b\";\n", to: "A.strings")
        #expect(try prefs("delete", "--file", folder.file("A.strings"), "a").status == 0)
        #expect(String(decoding: folder.bytes("A.strings") ?? [], as: UTF8.self) == "/* no entries */\n")
        #expect(try prefs("write", "--file", folder.file("A.strings"), "k", "v").status == 0)
        #expect(String(decoding: folder.bytes("A.strings") ?? [], as: UTF8.self) == "\"k\" = \"v\";\n")
    }

    /// Old-style text in braces stays in braces, and `--to openstep` writes braces.
    @Test func oldStyleInBracesStaysInBraces() throws {
        try folder.write("{ a = b; }", to: "o.txt")
        #expect(try prefs("write", "--file", folder.file("o.txt"), "c", "d").status == 0)
        #expect(String(decoding: folder.bytes("o.txt") ?? [], as: UTF8.self) == "{\n    a = b;\n    c = d;\n}\n")
        try folder.write("\"a\" = \"b\";\n", to: "A.strings")
        #expect(try prefs("write", "--to", "openstep", "--file", folder.file("A.strings"), "c", "d").status == 0)
        #expect(String(decoding: folder.bytes("A.strings") ?? [], as: UTF8.self) == "{\n    a = b;\n    c = d;\n}\n")
    }
}
