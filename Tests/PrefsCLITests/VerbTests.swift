import Foundation
import TestSupport
import Testing

/// The verbs besides read and write, and the targets (`--root`, `--file`, `-g`).
@Suite("Verbs")
struct VerbTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    /// delete removes a key, then the domain; missing ones exit 1.
    @Test func delete() throws {
        _ = try prefs("write", "d", "a", "1")
        _ = try prefs("write", "d", "b", "2")
        #expect(try prefs("delete", "d", "a").status == 0)
        #expect(try prefs("read", "d", "a").status == 1)
        #expect(try prefs("delete", "d", "a").status == 1)
        #expect(try prefs("delete", "d").status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.file("d.plist")))
        let missing = try prefs("delete", "d")
        #expect(missing.status == 1 && missing.stderr.contains("does not exist"))
        #expect(try prefs("read", "nothing").status == 1)
    }

    /// domains lists sorted names; read with no domain prints everything.
    @Test func domainsAndEverything() throws {
        for name in ["zeta", "alpha", "Mid"] { _ = try prefs("write", name, "k", name) }
        #expect(try prefs("domains").stdout == "Mid\nalpha\nzeta\n")
        #expect(
            try prefs("read", "--json").stdout
                == "{\n  \"Mid\": {\n    \"k\": \"Mid\"\n  },\n  \"alpha\": {\n    \"k\": \"alpha\"\n  },\n  \"zeta\": {\n    \"k\": \"zeta\"\n  }\n}\n")
    }

    /// find prints DOMAIN: KEY = VALUE for keys and values, and exits 1 on no match.
    @Test func find() throws {
        _ = try prefs("write", "com.example.editor", "fontName", "Menlo")
        _ = try prefs("write", "com.example.editor", "theme", "Solarized Menlo")
        _ = try prefs("write", "other", "x", "y")
        let result = try prefs("find", "menlo")
        #expect(result.stdout == "com.example.editor: fontName = Menlo\ncom.example.editor: theme = Solarized Menlo\n")
        #expect(try prefs("find", "no-such-thing").status == 1)
    }

    /// rename moves a value and refuses to overwrite.
    @Test func rename() throws {
        _ = try prefs("write", "d", "old", "-int", "5")
        _ = try prefs("write", "d", "taken", "x")
        #expect(try prefs("rename", "d", "old", "new").status == 0)
        #expect(try prefs("read", "d", "new").stdout == "5\n")
        #expect(try prefs("rename", "d", "old", "new").status == 1)
        #expect(try prefs("rename", "d", "new", "taken").status == 2)
    }

    /// export and import round-trip a domain; an invalid import changes nothing.
    @Test func exportImport() throws {
        _ = try prefs("write", "d", "a", "-int", "1")
        _ = try prefs("write", "d", "b", "-array", "x")
        let exported = try prefs("export", "d", "-")
        #expect(exported.status == 0)
        #expect(exported.stdout == String(decoding: folder.bytes("d.plist") ?? [], as: UTF8.self))
        #expect(try prefs("export", "d", folder.file("copy.plist")).status == 0)
        #expect(try prefs("import", "e", folder.file("copy.plist")).status == 0)
        #expect(folder.bytes("e.plist") == folder.bytes("d.plist"))
        let before = folder.bytes("e.plist")
        try folder.write("<plist><dict><key>a</key><integer>oops</integer></dict></plist>", to: "bad.xml")
        let bad = try prefs("import", "e", folder.file("bad.xml"))
        #expect(bad.status == 3 && bad.stderr.contains("bad.xml:1:35: error:"), "\(bad)")
        #expect(folder.bytes("e.plist") == before)
        let fromStdin = try Shell.prefs(["import", "f", "-"], home: home, input: "<plist><dict><key>z</key><true/></dict></plist>")
        #expect(fromStdin.status == 0)
        #expect(try prefs("read", "f", "z").stdout == "1\n")
    }

    /// --file works on any plist file, -g on the global domain, --root on another store.
    @Test func targets() throws {
        let file = folder.file("loose.plist")
        #expect(try prefs("write", "--file", file, "k", "-int", "3").status == 0)
        #expect(try prefs("read", "--file", file, "k").stdout == "3\n")
        #expect(try prefs("write", "-g", "AppleLanguage", "en").status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("NSGlobalDomain.plist")))
        #expect(try prefs("read", "-g", "AppleLanguage").stdout == "en\n")
        let other = folder.file("other-root")
        #expect(try prefs("write", "--root", other, "d", "k", "v").status == 0)
        #expect(FileManager.default.fileExists(atPath: other + "/d.plist"))
        #expect(try prefs("read", "--xml", "--root", other, "d", "k").stdout.contains("<string>v</string>"))
    }

    /// A corrupt domain is never changed by any command, and the message gives file:line.
    @Test func corruptDomainIsUntouched() throws {
        try folder.write("<plist version=\"1.0\">\n<dict>\n<key>a</key>\n<integer>12abc</integer>\n</dict>\n</plist>\n", to: "d.plist")
        let before = folder.bytes("d.plist")
        for arguments in [
            ["read", "d"], ["write", "d", "k", "v"], ["delete", "d", "a"], ["delete", "d"], ["rename", "d", "a", "b"],
            ["import", "d", "-"], ["write", "d", "<dict/>"], ["find", "x"]
        ] {
            let result = try Shell.prefs(arguments, home: home, input: "<plist><dict/></plist>")
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.stderr.contains("d.plist:4:10: error: <integer> holds \"12abc\""), "\(arguments): \(result.stderr)")
            #expect(folder.bytes("d.plist") == before, "\(arguments) changed the file")
        }
    }

    /// validate prints FILE: OK, FILE:LINE: error: lines, and exits 3 if any file is invalid.
    @Test func validate() throws {
        try folder.write("<plist><string>ok</string></plist>", to: "good.plist")
        try folder.write("<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>", to: "bad.plist")
        let good = folder.file("good.plist")
        let bad = folder.file("bad.plist")
        let both = try prefs("validate", good, bad)
        #expect(both.status == 3)
        #expect(both.stdout == "\(good): OK\n")
        #expect(both.stderr.hasPrefix("\(bad):4:1: error: the <dict> ends after a <key> that has no value"), "\(both.stderr)")
        let quiet = try prefs("validate", "--quiet", good)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty)
        let stdin = try Shell.prefs(["validate", "-"], home: home, input: "<plist><true/></plist>")
        #expect(stdin.status == 0 && stdin.stdout == "<stdin>: OK\n")
        let badStdin = try Shell.prefs(["validate", "-"], home: home, input: "<plist>\n<ture/></plist>")
        #expect(badStdin.status == 3 && badStdin.stderr.hasPrefix("<stdin>:2:1: error: <ture> is not allowed inside <plist>"), "\(badStdin)")
        #expect(try prefs("validate", folder.file("missing.plist")).status == 1)
    }

    /// convert prints canonical XML or JSON, or writes OUT atomically.
    @Test func convert() throws {
        try folder.write("<plist><dict><key>b</key><real>0.1</real><key>a</key><data>AAE=</data></dict></plist>", to: "in.plist")
        let xml = try prefs("convert", folder.file("in.plist"))
        #expect(xml.stdout.contains("\t<key>a</key>\n\t<data>\n\tAAE=\n\t</data>\n\t<key>b</key>\n\t<real>0.10000000000000001</real>\n"))
        #expect(try prefs("convert", folder.file("in.plist"), "--to", "json").stdout == "{\n  \"a\": \"AAE=\",\n  \"b\": 0.1\n}\n")
        #expect(try prefs("convert", folder.file("in.plist"), "-o", folder.file("out.plist")).status == 0)
        #expect(folder.bytes("out.plist") == Array(xml.stdout.utf8))
    }
}
