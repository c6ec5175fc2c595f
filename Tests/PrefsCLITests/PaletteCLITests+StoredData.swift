import Foundation
import PropertyLists
import TestSupport
import Testing

/// `prefs palette` on stores other programs wrote: ids at the ends of the 64-bit range, fields
/// prefs does not know, names it would not accept, damaged values and stores that do not exist.
extension PaletteCLITests {
    @Suite("prefs palette on stores other programs wrote")
    struct StoredDataTests {
        let folder = TemporaryFolder()
        var home: String { folder.path }
        var domainFile: String { folder.file("palettes.plist") }

        func palette(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
            try Shell.prefs(["palette"] + arguments, home: home, environment: environment)
        }

        /// Stores `json` as data under `PaletteStore:<name>`, without going through prefs.
        func store(_ json: String, as name: String = "Main") throws {
            try store(value: .data(Array(json.utf8)), as: name)
        }

        /// Stores any property list value under `PaletteStore:<name>`.
        func store(value: PropertyList, as name: String = "Main") throws {
            var domain = (try? PropertyListReader().read(contentsOf: domainFile).dictionaryValue) ?? PropertyListDictionary()
            domain["PaletteStore:" + name] = value
            try Data(PropertyListWriter().write(.dictionary(domain))).write(to: URL(fileURLWithPath: domainFile))
        }

