import Foundation
import TestSupport
import Testing

/// The fast path (`prefs read`, `write` and `validate` without the argument parser) must do
/// exactly what the parser does with the same line: each shape runs once as typed and once in
/// a form only the parser takes (`--root "$PREFS_HOME"`, or `--` before validate's files),
/// each on a fresh copy of the same store, and stdout, stderr, status and the files must match.
@Suite("Fast path parity")
struct FastPathParityTests {
    /// A store with a domain `d` holding a string, an array and a nested dictionary.
    private static func seededFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>a.b</key>
            \t<string>dotted</string>
            \t<key>arr</key>
            \t<array><string>x</string><integer>2</integer></array>
            \t<key>k</key>
            \t<string>v</string>
            \t<key>nest</key>
            \t<dict><key>in</key><real>1.5</real></dict>
            </dict>
            </plist>
            """, to: "d.plist")
        try folder.write("<plist><true/></plist>", to: "good.plist")
        try folder.write(
            """
            <plist>
            <dict>
            <key>pfm_subkeys</key>
            <array><dict><key>pfm_name</key><string>k</string><key>pfm_type</key><string>string</string>
            <key>pfm_range_list</key><array><string>x</string></array></dict></array>
            </dict>
            </plist>
            """, to: "m.plist")
        try folder.write("<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>", to: "bad.plist")
        return folder
    }

    /// Runs `arguments` and `twin` on fresh copies of the seeded store and compares everything.
    private func expectSameResult(_ arguments: [String], _ twin: (String) -> [String]) throws {
        let fast = try Self.seededFolder()
        let parsed = try Self.seededFolder()
        // The file names differ between the two folders; name the copies the same way.
        let fastResult = try Shell.prefs(arguments.map { $0.replacing("@", with: fast.path) }, home: fast.path)
        let parsedResult = try Shell.prefs(twin(parsed.path).map { $0.replacing("@", with: parsed.path) }, home: parsed.path)
        func normalized(_ text: String, _ folder: TemporaryFolder) -> String { text.replacing(folder.path, with: "@") }
        #expect(fastResult.status == parsedResult.status, "\(arguments): \(fastResult) vs \(parsedResult)")
        #expect(normalized(fastResult.stdout, fast) == normalized(parsedResult.stdout, parsed), "\(arguments)")
        #expect(normalized(fastResult.stderr, fast) == normalized(parsedResult.stderr, parsed), "\(arguments)")
        #expect(fast.names() == parsed.names(), "\(arguments)")
        for name in fast.names() where name.hasSuffix(".plist") {
            #expect(fast.bytes(name) == parsed.bytes(name), "\(arguments): \(name)")
        }
    }

    /// read DOMAIN [KEY] matches read --root HOME DOMAIN [KEY].
    @Test(
        arguments: [
            ["d"], ["d", "k"], ["d", "arr"], ["d", "nest"], ["d", "a.b"], ["d", "missing"], ["nosuch"], ["nosuch", "k"],
            ["../x"], [".hidden", "k"], [""], ["d", ""], ["NSGlobalDomain"], ["d", "k\u{301}"]
        ])
    func readMatchesParser(words: [String]) throws {
        try expectSameResult(["read"] + words) { ["read", "--root", $0] + words }
    }

    /// write DOMAIN KEY ... matches write --root HOME DOMAIN KEY ...
    @Test(
        arguments: [
            ["d", "k", "new"], ["d", "k", "-int", "5"], ["d", "k", "-int", "x"], ["d", "k", "-int"], ["d", "k"], ["d"],
            ["d", "<dict><key>z</key><true/></dict>"], ["d", "<array/>"], ["d", "<dict>"],
            ["d", "k", "-array", "a", "-int", "1"], ["d", "arr", "-array-add", "y"], ["d", "k", "-array-add", "y"],
            ["d", "nest", "-dict-add", "more", "-bool", "yes"], ["d", "k", "-array", "-array", "a"],
            ["d", "k", "-dict", "a", "1", "a", "2"], ["d", "k", "-dict", "a", "-array", "b"], ["d", "k", "-integr", "5"],
            ["d", "k", "-bol"], ["d", "k", "-array", "-bol", "yes"], ["d", "k", "-date", "2023-02-29"], ["d", "k", "-date", "now"],
            ["d", "--help"], ["d", "-h"], ["d", "k", "--help"], ["d", "--", "-k", "v"], ["d", "k", "--", "v"], ["d", "-k", "v"],
            ["d", "--", "--key-path", "v"], ["d", "--key-path", "nest.in", "-float", "2"], ["d", "--key-path", "a\\.b", "x"],
            ["d", "--key-path"], ["d", "--key-path", "a..b", "x"], ["d", "k", "--json", "{"], ["d", "k", "--json", "[1, {\"a\": null}]"],
            ["d", "k", "v", "--root", "x"], ["d", "--root", "x", "v"], ["d", "-g", "k", "v"], ["d", "--file", "@/f", "k", "v"],
            ["d", "-globalDomain", "v"], ["d", "k", "-h"], ["d", "k", "v", "w"], ["d", "k", "-g"], ["../x", "k", "v"], ["new", "k", "v"],
            ["d", "k", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<array><string>a</string></array>\n</plist>"],
            ["d", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>w</key><string>x</string></dict>\n</plist>"],
            ["d", "<?xml version=\"1.0\"?><plist version=\"1.0\"><array/></plist>"], ["d", "k", "-data", "0a0"]
        ])
    func writeMatchesParser(words: [String]) throws {
        try expectSameResult(["write"] + words) { ["write", "--root", $0] + words }
    }

    /// validate [-q] FILE... matches validate [-q] -- FILE...
    @Test(
        arguments: [
            ["@/good.plist"], ["@/bad.plist"], ["@/good.plist", "@/bad.plist"], ["-q", "@/good.plist", "@/bad.plist"],
            ["@/good.plist", "--quiet"], ["@/missing.plist"], ["@"], ["-"]
        ])
    func validateMatchesParser(words: [String]) throws {
        let quiet = words.filter { $0 == "-q" || $0 == "--quiet" }
        try expectSameResult(["validate"] + words) { _ in ["validate"] + quiet + ["--"] + words.filter { !quiet.contains($0) } }
    }

    /// validate --manifest M FILE... matches validate --manifest M -- FILE...
    @Test(
        arguments: [
            (["--manifest", "@/m.plist"], ["@/d.plist"]),
            (["-q", "--strict", "--manifest", "@/m.plist"], ["@/d.plist", "@/good.plist"]),
            (["--manifest", "@/m.plist"], ["@/bad.plist", "-"]),
            (["--manifest", "@/missing.plist"], ["@/d.plist"]),
            (["--manifest", "@/good.plist"], ["@/d.plist"])
        ])
    func validateWithAManifestMatchesParser(options: [String], files: [String]) throws {
        try expectSameResult(["validate"] + options + files) { _ in ["validate"] + options + ["--"] + files }
    }
}
