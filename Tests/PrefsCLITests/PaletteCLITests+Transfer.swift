import Foundation
import TestSupport
import Testing

/// `prefs palette export`, `import` and `edit` as real processes: round trips between stores,
/// and inputs or edits that are refused without changing anything.
extension PaletteCLITests {
    @Suite("prefs palette export, import and edit")
    struct TransferTests {
        let folder = TemporaryFolder()
        var home: String { folder.path }

        func palette(_ arguments: String..., environment: [String: String] = [:], input: String = "") throws -> CommandResult {
            try Shell.prefs(["palette"] + arguments, home: home, environment: environment, input: input)
        }

        /// A store that differs from the built-ins: a new palette, a removal, a rename and a move.
        func customize() throws {
            for arguments in [
                ["add", "Hearts", "--emojis", "❤️🧡💛👨‍👩‍👧", "--at", "3"], ["remove", "--name", "COVID"],
                ["rename", "--id", "2", "Ball games"], ["move", "--id", "1", "--to", "5"]
            ] {
                #expect(try Shell.prefs(["palette"] + arguments, home: home).status == 0)
            }
        }

        /// An `EDITOR` script at `name` in the test folder with `body` after the shebang; `$1` is the file.
        func editor(_ name: String, _ body: String) throws -> [String: String] {
            try folder.write("#!/bin/sh\n" + body + "\n", to: name)
            chmod(folder.file(name), 0o755)
            return ["EDITOR": folder.file(name), "VISUAL": "", "TMPDIR": home, "PREFS": Shell.prefs]
        }

        /// export --json then import into another store gives the same palettes.
        @Test func jsonRoundTrip() throws {
            try customize()
            let exported = try palette("export", "--json")
            #expect(exported.status == 0 && exported.stdout.hasPrefix("[\n  {\n    \"emojis\": "), "\(exported)")
            try folder.write(exported.stdout, to: "palettes.json")
            let imported = try palette("import", "--store", "Copy", folder.file("palettes.json"))
            #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported)")
            #expect(try palette("export", "--json", "--store", "Copy").stdout == exported.stdout)
            #expect(try palette("list", "--store", "Copy").stdout == palette("list").stdout)
        }

        /// export (text) then import from stdin into another domain gives the same palettes.
        @Test func textRoundTrip() throws {
            try customize()
            let text = try palette("export").stdout
            #expect(text.contains("[10] Hearts: ❤️🧡💛👨‍👩‍👧\n"))
            #expect(try palette("import", "--domain", "other", "-", input: text).status == 0)
            #expect(try palette("export", "--json", "--domain", "other").stdout == palette("export", "--json").stdout)
        }

        /// A name that holds what GitHub's runner would read as a command (`::`, `##[`) goes out
        /// in the text form exactly, so importing it back keeps the name: the text form is a
        /// document, like `export`'s, not a message.
        @Test func textRoundTripKeepsNamesTheRunnerWouldRead() throws {
            #expect(try palette("add", "##[x]", "--emojis", "😀").status == 0)
            #expect(try palette("add", "::add-mask::y", "--emojis", "🚗").status == 0)
            let text = try palette("export").stdout
            #expect(text.contains("] ##[x]: 😀\n") && text.contains("] ::add-mask::y: 🚗\n"), "\(text)")
            let imported = try palette("import", "--domain", "other", "-", input: text)
            #expect(imported.status == 0, "\(imported)")
            #expect(try palette("export", "--json", "--domain", "other").stdout == palette("export", "--json").stdout)
        }

        /// import of JSON with duplicate ids reassigns them with warnings.
        @Test func importRepairsIDs() throws {
            try folder.write(#"[{"emojis":"😀","id":3,"name":"A"},{"emojis":"🚗","id":3,"name":"B"}]"#, to: "dup.json")
            let result = try palette("import", folder.file("dup.json"))
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.hasPrefix("warning: "), "\(result.stderr)")
            #expect(try palette("list").stdout == "0\t3\tA\t1\t😀\n1\t4\tB\t1\t🚗\n")
        }

