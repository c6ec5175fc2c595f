import Foundation
import PropertyLists
import TestSupport
import Testing

/// `prefs palette` run as a real process: listing, selecting and editing palettes, refusals
/// that change nothing, concurrent writers, and the file as other programs read it.
@Suite("prefs palette")
struct PaletteCLITests {
    let folder = TemporaryFolder()
    var home: String { folder.path }
    var domainFile: String { folder.file("palettes.plist") }

    func palette(_ arguments: String..., environment: [String: String] = [:], input: String = "") throws -> CommandResult {
        try Shell.prefs(["palette"] + arguments, home: home, environment: environment, input: input)
    }

    /// Stores `json` under `PaletteStore:<store>` of `palettes.plist`, without going through prefs.
    func store(_ json: String, as store: String = "Main") throws {
        var domain = (try? PropertyListReader().read(contentsOf: domainFile).dictionaryValue) ?? PropertyListDictionary()
        domain["PaletteStore:" + store] = .data(Array(json.utf8))
        try Data(PropertyListWriter().write(.dictionary(domain))).write(to: URL(fileURLWithPath: domainFile))
    }

    static let twoPalettes = #"[{"emojis":"😀🚗🌲","id":4,"name":"Short"},{"emojis":"🍏🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈🍒🍑","id":9,"name":"Much longer"}]"#

