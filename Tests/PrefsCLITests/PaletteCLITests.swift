import Foundation
import Testing
import TestSupport

/// `prefs palette …` run as a real process.
@Suite("prefs palette")
struct PaletteCLITests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    func palette(_ arguments: String...) throws -> CommandResult { try Shell.prefs(["palette"] + arguments, home: home) }

    @Test("list shows the built-ins; --json gives index, id, name and emojis")
    func list() throws {
        let lines = try palette("list").stdout.split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines[0].hasPrefix("0\t1\tVehicles"))
        let json = try JSONSerialization.jsonObject(with: Data(palette("list", "--json").stdout.utf8)) as? [[String: Any]]
        #expect(json?.count == 9)
        #expect(json?[8]["name"] as? String == "Faces" && json?[8]["index"] as? Int == 8 && json?[8]["id"] as? Int == 9)
    }

    @Test("add, show, add-emojis, remove-emojis, rename, move, remove")
    func editing() throws {
        let added = try palette("add", "Hearts", "--emojis", "❤️🧡❤️", "--at", "99")
        #expect(added.status == 0 && added.stdout == "added \"Hearts\" with id 10 at index 9\n")
        #expect(added.stderr.contains("index 99 is out of range"))
        #expect(try palette("show", "--name", "Hearts").stdout == "Hearts (id 10, 2 emojis)\n❤️ 🧡\n")
        #expect(try palette("add-emojis", "--id", "10", "👨‍👩‍👧💛").status == 0)
        #expect(try palette("remove-emojis", "--id", "10", "🧡").status == 0)
        #expect(try palette("show", "--id", "10").stdout == "Hearts (id 10, 3 emojis)\n❤️ 👨‍👩‍👧 💛\n")
        #expect(try palette("rename", "--id", "10", "Love").status == 0)
        #expect(try palette("move", "--name", "Love", "--to", "0").status == 0)
        #expect(try palette("list").stdout.hasPrefix("0\t10\tLove"))
        #expect(try palette("remove", "--index", "0").status == 0)
        #expect(try palette("list").stdout.split(separator: "\n").count == 9)
    }

    @Test("Unknown ids and names exit 1; non-emoji exits 2 and changes nothing; the last palette stays")
    func refusals() throws {
        _ = try palette("add", "X", "--emojis", "😀")
        let before = folder.bytes("palettes.plist")
        #expect(try palette("show", "--id", "77").status == 1)
        #expect(try palette("rename", "--name", "Nope", "Y").status == 1)
        let bad = try palette("add-emojis", "--id", "10", "abc")
        #expect(bad.status == 2 && bad.stderr.contains("not emoji"))
        #expect(folder.bytes("palettes.plist") == before)
        for _ in 0..<9 { _ = try palette("remove", "--index", "0") }
        let last = try palette("remove", "--index", "0")
        #expect(last.status == 2 && last.stderr.contains("last palette"))
        #expect(try palette("list").stdout.split(separator: "\n").count == 1)
    }

    @Test("export --json then import into another store; invalid imports change nothing")
    func exportImport() throws {
        _ = try palette("add", "Mine", "--emojis", "🌲")
        let exported = try palette("export", "--json")
        try folder.write(exported.stdout, to: "palettes.json")
        #expect(try Shell.prefs(["palette", "--store", "Copy", "import", folder.file("palettes.json")], home: home).status == 0)
        #expect(try Shell.prefs(["palette", "--store", "Copy", "list"], home: home).stdout == palette("list").stdout)
        let before = folder.bytes("palettes.plist")
        try folder.write(#"[{"emojis":"abc","id":1,"name":"Bad"}]"#, to: "bad.json")
        #expect(try Shell.prefs(["palette", "--store", "Copy", "import", folder.file("bad.json")], home: home).status == 2)
        try folder.write("[1] Fine: 😀\nBroken line\n", to: "bad.txt")
        let text = try Shell.prefs(["palette", "--store", "Copy", "import", folder.file("bad.txt")], home: home)
        #expect(text.status == 2 && text.stderr.contains("bad.txt:2: error:"))
        #expect(folder.bytes("palettes.plist") == before)
    }

    @Test("edit applies a valid edit; an invalid one, declined, changes nothing")
    func edit() throws {
        try folder.write("#!/bin/sh\nsed -i 's/^\\[1\\] Vehicles:/[1] Cars:/' \"$1\"\n", to: "good-editor")
        try folder.write("#!/bin/sh\necho 'not a palette line' >> \"$1\"\n", to: "bad-editor")
        chmod(folder.file("good-editor"), 0o755)
        chmod(folder.file("bad-editor"), 0o755)
        let good = try Shell.prefs(["palette", "edit"], home: home, environment: ["EDITOR": folder.file("good-editor"), "VISUAL": ""])
        #expect(good.status == 0, "\(good)")
        #expect(try palette("list").stdout.hasPrefix("0\t1\tCars"))
        let before = folder.bytes("palettes.plist")
        let bad = try Shell.prefs(["palette", "edit"], home: home, environment: ["EDITOR": folder.file("bad-editor"), "VISUAL": ""], input: "n\n")
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.contains("error: expected NAME: EMOJIS"))
        #expect(folder.bytes("palettes.plist") == before)
    }

    @Test("4 processes × 25 palette add: all 100 palettes kept, ids unique")
    func concurrentAdds() throws {
        let scripts = (1...4).map { p in "for i in $(seq 1 25); do \"$PREFS\" palette add p\(p)-$i >/dev/null || exit 1; done" }
        for result in try Shell.runConcurrently(scripts, home: home) { #expect(result.status == 0, "\(result)") }
        let script = "import plistlib,json,sys\nd=plistlib.load(open(sys.argv[1],'rb'))\np=json.loads(d['PaletteStore:Main'])\nprint(len(p), len(set(x['id'] for x in p)))"
        let counts = try Shell.run("/usr/bin/python3", ["-c", script, folder.file("palettes.plist")])
        #expect(counts.stdout == "109 109\n", "\(counts)")
    }
}
