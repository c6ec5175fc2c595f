import Foundation
import PropertyLists
import TestSupport
import Testing

/// What `prefs palette` accepts as emojis, import files and options: partial emojis, byte-order
/// marks, duplicate JSON keys, odd option values, and how it lays out what it prints.
extension PaletteCLITests {
    @Suite("prefs palette input and output")
    struct InputTests {
        let folder = TemporaryFolder()
        var home: String { folder.path }
        var domainFile: String { folder.file("palettes.plist") }

        func palette(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
            try Shell.prefs(["palette"] + arguments, home: home, environment: environment)
        }

        func store(_ json: String) throws {
            let domain: PropertyListDictionary = ["PaletteStore:Main": .data(Array(json.utf8))]
            try Data(PropertyListWriter().write(.dictionary(domain))).write(to: URL(fileURLWithPath: domainFile))
        }

        func stored() throws -> String {
            let domain = try #require(try PropertyListReader().read(contentsOf: domainFile).dictionaryValue)
            guard case .data(let bytes)? = domain["PaletteStore:Main"] else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// A modifier, joiner or selector that is not part of a whole emoji is refused everywhere, and nothing changes.
        @Test(
            arguments: [
                "🏽🏽", "🏽\u{FE0F}", "🚗🏽", "1\u{FE0F}", "😀\u{200D}", "\u{200D}🚗", "\u{FE0F}", "😀\u{301}", "🏽", "🇫", "😀\u{FE0F}\u{FE0F}",
                "😀\u{E0067}", "#\u{20E3}\u{20E3}"
            ])
        func partialEmojisRefused(text: String) throws {
            try store(#"[{"emojis":"👍","id":1,"name":"Mine"}]"#)
            let before = try #require(folder.bytes("palettes.plist"))
            try folder.write("[1] Mine: 🎈 " + text + "\n", to: "in.txt")
            try folder.write(#"[{"emojis":"\#(text)","id":1,"name":"Mine"}]"#, to: "in.json")
            for arguments in [
                ["add-emojis", "--id", "1", text], ["add", "New", "--emojis", text],
                ["import", folder.file("in.txt")], ["import", folder.file("in.json")]
            ] {
                let result = try palette(arguments)
                #expect(result.status == 2, "\(arguments): \(result)")
                #expect(result.stderr.contains("not emoji"), "\(result.stderr)")
                #expect(folder.bytes("palettes.plist") == before)
            }
        }

        /// Emojis split by spaces in the text form are not joined into one.
        @Test(arguments: ["🇫 🇷", "👍 🏽", "1 \u{20E3}"])
        func textFormDoesNotJoin(emojis: String) throws {
            try folder.write("[1] Flags: " + emojis + "\n", to: "in.txt")
            let result = try palette(["import", folder.file("in.txt")])
            #expect(result.status == 2 && result.stderr.contains(":1: error: "), "\(result)")
            #expect(folder.bytes("palettes.plist") == nil)
        }

        /// A stored emoji ending in a joiner is removed with a warning, and adding never fuses with it.
        @Test func storedPartialEmojiNeverFuses() throws {
            try store(#"[{"emojis":"🎈😀\u200d","id":1,"name":"Mine"}]"#)
            let result = try palette(["add-emojis", "--id", "1", "🚗"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains(#"(U+1F600 U+200D), which is not emoji"#), "\(result.stderr)")
            #expect(try stored() == #"[{"emojis":"🎈🚗","id":1,"name":"Mine"}]"#)
        }

        /// Whole emojis of every kind are accepted.
        @Test(
            arguments: [
                "👨‍👩‍👧", "🏳️‍🌈", "👍🏽", "🐻‍❄️", "1️⃣", "1⃣", "#️⃣", "🇫🇷", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🧑🏽‍🤝‍🧑🏻", "👁️‍🗨️", "☺", "☺︎", "©️", "🏎"
            ])
        func wholeEmojisAccepted(emoji: String) throws {
            try store(#"[{"emojis":"😀","id":1,"name":"Mine"}]"#)
            let result = try palette(["add-emojis", "--id", "1", emoji])
            #expect(result.status == 0, "\(result)")
            #expect(try palette(["show", "--id", "1"]).stdout == "Mine (id 1, 2 emojis)\n😀 \(emoji)\n")
        }

        /// ☺ and ☺️ are one emoji: not added twice, removed either way, merged on import.
        @Test func variationSelectorsDoNotMakeANewEmoji() throws {
            try store(#"[{"emojis":"☺️1️⃣","id":1,"name":"Mine"}]"#)
            #expect(try palette(["add-emojis", "--id", "1", "☺1⃣"]).status == 0)
            #expect(try stored() == #"[{"emojis":"☺️1️⃣","id":1,"name":"Mine"}]"#)
            #expect(try palette(["remove-emojis", "--id", "1", "☺"]).status == 0)
            #expect(try stored() == #"[{"emojis":"1️⃣","id":1,"name":"Mine"}]"#)
            try folder.write(#"[{"emojis":"☺☺️","id":1,"name":"Mine"}]"#, to: "in.json")
            #expect(try palette(["import", folder.file("in.json")]).status == 0)
            #expect(try stored() == #"[{"emojis":"☺","id":1,"name":"Mine"}]"#)
        }

        /// A UTF-8 byte-order mark and CRLF line ends are accepted in both import forms.
        @Test(
            arguments: [
                "\u{FEFF}[1] Vehicles: 🚗\r\n[2] Faces: 😀\r\n",
                "\u{FEFF}# comment\r[1] Vehicles: 🚗\r[2] Faces: 😀\r",
                "\u{FEFF}[{\"emojis\":\"🚗\",\"id\":1,\"name\":\"Vehicles\"},\r\n{\"emojis\":\"😀\",\"id\":2,\"name\":\"Faces\"}]\r\n",
                "\u{FEFF}  [\r\n  {\"emojis\":\"🚗\",\"id\":1,\"name\":\"Vehicles\"},{\"emojis\":\"😀\",\"id\":2,\"name\":\"Faces\"}]"
            ])
        func byteOrderMarkAccepted(contents: String) throws {
            try folder.write(contents, to: "in")
            let result = try palette(["import", folder.file("in")])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            #expect(try palette(["list"]).stdout == "0\t1\tVehicles\t1\t🚗\n1\t2\tFaces   \t1\t😀\n")
        }

        /// edit reads back a file the editor saved with a byte-order mark and CRLF line ends.
        @Test func editAcceptsByteOrderMark() throws {
            try store(#"[{"emojis":"😀","id":1,"name":"Mine"}]"#)
            try folder.write("#!/bin/sh\nprintf '\\357\\273\\277[1] Mine: 😀🚗\\r\\n' > \"$1\"\n", to: "editor")
            chmod(folder.file("editor"), 0o755)
            let result = try palette(["edit"], environment: ["EDITOR": folder.file("editor"), "VISUAL": "", "TMPDIR": home])
            #expect(result.status == 0, "\(result)")
            #expect(try stored() == #"[{"emojis":"😀🚗","id":1,"name":"Mine"}]"#)
        }

        /// An import that is not UTF-8 is refused (exit 2), never read with replacement characters.
        @Test(
            arguments: [
                [0x5B, 0x31, 0x5D, 0x20, 0xFF, 0x3A, 0x20, 0xF0, 0x9F, 0x9A, 0x97, 0x0A], [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00]
            ] as [[UInt8]])
        func notUTF8Refused(bytes: [UInt8]) throws {
            try Data(bytes).write(to: URL(fileURLWithPath: folder.file("in")))
            let result = try palette(["import", folder.file("in")])
            #expect(result.status == 2 && result.stderr.contains("is not UTF-8 text"), "\(result)")
        }

        /// Duplicate JSON keys are refused: in an import (exit 2) and in a stored value (exit 3)
        @Test(
            arguments: [
                #"[{"emojis":"😀","id":1,"name":"A","name":"B"}]"#, #"[{"emojis":"😀","id":1,"id":2,"name":"A"}]"#,
                #"[{"emojis":"😀","id":1,"name":"A","color":1,"color":2}]"#, #"[{"emojis":"😀","id":1,"name":"A","x":{"k":1,"k":2}}]"#
            ])
        func duplicateKeysRefused(json: String) throws {
            try folder.write(json, to: "in.json")
            let imported = try palette(["import", folder.file("in.json")])
            #expect(imported.status == 2 && imported.stderr.contains("appears twice"), "\(imported)")
            try store(json)
            let listed = try palette(["list"])
            #expect(listed.status == 3 && listed.stderr.contains("appears twice"), "\(listed)")
        }

        /// Hostile JSON is refused without a crash: deep nesting, lone surrogates, bad escapes.
        @Test(
            arguments: [
                #"[{"emojis":"😀","id":1,"name":"A","x":"# + String(repeating: "[", count: 100_000) + "]}]",
                #"[{"emojis":"😀","id":1,"name":"\ud800"}]"#, #"[{"emojis":"😀","id":1,"name":"\x"}]"#, #"[{"emojis":"😀","id":1.5,"name":"A"}]"#,
                #"[{"emojis":"😀","id":1,"name":"A"}] trailing"#, #"[{"emojis":"😀","id":1,"name":"A"},]"#, #"[1]"#
            ])
        func hostileJSONRefused(json: String) throws {
            try folder.write(json, to: "in.json")
            let result = try palette(["import", folder.file("in.json")])
            #expect(result.status == 2 && result.stderr.contains("Error: "), "\(result)")
        }

        /// show --columns takes negative values as values and refuses any below 1 (exit 2)
        @Test(arguments: ["-2", "0", "-9223372036854775808"])
        func columnsBelowOne(columns: String) throws {
            let result = try palette(["show", "--index", "0", "--columns", columns])
            #expect(result.status == 2 && result.stderr.hasPrefix("Error: --columns must be at least 1, not \(columns)\n"), "\(result)")
        }

        /// show says 1 emoji, not 1 emojis.
        @Test func singularEmoji() throws {
            try store(#"[{"emojis":"😀","id":1,"name":"One"}]"#)
            #expect(try palette(["show", "--id", "1"]).stdout == "One (id 1, 1 emoji)\n😀\n")
        }

        /// list pads names by their width on screen: wide characters and emojis take two columns.
        @Test func listAlignsWideNames() throws {
            try store(
                #"[{"emojis":"😀","id":1,"name":"日本語"},{"emojis":"","id":2,"name":"ab"},{"emojis":"","id":3,"name":"🚗 cars"},{"emojis":"","id":4,"name":"e\u0301te"}]"#
            )
            #expect(try palette(["list"]).stdout == "0\t1\t日本語 \t1\t😀\n1\t2\tab     \t0\t\n2\t3\t🚗 cars\t0\t\n3\t4\te\u{301}te    \t0\t\n")
        }

        /// White space between emojis is dropped by add --emojis and by add-emojis, in one argument or several.
        @Test func whiteSpaceBetweenEmojisIsIgnoredByAddAndAddEmojis() throws {
            try store(#"[{"emojis":"👍","id":1,"name":"Mine"}]"#)
            #expect(try palette(["add", "U", "--emojis", "💚 🧡"]).status == 0)
            #expect(try palette(["add-emojis", "--name", "U", "😀", "😃\t 😄\n🇫🇷", " 1️⃣ "]).status == 0)
            #expect(try palette(["add-emojis", "--name", "U", "💚  😀"]).status == 0)
            let stored = try stored()
            #expect(stored.contains(#"{"emojis":"💚🧡😀😃😄🇫🇷1️⃣","id":2,"name":"U"}"#), "\(stored)")
        }

        /// remove-emojis takes several arguments with white space between emojis, and refuses text that is not emoji.
        @Test func removeEmojisTakesSeveralArgumentsAndRefusesTextThatIsNotEmoji() throws {
            try store(#"[{"emojis":"😀😃😄🚗","id":1,"name":"Mine"}]"#)
            #expect(try palette(["remove-emojis", "--id", "1", "😀 🚗", "😃"]).status == 0)
            #expect(try stored() == #"[{"emojis":"😄","id":1,"name":"Mine"}]"#)
            let before = try #require(folder.bytes("palettes.plist"))
            let refused = try palette(["remove-emojis", "--id", "1", "😄", "x"])
            #expect(refused.status == 2 && refused.stderr.contains(#""x" is not emoji"#), "\(refused)")
            #expect(folder.bytes("palettes.plist") == before)
        }

        /// A modifier, joiner or selector after white space stays apart from the emoji before it and is refused.
        @Test func partOfAnEmojiAfterWhiteSpaceIsRefusedInArguments() throws {
            try store(#"[{"emojis":"👍","id":1,"name":"Mine"}]"#)
            let before = try #require(folder.bytes("palettes.plist"))
            for arguments in [
                ["add-emojis", "--id", "1", "🚗 🏽"], ["add-emojis", "--id", "1", "🚗", "🏽"], ["add-emojis", "--id", "1", "🇫 🇷"],
                ["add", "New", "--emojis", "🚗 \u{200D}🚗"], ["add", "New", "--emojis", "😀 a"], ["remove-emojis", "--id", "1", "👍 🏽"]
            ] {
                let result = try palette(arguments)
                #expect(result.status == 2 && result.stderr.contains("not emoji"), "\(arguments): \(result)")
                #expect(folder.bytes("palettes.plist") == before)
            }
        }

        /// add-emojis and remove-emojis need at least one EMOJIS argument.
        @Test func emojiCommandsWithoutEmojisAreUsageErrors() throws {
            for command in ["add-emojis", "remove-emojis"] {
                let result = try palette([command, "--index", "0"])
                #expect(result.status == 2 && result.stderr.contains("Missing expected argument '<emojis> ...'"), "\(result)")
            }
        }
    }
}