    /// list prints index, id, padded name, count and a preview cut at 12, tab-separated.
    @Test func listIsTabSeparated() throws {
        try store(Self.twoPalettes)
        let result = try palette("list")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == "0\t4\tShort      \t3\t😀🚗🌲\n1\t9\tMuch longer\t13\t🍏🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈🍒…\n")
    }

    /// list escapes a tab or backslash in a name, so each palette keeps its five fields; show
    /// escapes the name alike.
    @Test func listEscapesTabsAndBackslashesInNames() throws {
        try store(#"[{"emojis":"😀","id":1,"name":"a\tb"},{"emojis":"","id":2,"name":"c\\d"}]"#)
        #expect(try palette("list").stdout == "0\t1\ta\\tb\t1\t😀\n1\t2\tc\\\\d\t0\t\n")
        #expect(try palette("show", "--id", "1").stdout.hasPrefix("a\\tb (id 1"))
    }

    /// list on an empty folder shows the nine built-ins and writes nothing.
    @Test func listBuiltIns() throws {
        let result = try palette("list")
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.map { $0.count } == Array(repeating: 5, count: 9))
        #expect(rows.map { String($0[1]) } == (1...9).map(String.init))
        #expect(
            rows.map { $0[2].trimmingCharacters(in: .whitespaces) } == [
                "Vehicles", "Sports", "Music", "Animals", "Animal Faces", "Flora", "Weather", "COVID", "Faces"
            ])
        #expect(rows[2][3] == "9" && rows[2][4] == "🎼🎤🎹🪘🥁🎺🪗🪕🎻")
        #expect(folder.names().isEmpty)
    }

    /// list --json prints emojis, id, index and name of each palette.
    @Test func listJSON() throws {
        try store(#"[{"emojis":"😀","id":4,"name":"A \"quoted\" name"},{"emojis":"","id":2,"name":"B/C"}]"#)
        #expect(
            try palette("list", "--json").stdout == """
                [
                  {
                    "emojis": "😀",
                    "id": 4,
                    "index": 0,
                    "name": "A \\"quoted\\" name"
                  },
                  {
                    "emojis": "",
                    "id": 2,
                    "index": 1,
                    "name": "B/C"
                  }
                ]

                """)
    }

    /// show selects by --index (clamped, with a note), --id and --name.
    @Test func showSelects() throws {
        try store(Self.twoPalettes)
        let long = "Much longer (id 9, 13 emojis)\n🍏 🍎 🍐 🍊 🍋 🍌 🍉 🍇\n🍓 🫐 🍈 🍒 🍑\n"
        #expect(try palette("show", "--id", "9").stdout == long)
        #expect(try palette("show", "--name", "Much longer").stdout == long)
        #expect(try palette("show", "--index", "1").stdout == long)
        let clamped = try palette("show", "--index", "7")
        #expect(clamped.status == 0 && clamped.stdout == long)
        #expect(clamped.stderr == "note: index 7 is out of range (0...1); using 1\n")
        #expect(try palette("show", "--index=-3").stdout.hasPrefix("Short (id 4, 3 emojis)\n"))
        #expect(try palette("show", "--id", "4", "--columns", "2").stdout == "Short (id 4, 3 emojis)\n😀 🚗\n🌲\n")
    }

    /// A selector must name exactly one palette.
    @Test(arguments: [[String](), ["--id", "4", "--name", "Short"], ["--index", "0", "--id", "4"]])
    func selectorNeedsOne(selector: [String]) throws {
        try store(Self.twoPalettes)
        let result = try Shell.prefs(["palette", "show"] + selector, home: home)
        #expect(result.status == 2 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("select one palette"))
    }

    /// add gives the next id at the clamped index, with a note on stderr when clamped.
    @Test(
        arguments: [
            ("0", 0, ""), ("2", 2, ""), ("99", 2, "note: index 99 is out of range; inserted at 2\n"),
            ("-4", 0, "note: index -4 is out of range; inserted at 0\n")
        ])
    func addClamps(at: String, index: Int, note: String) throws {
        try store(Self.twoPalettes)
        let result = try palette("add", "Hearts", "--emojis", "❤️🧡❤️", "--at=\(at)")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "added \"Hearts\" with id 10 at index \(index)\n")
        #expect(result.stderr == note)
        #expect(try palette("show", "--index", "\(index)").stdout == "Hearts (id 10, 2 emojis)\n❤️ 🧡\n")
    }

    /// rename, move (clamped with a note), add-emojis and remove-emojis change the store.
    @Test func editing() throws {
        try store(Self.twoPalettes)
        #expect(try palette("rename", "--id", "4", "Renamed: yes").status == 0)
        let moved = try palette("move", "--name", "Renamed: yes", "--to", "5")
        #expect(moved.status == 0 && moved.stderr == "note: index 5 is out of range; moved to 1\n", "\(moved)")
        #expect(try palette("add-emojis", "--index", "1", "🚗👨‍👩‍👧🏳️‍🌈👍🏽😀").status == 0)
        #expect(try palette("remove-emojis", "--name", "Renamed: yes", "🌲👍😀").status == 0)
        #expect(try palette("list").stdout == "0\t9\tMuch longer \t13\t🍏🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈🍒…\n1\t4\tRenamed: yes\t4\t🚗👨‍👩‍👧🏳️‍🌈👍🏽\n")
        #expect(try palette("move", "--index", "1", "--to", "0").stderr.isEmpty)
        #expect(try palette("list").stdout.hasPrefix("0\t4\tRenamed: yes"))
    }

    /// Negative indices are taken as values, not options, and clamped with a note.
    @Test func negativeIndices() throws {
        try store(Self.twoPalettes)
        let moved = try palette("move", "--index", "1", "--to", "-1")
        #expect(moved.status == 0 && moved.stderr == "note: index -1 is out of range; moved to 0\n", "\(moved)")
        #expect(try palette("list").stdout.hasPrefix("0\t9\tMuch longer"))
        let shown = try palette("show", "--index", "-5")
        #expect(shown.status == 0 && shown.stdout.hasPrefix("Much longer"), "\(shown)")
        let added = try palette("add", "Front", "--at", "-2")
        #expect(added.status == 0, "\(added)")
        #expect(try palette("list").stdout.hasPrefix("0\t10\tFront"))
    }

    /// remove takes the selected palette but never the last one (exit 2, nothing changed)
    @Test func removeNeverTheLast() throws {
        try store(Self.twoPalettes)
        #expect(try palette("remove", "--name", "Short").status == 0)
        #expect(try palette("list").stdout.hasPrefix("0\t9\tMuch longer\t13"))
        let before = folder.bytes("palettes.plist")
        let last = try palette("remove", "--index", "0")
        #expect(last.status == 2, "\(last)")
        #expect(last.stderr == "Error: \"Much longer\" is the last palette; a store keeps at least one\n")
        #expect(folder.bytes("palettes.plist") == before)
    }

    /// An unknown id or name exits 1 and changes nothing.
    @Test(
        arguments: [
            ["show", "--id", "77"], ["show", "--name", "short"], ["remove", "--id", "77"], ["rename", "--name", "Nope", "New"],
            ["move", "--id", "5", "--to", "0"], ["add-emojis", "--id", "77", "😀"], ["remove-emojis", "--name", "Nope", "😀"]
        ])
    func unknownSelectorExits1(arguments: [String]) throws {
        try store(Self.twoPalettes)
        let before = folder.bytes("palettes.plist")
        let result = try Shell.prefs(["palette"] + arguments, home: home)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: no palette "), "\(result.stderr)")
        #expect(folder.bytes("palettes.plist") == before)
    }

    /// Text that is not emoji or a blank name exits 2 and leaves the file byte for byte.
    @Test(
        arguments: [
            ["add-emojis", "--id", "4", "abc"], ["add-emojis", "--id", "4", "😀 🚗", "x"], ["add", "New", "--emojis", "🚗x"],
            ["add", " "], ["rename", "--id", "4", ""], ["add", "two\nlines"], ["rename", "--id", "4", " padded"]
        ])
    func refusalsChangeNothing(arguments: [String]) throws {
        try store(Self.twoPalettes)
        let before = try #require(folder.bytes("palettes.plist"))
        let result = try Shell.prefs(["palette"] + arguments, home: home)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(folder.bytes("palettes.plist") == before)
    }

    /// --store and --domain pick the store, given before or after the subcommand.
    @Test func storeAndDomainOptions() throws {
        #expect(try palette("--store", "Work", "add", "W1").status == 0)
        #expect(try palette("add", "W2", "--store", "Work").status == 0)
        #expect(try palette("--domain", "com.example.emojiart", "add", "D1").status == 0)
        #expect(try palette("list", "--store", "Work").stdout.hasPrefix("0\t11\tW2"))
        #expect(try palette("--store", "Work", "list").stdout.split(separator: "\n").count == 11)
        #expect(try palette("list").stdout.hasPrefix("0\t1\tVehicles"))
        #expect(try palette("list", "--domain", "com.example.emojiart").stdout.hasPrefix("0\t10\tD1"))
        let domain = try #require(try PropertyListReader().read(contentsOf: domainFile).dictionaryValue)
        #expect(domain.sortedKeys == ["PaletteStore:Work", "PaletteStoreFormat:Work"])
    }

    /// Undecodable stored palettes exit 3 and the file is left untouched.
    @Test func unreadableStore() throws {
        try store("not json")
        let before = folder.bytes("palettes.plist")
        for arguments in [["list"], ["add", "X"], ["remove", "--index", "0"]] {
            let result = try Shell.prefs(["palette"] + arguments, home: home)
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.stderr.contains("PaletteStore:Main"))
        }
        #expect(folder.bytes("palettes.plist") == before)
    }

    /// 4 processes adding 25 palettes each keep all 100, with unique ids.
    @Test func concurrentAdds() throws {
        let scripts = (1...4).map { worker in
            "for i in $(seq 1 25); do \"$PREFS\" palette add w\(worker)-$i --emojis 😀 >/dev/null || exit 1; done"
        }
        for result in try Shell.runConcurrently(scripts, home: home) { #expect(result.status == 0, "\(result)") }
        let rows = try palette("list").stdout.split(separator: "\n").map { $0.split(separator: "\t") }
        #expect(rows.count == 109)
        #expect(Set(rows.map { Int($0[1])! }) == Set(1...109))
        let names = Set(rows.map { $0[2].trimmingCharacters(in: .whitespaces) })
        #expect(names.isSuperset(of: (1...4).flatMap { worker in (1...25).map { "w\(worker)-\($0)" } }))
    }

    /// Python's plistlib and json read the palettes from the domain file as the README shows.
    @Test func pythonReadsPalettes() throws {
        try store(#"[{"emojis":"😀🏳️‍🌈","id":4,"name":"Mine"}]"#)
        #expect(try palette("add", "Hearts", "--emojis", "❤️", "--at", "1").status == 0)
        let command = "import plistlib,json; print(json.loads(plistlib.load(open(F,'rb'))['PaletteStore:Main']))"
        let result = try Shell.run(
            "/usr/bin/python3", ["-c", command.replacingOccurrences(of: "open(F", with: "open('\(domainFile)'")],
            environment: ["PYTHONIOENCODING": "utf-8"])
        #expect(result.status == 0, "\(result)")
        // Python's repr shows the zero-width joiner of 🏳️‍🌈 escaped.
        #expect(result.stdout == "[{'emojis': '😀🏳️\\u200d🌈', 'id': 4, 'name': 'Mine'}, {'emojis': '❤️', 'id': 5, 'name': 'Hearts'}]\n")
    }

    /// Palettes Python writes with plistlib (JSON bytes as <data>) read back in prefs.
    @Test func pythonWritesPalettes() throws {
        let script = """
            import plistlib, json, sys
            palettes = [{"name": "Py", "emojis": "🐍🐻‍❄️", "id": 3}, {"name": "Two", "emojis": "", "id": 8}]
            data = {"PaletteStore:Main": json.dumps(palettes).encode(), "Other": "kept"}
            plistlib.dump(data, open(sys.argv[1], "wb"))
            """
        #expect(try Shell.run("/usr/bin/python3", ["-c", script, domainFile]).status == 0)
        #expect(try palette("list").stdout == "0\t3\tPy \t2\t🐍🐻‍❄️\n1\t8\tTwo\t0\t\n")
        #expect(try palette("add-emojis", "--id", "8", "🎈").status == 0)
        let domain = try #require(try PropertyListReader().read(contentsOf: domainFile).dictionaryValue)
        #expect(domain["Other"] == "kept")
    }
}
