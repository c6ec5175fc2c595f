import Palettes
import Testing

/// The editable text form: `[ID] NAME: EMOJIS`, one palette per line, `#` comments.
@Suite("Palette text form")
struct PaletteTextTests {
    func problems(_ text: String) -> [PaletteText.Problem] {
        guard case .failure(let error) = PaletteText.parse(text) else { return [] }
        return error.problems
    }

    /// format prints the header as comments, then [ID] NAME: EMOJIS per palette.
    @Test func formatLayout() throws {
        let list = try PaletteList([Palette(name: "Cars", emojis: "🚗🚕", id: 3), Palette(name: "Empty", emojis: "", id: 1)])
        let text = PaletteText.format(list, header: "Store Main.\nSecond line.")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "# Store Main.")
        #expect(lines[1] == "# Second line.")
        #expect(lines.filter { !$0.hasPrefix("#") } == ["[3] Cars: 🚗🚕", "[1] Empty: ", ""])
    }

    /// format then parse gives the same palettes.
    @Test(
        arguments: [
            "Vehicles", "Time: 12:30", "a]b", "[x] y", "# not a comment", "Crème brûlée", "🚗 Cars", "tab\tinside"
        ])
    func roundTripsNames(name: String) throws {
        var list = PaletteList.builtIn
        try list.insertPalette(named: name, emojis: "👨‍👩‍👧🏳️‍🌈👍🏽🐻‍❄️1️⃣", at: 4)
        try list.removePalette(at: 0)
        list.movePalette(from: 7, to: 1)
        let parsed = try PaletteText.parse(PaletteText.format(list, header: "header")).get()
        #expect(parsed == list)
    }

    /// Names the text form would change are refused by insert and rename, and nothing changes.
    @Test(
        arguments: [
            " padded", "padded ", "two\nlines", "cr\rname", "crlf\r\nname", "line\u{2028}separator", "bell\u{7}"
        ])
    func namesTheTextFormCannotCarryAreRefused(name: String) throws {
        var list = try PaletteList([Palette(name: "A", emojis: "😀", id: 1)])
        let before = list
        let inserted = #expect(throws: PaletteError.self) { try list.insertPalette(named: name, emojis: "🚗", at: 1) }
        #expect(inserted?.code == .invalidArgument)
        #expect(throws: PaletteError.self) { try list.renamePalette(at: 0, to: name) }
        #expect(list == before)
    }

    /// Names with inner tabs, colons and brackets survive format then parse.
    @Test(arguments: ["tab\tinside", "ends with colon:", "a: b: c", "[7]"])
    func roundTripsAcceptedNames(name: String) throws {
        var list = try PaletteList([Palette(name: "A", emojis: "😀", id: 1)])
        try list.insertPalette(named: name, emojis: "🚗", at: 1)
        let parsed = PaletteText.parse(PaletteText.format(list, header: "header"))
        #expect(try parsed.get() == list, "\(parsed)")
    }

    /// Lines without an id get ids above every id named, in order.
    @Test func newLinesGetNewIDs() throws {
        let list = try PaletteText.parse("New one: 😀\n[4] A: 🚗\nNew two: 🌲\n[2] B:\n").get()
        #expect(
            list.palettes == [
                Palette(name: "New one", emojis: "😀", id: 5), Palette(name: "A", emojis: "🚗", id: 4),
                Palette(name: "New two", emojis: "🌲", id: 6), Palette(name: "B", emojis: "", id: 2)
            ])
    }

    /// Blank lines, comments and spaces between emojis are ignored; repeats are dropped.
    @Test func lenientParts() throws {
        let list = try PaletteText.parse("# comment\n\n   \n  [7]   Spaced name  :  😀 🚗\t😀  \n# [8] Gone: 🌲\n").get()
        #expect(list.palettes == [Palette(name: "Spaced name", emojis: "😀🚗", id: 7)])
    }

    /// Text saved with CRLF line endings parses like LF text.
    @Test(arguments: ["\r\n", "\n", "\r"])
    func crlfLineEndings(end: String) throws {
        let parsed = PaletteText.parse(["# header", "[1] A: 😀", "[2] B: 🚗", ""].joined(separator: end))
        #expect(
            try parsed.get().palettes == [Palette(name: "A", emojis: "😀", id: 1), Palette(name: "B", emojis: "🚗", id: 2)],
            "\(parsed)")
    }

    /// Each malformed line is reported with its 1-based number.
    @Test(
        arguments: [
            ("[x] A: 😀", "needs a number"),
            ("[1 A: 😀", "needs a number"),
            ("A 😀", "colon"),
            ("[3] 😀", "colon"),
            (": 😀", "no name"),
            ("[3]   : 😀", "no name"),
            ("A: 😀x", "\"x\" is not emoji"),
            ("A: ab", "\"a\", \"b\" are not emoji")
        ])
    func malformedLine(line: String, complaint: String) {
        let found = problems("# header\n[1] Fine: 🚗\n\n" + line + "\n[2] Also fine: 🌲\n")
        #expect(found.map(\.line) == [4])
        #expect(found.first?.message.contains(complaint) == true, "\(found)")
        #expect(found.first?.description.hasPrefix("line 4: ") == true)
    }

    /// A repeated id is reported on the later line, naming the first.
    @Test func repeatedID() {
        let found = problems("[5] A: 😀\n[6] B: 🚗\n[5] C: 🌲\n")
        #expect(found.map(\.line) == [3])
        #expect(found.first?.message.contains("line 1") == true, "\(found)")
    }

    /// All problems are reported at once, in line order.
    @Test func everyProblem() {
        let found = problems("[1] A: 😀\n[1] B: 🚗\nC 🌲\nD: 🌲x\n: 😀\n[z] E: 😀\nF: 🎼\n")
        #expect(found.map(\.line) == [2, 3, 4, 5, 6])
    }

    /// Text with no palettes left is refused.
    @Test(arguments: ["", "\n\n", "# only\n# comments\n", "   \n"])
    func nothingLeft(text: String) {
        let found = problems(text)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("at least one") == true)
    }

    /// PaletteTextError describes each problem on its own line.
    @Test func errorDescription() throws {
        guard case .failure(let error) = PaletteText.parse("A\nB: x\n") else {
            Issue.record("accepted bad text")
            return
        }
        #expect(error.description == "line 1: expected NAME: EMOJIS (a colon after the name)\nline 2: \"x\" is not emoji")
    }

    /// A byte-order mark and CR, CRLF or Unicode line ends are read; a name never picks up the mark.
    @Test(
        arguments: [
            "\u{FEFF}[1] Vehicles: 🚗\r\n[2] Faces: 😀", "\u{FEFF}[1] Vehicles: 🚗\r[2] Faces: 😀\r", "[1] Vehicles: 🚗\u{2028}[2] Faces: 😀\n"
        ])
    func byteOrderMarkAndLineEnds(text: String) throws {
        let list = try PaletteText.parse(text).get()
        #expect(list.palettes == [Palette(name: "Vehicles", emojis: "🚗", id: 1), Palette(name: "Faces", emojis: "😀", id: 2)])
    }

    /// Names that combine with the space or colon around them survive format then parse.
    @Test(
        arguments: [
            "\u{301}accent first", "prepend last\u{600}", "\u{200D}joiner", "zwj last\u{200D}", "\u{FEFF}bom", "tab\tin"
        ])
    func namesReadScalarByScalar(name: String) throws {
        let list = try PaletteList([Palette(name: name, emojis: "👍🏽", id: 4)])
        #expect(try PaletteText.parse(PaletteText.format(list, header: "h")).get() == list)
    }

    /// A header with any kind of line break stays comments.
    @Test(arguments: ["a\rb", "a\u{2028}b", "a\r\nb", "a\u{85}b"])
    func headerLineBreaks(header: String) throws {
        let list = try PaletteList([Palette(name: "A", emojis: "😀", id: 1)])
        #expect(try PaletteText.parse(PaletteText.format(list, header: header)).get() == list)
    }

    /// Emojis separated by spaces are read one by one, never joined into another emoji.
    @Test(arguments: ["🇫 🇷", "👍 🏽", "😀 \u{200D}🚗"])
    func separatedEmojisStaySeparate(emojis: String) {
        #expect(problems("[1] A: " + emojis).count == 1)
    }

    /// Lines without an id avoid the reserved ids as well as those named.
    @Test func reservedIDsAvoided() throws {
        let list = try PaletteText.parse("[1] A: 😀\nB: 🚗\nC: 🎈", reservedIDs: [1, 2, 7]).get()
        #expect(list.palettes.map(\.id) == [1, 8, 9])
    }
}