        /// An invalid import exits 2 (1 for a missing file) and changes nothing.
        @Test(
            arguments: [
                ("bad.json", #"[{"emojis":"#, 2), ("bad.json", #"[{"emojis":"abc","id":1,"name":"Letters"}]"#, 2),
                ("bad.json", "[]", 2), ("bad.json", #"[{"emojis":"😀","id":1,"name":" "}]"#, 2),
                ("bad.txt", "[1] Fine: 😀\nBroken line\n", 2), ("bad.txt", "# nothing but comments\n", 2),
                ("bad.txt", "", 2), ("bad.txt", "[1] A: 😀\n[1] B: 🚗\n", 2), ("missing.json", nil, 1),
                ("bad.json", #"[{"emojis":"😀","id":1,"name":"two\nlines"}]"#, 2), ("bad.json", #"[{"emojis":"😀","id":1,"name":"Cars "}]"#, 2)
            ] as [(String, String?, Int32)])
        func invalidImportChangesNothing(name: String, contents: String?, status: Int32) throws {
            try customize()
            let before = try #require(folder.bytes("palettes.plist"))
            if let contents { try folder.write(contents, to: name) }
            let result = try palette("import", folder.file(name))
            #expect(result.status == status, "\(result)")
            // A file that does not open is named as every reader names it (FILE: error: …), as
            // convert and validate do; a file that opens but is refused ends in Error: …
            let named = contents == nil ? "\(folder.file(name)): error: cannot open" : "Error: "
            #expect(result.stderr.contains(named), "\(result.stderr)")
            #expect(folder.bytes("palettes.plist") == before)
        }

        /// A text import reports each bad line as file:line: error:.
        @Test func importReportsLines() throws {
            try folder.write("# header\n[1] Fine: 😀\nBroken line\nX: abc\n", to: "bad.txt")
            let result = try palette("import", folder.file("bad.txt"))
            #expect(result.status == 2)
            #expect(result.stderr.contains(folder.file("bad.txt") + ":3: error: expected NAME: EMOJIS"), "\(result.stderr)")
            #expect(result.stderr.contains(folder.file("bad.txt") + ":4: error: "))
            #expect(folder.bytes("palettes.plist") == nil)
        }

        /// edit applies a valid edit: reorder, rename, delete and a new line.
        @Test func editApplies() throws {
            let environment = try editor("rewrite", #"printf '# mine\n[2] Sports: ⚽️🏀\nNew: 🎈🎈\n[1] Cars: 🚗\n' > "$1""#)
            let result = try palette("edit", environment: environment)
            #expect(result.status == 0, "\(result)")
            // The new line's id is above the built-ins' 1...9, so it takes over no deleted palette's id.
            #expect(try palette("list").stdout == "0\t2\tSports\t2\t⚽️🏀\n1\t10\tNew   \t1\t🎈\n2\t1\tCars  \t1\t🚗\n")
            #expect(!folder.names().contains { $0.hasPrefix("prefs-palettes-") }, "left \(folder.names())")
        }

        /// edit hands the editor the text form of the store.
        @Test func editSeesTextForm() throws {
            try customize()
            let environment = try editor("copy", #"cp "$1" "$(dirname "$1")/seen.txt""#)
            let result = try palette("edit", environment: environment)
            #expect(result.status == 0 && result.stderr == "no changes\n", "\(result)")
            #expect(String(decoding: folder.bytes("seen.txt") ?? [], as: UTF8.self) == (try palette("export").stdout))
        }

        /// An invalid edit, declined with n, exits 2 and changes nothing.
        @Test func invalidEditDeclined() throws {
            try customize()
            let before = try #require(folder.bytes("palettes.plist"))
            let environment = try editor("break", #"echo 'not a palette line' >> "$1"; echo 'Bad: abc' >> "$1""#)
            let result = try palette("edit", environment: environment, input: "n\n")
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains(":13: error: expected NAME: EMOJIS"), "\(result.stderr)")
            #expect(result.stderr.contains(":14: error: \"a\", \"b\", \"c\" are not emoji"))
            #expect(result.stderr.contains("Edit again? [Y/n] "))
            #expect(result.stderr.hasSuffix("Error: the palettes were not changed\n"))
            #expect(folder.bytes("palettes.plist") == before)
        }

        /// An invalid edit fixed on the second try is applied.
        @Test func invalidEditRetried() throws {
            let environment = try editor(
                "twice",
                """
                if [ -e "$(dirname "$1")/tried" ]; then printf '[4] Animals: 🐶\\n' > "$1"; else touch "$(dirname "$1")/tried"; echo 'oops' >> "$1"; fi
                """)
            let result = try palette("edit", environment: environment, input: "y\n")
            #expect(result.status == 0, "\(result)")
            #expect(try palette("list").stdout == "0\t4\tAnimals\t1\t🐶\n")
        }

        /// An invalid edit with standard input closed, or a failing editor, exits 2 and changes nothing.
        @Test(
            arguments: ["echo oops >> \"$1\"", "echo '[1] Cars: 🚗' > \"$1\"; exit 3"])
        func editGivesUp(body: String) throws {
            try customize()
            let before = folder.bytes("palettes.plist")
            let result = try palette("edit", environment: try editor("give-up", body))
            #expect(result.status == 2, "\(result)")
            #expect(folder.bytes("palettes.plist") == before)
        }

        /// edit saves nothing when another process changed the store meanwhile, and keeps the text.
        @Test func editRefusesStaleText() throws {
            let environment = try editor("race", #""$PREFS" palette add Meanwhile >/dev/null; printf '[1] Only: 🚗\n' > "$1""#)
            let result = try palette("edit", environment: environment)
            #expect(result.status == 4, "\(result)")
            #expect(result.stderr.contains("changed while you were editing"))
            // Importing the kept text would undo the other process's change, so that is not suggested.
            #expect(!result.stderr.contains("palette import") && result.stderr.contains("run prefs palette edit again"), "\(result.stderr)")
            let rows = try palette("list").stdout.split(separator: "\n")
            #expect(rows.count == 10 && rows[0].hasPrefix("0\t10\tMeanwhile"))
            let kept = folder.names().filter { $0.hasPrefix("prefs-palettes-") }
            #expect(kept.count == 1)
            #expect(kept.first.map { String(decoding: folder.bytes($0) ?? [], as: UTF8.self) } == "[1] Only: 🚗\n")
        }
    }
}
