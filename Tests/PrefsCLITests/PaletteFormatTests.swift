import Foundation
import PropertyLists
import TestSupport
import Testing

/// The palette format as other tools see it: the stored array meets `Schemas/palettes.schema.json`
/// and decodes with EmojiArt's `Codable`, its format key holds the schema's `$id`, `export --json`
/// gives emojis as grapheme clusters and meets `Schemas/palettes-export.schema.json`, and
/// README's Python and jq recipe runs as written.
@Suite("Palette format for other tools")
struct PaletteFormatTests {
    let folder = TemporaryFolder()
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schemas").path

    /// EmojiArt's palette, as the app declares it.
    struct EmojiArtPalette: Codable, Equatable {
        var name: String
        var emojis: String
        var id: Int
    }

    func prefs(_ arguments: String..., input: String = "") throws -> CommandResult {
        try Shell.prefs(arguments, home: folder.path, input: input)
    }

    /// Palettes with a family, a flag, a keycap and a skin tone: one grapheme cluster each.
    func makeStore() throws {
        #expect(try prefs("palette", "add", "Mixed", "--emojis", "👨‍👩‍👧🇫🇷1️⃣👍🏽", "--at", "0").status == 0)
    }

    func domain() throws -> PropertyListDictionary {
        try #require(try PropertyListReader().read(contentsOf: folder.file("palettes.plist")).dictionaryValue)
    }

    @Test func theStoredArrayIsWhatEmojiArtDecodesAndItsFormatIsBesideIt() throws {
        try makeStore()
        let domain = try domain()
        let schema = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.schemas + "/palettes.schema.json"))) as? [String: Any])
        #expect(domain["PaletteStoreFormat:Main"] == .string(try #require(schema["$id"] as? String)))
        guard case .data(let bytes)? = domain["PaletteStore:Main"] else {
            Issue.record("PaletteStore:Main is not data")
            return
        }
        let palettes = try JSONDecoder().decode([EmojiArtPalette].self, from: Data(bytes))
        #expect(palettes.first == EmojiArtPalette(name: "Mixed", emojis: "👨‍👩‍👧🇫🇷1️⃣👍🏽", id: 10))
        #expect(palettes.count == 10)
    }

    @Test func exportGivesEmojisAsGraphemeClustersAndImportTakesThem() throws {
        try makeStore()
        let export = try prefs("palette", "export", "--json")
        #expect(export.status == 0, "\(export)")
        let palettes = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [[String: Any]])
        #expect(palettes.first?["emojis"] as? [String] == ["👨‍👩‍👧", "🇫🇷", "1️⃣", "👍🏽"])
        let before = try prefs("palette", "export")
        #expect(try prefs("palette", "import", "-", input: export.stdout).status == 0)
        #expect(try prefs("palette", "export").stdout == before.stdout)
        #expect(try prefs("palette", "export", "--json").stdout == export.stdout)
        let wrong = try prefs("palette", "import", "-", input: #"[{"emojis": ["😀", 1], "id": 1, "name": "X"}]"#)
        #expect(wrong.status == 2 && wrong.stderr.contains("an item of \"emojis\" of palette 1 is not a string"), "\(wrong)")
    }

    /// Both schemas accept what prefs writes and prints, and refuse a broken palette (Python's
    /// `jsonschema`, Draft 2020-12, as the schemas declare).
    @Test func theSchemasAcceptWhatPrefsWritesAndRefuseBrokenPalettes() throws {
        try makeStore()
        guard case .data(let bytes)? = try domain()["PaletteStore:Main"] else {
            Issue.record("PaletteStore:Main is not data")
            return
        }
        try folder.write(String(decoding: bytes, as: UTF8.self), to: "stored.json")
        try folder.write(try prefs("palette", "export", "--json").stdout, to: "export.json")
        try folder.write(#"[{"emojis": "😀", "id": 1.5, "name": " padded"}]"#, to: "broken.json")
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("pip install jsonschema"); sys.exit(2)
            def errors(schema, document):
                schema = json.load(open(schema))
                jsonschema.Draft202012Validator.check_schema(schema)
                return [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(document)))]
            stored, export, broken = sys.argv[1:4]
            print(errors(stored, "stored.json"), errors(export, "export.json"), len(errors(stored, "broken.json")), len(errors(export, "stored.json")) > 0)
            """
        let result = try Shell.run(
            "/usr/bin/env",
            ["python3", "-c", script, Self.schemas + "/palettes.schema.json", Self.schemas + "/palettes-export.schema.json", "broken"],
            workingIn: folder.path)
        #expect(result.status == 0, "Python's jsonschema is needed (pip install jsonschema; .ci/run installs it): \(result)")
        #expect(result.stdout == "[] [] 2 True\n", "\(result)")
    }

    /// README's recipe block, run as written by /bin/sh with prefs on the PATH.
    @Test func readmeRecipeRuns() throws {
        try makeStore()
        let readme = try String(contentsOfFile: Self.schemas + "/../README.md", encoding: .utf8)
        let marked = try #require(readme.range(of: "<!-- palette recipes -->\n```sh\n"))
        let block = String(readme[marked.upperBound...])
        let recipe = String(block[..<(try #require(block.range(of: "\n```\n"))).lowerBound])
        let prefsFolder = URL(fileURLWithPath: Shell.prefs).deletingLastPathComponent().path
        let result = try Shell.sh("PATH=\"\(prefsFolder):$PATH\"\n" + recipe, home: folder.path)
        #expect(result.status == 0 && result.stderr == "", "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 30, "\(result.stdout)")
        #expect(lines.first == "10 Mixed 👨‍👩‍👧🇫🇷1️⃣👍🏽")
        #expect(lines[10] == "Mixed")
        #expect(lines[20] == "Mixed: 👨‍👩‍👧 🇫🇷 1️⃣ 👍🏽")
    }
}