        /// The JSON text stored under `PaletteStore:<store>`.
        func stored(_ store: String = "Main") throws -> String {
            let domain = try #require(try PropertyListReader().read(contentsOf: domainFile).dictionaryValue)
            guard case .data(let bytes)? = domain["PaletteStore:" + store] else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// An `EDITOR` that runs `body` with the file as `$1`.
        func editor(_ body: String) throws -> [String: String] {
            try folder.write("#!/bin/sh\n" + body + "\n", to: "editor")
            chmod(folder.file("editor"), 0o755)
            return ["EDITOR": folder.file("editor"), "VISUAL": "", "TMPDIR": home]
        }

        static let extremes = #"[{"emojis":"😀","id":9223372036854775807,"name":"Top"},{"emojis":"🚗","id":-9223372036854775808,"name":"Bottom"}]"#

        /// Every palette command works on a store holding the largest and smallest ids.
        @Test(
            arguments: [
                ["list"], ["show", "--id", "9223372036854775807"], ["show", "--id", "-9223372036854775808"], ["export"], ["export", "--json"],
                ["add", "New"], ["remove", "--index", "0"], ["rename", "--index", "1", "R"], ["move", "--index", "0", "--to", "9223372036854775807"],
                ["add-emojis", "--id", "9223372036854775807", "🎈"], ["remove-emojis", "--index", "-9223372036854775808", "😀"],
                ["add", "A", "--at", "-9223372036854775808"], ["add", "B", "--at", "9223372036854775807"],
                ["move", "--index", "9223372036854775807", "--to", "-9223372036854775808"],
                ["show", "--index", "9223372036854775807", "--columns", "9223372036854775807"]
            ])
        func extremeIDsNeverCrash(arguments: [String]) throws {
            try store(Self.extremes)
            let result = try palette(arguments)
            #expect(result.status == 0, "\(result)")
            #expect(!result.stderr.contains("crashed"))
        }

        /// A new palette takes one above the largest id, or the smallest unused one when the largest is Int.max.
        @Test(
            arguments: [
                ("9223372036854775807", "1"), ("9223372036854775807,1,2,4", "3"), ("-9223372036854775808", "1"), ("-5,-9", "1"),
                ("9223372036854775806", "9223372036854775807"), ("0", "1"), ("7,3", "8")
            ])
        func newIDNeverOverflows(ids: String, expected: String) throws {
            let palettes = ids.split(separator: ",").enumerated().map { #"{"emojis":"","id":\#($1),"name":"P\#($0)"}"# }
            try store("[" + palettes.joined(separator: ",") + "]")
            let result = try palette(["add", "New"])
            #expect(result.status == 0 && result.stdout == "added \"New\" with id \(expected) at index 0\n", "\(result)")
        }

        /// Duplicate ids at Int.max are repaired with the smallest unused id, and text lines without an id get unused ids.
        @Test func repairAndTextAtTheTop() throws {
            try store(#"[{"emojis":"😀","id":9223372036854775807,"name":"A"},{"emojis":"🚗","id":9223372036854775807,"name":"B"}]"#)
            let listed = try palette(["list"])
            #expect(listed.status == 0 && listed.stdout.hasPrefix("0\t9223372036854775807\tA\t1\t😀\n1\t1\tB\t1\t🚗\n"), "\(listed)")
            #expect(listed.stderr.contains("warning: palette \"B\" had the id 9223372036854775807 of another palette; it now has the id 1"))
            try folder.write("[9223372036854775807] A: 😀\nNew: 🎈\n[1] B: 🚗\nOther: 🎉\n", to: "in.txt")
            #expect(try palette(["import", folder.file("in.txt")]).status == 0)
            #expect(try palette(["list"]).stdout == "0\t9223372036854775807\tA    \t1\t😀\n1\t2\tNew  \t1\t🎈\n2\t1\tB    \t1\t🚗\n3\t3\tOther\t1\t🎉\n")
        }

        /// An id beyond the 64-bit range is refused as unreadable (exit 3), never rounded.
        @Test func idOutOfRange() throws {
            try store(#"[{"emojis":"😀","id":9223372036854775808,"name":"A"}]"#)
            let result = try palette(["list"])
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr.contains("not a whole number from -9223372036854775808 to 9223372036854775807"), "\(result.stderr)")
        }

        /// Two palettes with fields prefs does not know, written with unusual but valid JSON.
        static let withOtherFields = """
            [{"name":"Mine","emojis":"😀🚗","id":1,"color":"#FF0000","createdAt":1.50e3,"meta": {"tags" : ["a", "\\u00e9"], "n":null}},
             {"id":2,"emojis":"🌲","name":"Other","z-order":-0.0,"notes":"line\\nbreak \\ud83d\\ude00"}]
            """
        static let otherFieldTexts = [
            ##""color":"#FF0000""##, #""createdAt":1.50e3"#, #""meta":{"tags" : ["a", "\u00e9"], "n":null}"#,
            #""z-order":-0.0"#, #""notes":"line\nbreak \ud83d\ude00""#
        ]

        /// Fields prefs does not know survive every edit, byte for byte.
        @Test(
            arguments: [
                ["add", "New", "--emojis", "🎈"], ["remove", "--id", "2"], ["rename", "--id", "1", "Renamed"], ["move", "--id", "2", "--to", "0"],
                ["add-emojis", "--id", "1", "🎈"], ["remove-emojis", "--id", "1", "😀"], ["rename", "--id", "2", "Other too"]
            ])
        func otherFieldsSurviveEdits(arguments: [String]) throws {
            try store(Self.withOtherFields)
            let result = try palette(arguments)
            #expect(result.status == 0, "\(result)")
            let json = try stored()
            let expected = arguments.first == "remove" ? Array(Self.otherFieldTexts.prefix(3)) : Self.otherFieldTexts
            for text in expected { #expect(json.contains(text), "\(text) missing from \(json)") }
        }

        /// Fields prefs does not know survive edit, and export then import in either form.
        @Test func otherFieldsSurviveTransfers() throws {
            try store(Self.withOtherFields)
            #expect(try palette(["edit"], environment: editor(#"sed -i 's/Mine/Edited/' "$1""#)).status == 0)
            for json in [false, true] {
                let exported = try palette(json ? ["export", "--json"] : ["export"])
                try folder.write(exported.stdout, to: "out")
                let imported = try palette(["import", folder.file("out")])
                #expect(imported.status == 0, "\(imported)")
            }
            let json = try stored()
            #expect(json.contains(#""name":"Edited""#))
            for text in Self.otherFieldTexts { #expect(json.contains(text), "\(text) missing from \(json)") }
            try folder.write(try palette(["export", "--json"]).stdout, to: "copy.json")
            #expect(try palette(["import", "--store", "Copy", folder.file("copy.json")]).status == 0)
            #expect(try stored("Copy") == json)
        }

        /// A new line in a text import never takes the id, or the other fields, of a palette it deletes.
        @Test func newTextLineTakesAFreshID() throws {
            try store(#"[{"emojis":"😀","id":1,"name":"Kept","color":"red"},{"emojis":"🚗","id":2,"name":"Deleted","color":"blue"}]"#)
            try folder.write("[1] Kept: 😀\nNew: 🎈\n", to: "in.txt")
            #expect(try palette(["import", folder.file("in.txt")]).status == 0)
            #expect(try stored() == #"[{"color":"red","emojis":"😀","id":1,"name":"Kept"},{"emojis":"🎈","id":3,"name":"New"}]"#)
        }

        /// A stored name prefs would refuse round-trips through export, export --json, import and a no-op edit.
        @Test(
            arguments: [
                "", "   ", " Padded ", "two\nlines", "tab\tinside", "\u{301}starts with a mark", "ends with a prepend\u{600}",
                "[3] bracket", "# hash", "colon: inside", "carriage\rreturn", "sep\u{2028}arated", "\u{FEFF}bom", "nbsp\u{A0}"
            ])
        func storedNamesRoundTrip(name: String) throws {
            let escaped = String(decoding: try JSONEncoder().encode(name), as: UTF8.self)
            try store(#"[{"emojis":"😀","id":5,"name":\#(escaped)},{"emojis":"🚗","id":6,"name":"Plain"}]"#)
            let listed = try palette(["export", "--json"])
            #expect(listed.status == 0, "\(listed)")
            for form in [["export"], ["export", "--json"]] {
                try folder.write(try palette(form).stdout, to: "form")
                let imported = try palette(["import", "--store", "Copy", folder.file("form")])
                #expect(imported.status == 0, "\(form): \(imported)")
                #expect(try palette(["export", "--json", "--store", "Copy"]).stdout == listed.stdout, "\(form)")
            }
            let edit = try palette(["edit"], environment: editor("true"))
            #expect(edit.status == 0 && edit.stderr.hasSuffix("no changes\n"), "\(edit)")
        }

        /// A stored name prefs would refuse is repaired with a warning, written by the next change.
        @Test func storedNameRepaired() throws {
            try store(#"[{"emojis":"😀","id":5,"name":" two\nlines "},{"emojis":"🚗","id":6,"name":""}]"#)
            let listed = try palette(["list"])
            #expect(listed.stdout == "0\t5\ttwo lines\t1\t😀\n1\t6\tPalette 6\t1\t🚗\n", "\(listed)")
            #expect(
                listed.stderr.contains(#"warning: palette 5 had the name " two\nlines ", which a name cannot be; it is now "two lines""#), "\(listed.stderr)")
            #expect(try palette(["add-emojis", "--id", "6", "🎈"]).status == 0)
            #expect(try stored() == #"[{"emojis":"😀","id":5,"name":"two lines"},{"emojis":"🚗🎈","id":6,"name":"Palette 6"}]"#)
        }

        /// import --replace-damaged saves the damaged value beside the domain file, then replaces it.
        @Test(
            arguments: [
                (PropertyList.data(Array("not json".utf8)), "not json"),
                (PropertyList.data(Array(#"{"palettes":[]}"#.utf8)), #"{"palettes":[]}"#),
                (PropertyList.string("[]"), "<string>[]</string>")
            ])
        func replaceDamaged(value: PropertyList, saved: String) throws {
            try store(value: value)
            try store(#"[{"emojis":"🎼","id":1,"name":"Untouched"}]"#, as: "Other")
            try folder.write("[1] Fresh: 🚗\n", to: "fresh.txt")
            let refused = try palette(["import", folder.file("fresh.txt")])
            #expect(refused.status == 3, "\(refused)")
            #expect(refused.stderr.contains("prefs palette import --replace-damaged --domain palettes --store Main FILE"), "\(refused.stderr)")
            let result = try palette(["import", "--replace-damaged", folder.file("fresh.txt")])
            #expect(result.status == 0, "\(result)")
            let copy = domainFile + ".PaletteStore-Main.damaged-1"
            #expect(result.stderr == "note: the damaged value of PaletteStore:Main was saved to \(copy)\n")
            #expect(String(decoding: FileManager.default.contents(atPath: copy) ?? Data(), as: UTF8.self).contains(saved))
            #expect(try stored() == #"[{"emojis":"🚗","id":1,"name":"Fresh"}]"#)
            #expect(try stored("Other") == #"[{"emojis":"🎼","id":1,"name":"Untouched"}]"#)
            #expect(try palette(["import", "--replace-damaged", folder.file("fresh.txt")]).stderr.isEmpty)
        }

        /// Every command on a damaged store says how to replace it.
        @Test(arguments: [["list"], ["add", "X"], ["export"], ["edit"]])
        func damagedStoreHint(arguments: [String]) throws {
            try store("[{]")
            let result = try palette(arguments + ["--root", home, "--store", "Main"])
            #expect(result.status == 3, "\(result)")
            #expect(
                result.stderr.contains(
                    "To replace it, saving it aside first: prefs palette import --replace-damaged --root \(home) --domain palettes --store Main FILE"),
                "\(result.stderr)")
        }

        /// A command that changes a store with nothing saved says so on stderr and starts from
        /// the built-ins; the default store with nothing saved shows them.
        @Test func nothingSavedIsSaid() throws {
            try store(#"[{"emojis":"🎼","id":1,"name":"Mine"}]"#)
            let added = try palette(["add", "X", "--store", "Wrok"])
            #expect(added.status == 0, "\(added)")
            #expect(added.stderr == #"note: store "Wrok" in domain "palettes" had nothing saved; it starts from the 9 built-in palettes"# + "\n")
            #expect(try palette(["list"]).stderr.isEmpty)
            let fresh = try Shell.prefs(["palette", "list"], home: TemporaryFolder().path)
            #expect(fresh.status == 0 && fresh.stderr.hasSuffix("has nothing saved; showing the 9 built-in palettes\n"), "\(fresh)")
        }

        /// A command that only reads a store that --store, --domain or --root names, with
        /// nothing saved (a typo), exits 1 naming the stores the domain holds.
        @Test(
            arguments: [
                (["list", "--store", "Wrok"], #"no palette store "Wrok" in domain "palettes""#, "; its stores: Main\n"),
                (["show", "--name", "Mine", "--store", "Wrok"], #"no palette store "Wrok" in domain "palettes""#, "; its stores: Main\n"),
                (["export", "--json", "--store", "Wrok"], #"no palette store "Wrok" in domain "palettes""#, "; its stores: Main\n"),
                (["list", "--domain", "palette"], #"no palette store "Main" in domain "palette""#, "; the domain does not exist\n")
            ])
        func aReadOfAStoreThatDoesNotExistFails(arguments: [String], start: String, end: String) throws {
            try store(#"[{"emojis":"🎼","id":1,"name":"Mine"}]"#)
            let result = try palette(arguments)
            #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.hasPrefix("Error: " + start) && result.stderr.hasSuffix(end), "\(result.stderr)")
        }
    }
}
