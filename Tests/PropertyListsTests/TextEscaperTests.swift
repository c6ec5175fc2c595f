import PropertyLists
import TestSupport
import Testing

/// ``TextEscaper`` and ``WorkflowCommandGuard`` over random hostile input: no line they write
/// holds a raw control character or is read by GitHub Actions' runner as a command
/// (``WorkflowCommandReader``), fields decode back exactly, and JSON and XML documents keep
/// their values.
@Suite("Escaping printed text")
struct TextEscaperTests {
    /// The characters that matter to terminals and to the runner, with ordinary ones between.
    static let alphabet: [Unicode.Scalar] =
        [":", "#", "[", "]", "\\", "\"", " ", "\t", "\n", "\r", "%", ",", "=", "a", "Z", "0", "é", "😀"]
        + (0x00...0x1F).map { Unicode.Scalar(UInt8($0)) } + ["\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}"]
        + ["\u{A0}", "\u{1680}", "\u{2000}", "\u{200B}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{3000}", "\u{FEFF}"]

    /// What starts or holds a command, drawn half the time.
    static let commandParts: [Unicode.Scalar] = [":", "#", "[", "\n", "\r", " ", "\u{A0}"]

    static func randomText(_ generator: inout SplitMix, length: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let pool = Bool.random(using: &generator) ? commandParts : alphabet
            scalars.append(pool.randomElement(using: &generator)!)
        }
        return String(scalars)
    }

    static func rawControls(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { !kept.contains($0) && TextEscaper.isControl($0) }
    }

    /// A field has no control character left, and `printf '%b'`'s decoding gives it back.
    @Test func fieldsHoldNoControlCharacterAndDecodeBack() {
        var generator = SplitMix(seed: 29)
        for round in 0..<5_000 {
            let text = Self.randomText(&generator, length: round % 40)
            let field = TextEscaper.field.escaped(text)
            #expect(Self.rawControls(field).isEmpty, "\(text.debugDescription) → \(field.debugDescription)")
            #expect(Self.printfDecoded(field) == text, "\(text.debugDescription) → \(field.debugDescription)")
            let line = TextEscaper.line.escaped(text)
            #expect(Self.rawControls(line).isEmpty && !line.contains("\n"), "\(line.debugDescription)")
        }
    }

    /// Bytes that are not UTF-8 are written `\xNN` and decode back to the very bytes.
    @Test func bytesDecodeBack() {
        var generator = SplitMix(seed: 2_029)
        for round in 0..<3_000 {
            let bytes = (0..<(round % 24)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let field = TextEscaper.field.escaped(bytes: bytes)
            #expect(Self.rawControls(field).isEmpty, "\(bytes) → \(field.debugDescription)")
            #expect(Self.printfDecodedBytes(field) == bytes, "\(bytes) → \(field.debugDescription)")
        }
    }

    /// Text written in random pieces, with data passed as it is and annotations among them,
    /// holds no command but the annotations and no raw control character but LF and tab.
    @Test func guardedTextStartsNoCommand() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<2_000 {
            var guardian = WorkflowCommandGuard()
            var printed = ""
            var annotations = 0
            var passedBytes = false
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let text = Self.randomText(&generator, length: Int.random(in: 0...12, using: &generator))
                switch Int.random(in: 0..<10, using: &generator) {
                case 0:
                    printed += guardian.annotation("::error file=f::" + text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" })
                    annotations += 1
                case 1:
                    // Data printed as it is ends a line here, so that the test can tell it apart.
                    guardian.passed(Array("data\n".utf8))
                    printed += "data\n"
                    passedBytes = true
                default: printed += guardian.guarded(text, as: .text)
                }
            }
            let commands = WorkflowCommandReader.unexpectedCommands(in: printed, allowed: ["error"])
            #expect(commands.isEmpty, "\(printed.debugDescription)")
            #expect(WorkflowCommandReader.commands(in: printed).count == annotations, "\(printed.debugDescription)")
            #expect(Self.rawControls(printed, keeping: ["\n", "\t"]).isEmpty || passedBytes, "\(printed.debugDescription)")
        }
    }

    /// A JSON or XML document guarded in its syntax starts no command and reads back to the
    /// same value.
    @Test func guardedDocumentsKeepTheirValues() throws {
        var generator = SplitMix(seed: 11)
        for _ in 0..<1_000 {
            let key = Self.randomText(&generator, length: Int.random(in: 0...10, using: &generator))
            let text = Self.randomText(&generator, length: Int.random(in: 0...20, using: &generator))
            var dictionary = PropertyListDictionary()
            dictionary[key] = .string(text)
            dictionary["a"] = .array([.string(text)])
            let value = PropertyList.dictionary(dictionary)
            var jsonGuard = WorkflowCommandGuard()
            let json = jsonGuard.guarded(try JSONWriter().write(value), as: .json)
            #expect(WorkflowCommandReader.commands(in: json).isEmpty && Self.rawControls(json, keeping: ["\n"]).isEmpty, "\(json.debugDescription)")
            #expect(try JSONReader().read(json) == value, "\(json.debugDescription)")
            // XML 1.0 holds no C0 character but tab, LF and CR.
            let xmlText = String(text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }.map(Character.init))
            let xmlKey = String(key.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" }.map(Character.init))
            var xmlDictionary = PropertyListDictionary()
            xmlDictionary[xmlKey] = .string(xmlText)
            let xmlValue = PropertyList.dictionary(xmlDictionary)
            var xmlGuard = WorkflowCommandGuard()
            let xml = xmlGuard.guarded(String(decoding: try PropertyListWriter().write(xmlValue), as: UTF8.self), as: .xml)
            #expect(WorkflowCommandReader.commands(in: xml).isEmpty && Self.rawControls(xml, keeping: ["\n", "\t"]).isEmpty, "\(xml.debugDescription)")
            #expect(try PropertyListReader().read(Array(xml.utf8)) == xmlValue, "\(xml.debugDescription)")
        }
    }

    /// The escaper writes `printf '%b'`'s escapes, C0 and DEL as `\xHH`, C1 as `\uHHHH`.
    @Test(arguments: [
        ("a\\b", "a\\\\b"), ("\u{1B}[2J", "\\x1B[2J"), ("\r\n\t", "\\r\\n\\t"), ("\u{7F}\u{85}\u{2028}", "\\x7F\\u0085\\u2028"),
        ("::x", "::x"), ("\u{0}", "\\x00")
    ])
    func writesPrintfEscapes(text: String, field: String) {
        #expect(TextEscaper.field.escaped(text) == field)
    }

    /// `printf '%b'`'s decoding of ``TextEscaper``'s escapes, to bytes.
    static func printfDecodedBytes(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let escape = scalars.popFirst() else {
                output += Array(String(scalar).utf8)
                continue
            }
            switch escape {
            case "n": output.append(0x0A)
            case "t": output.append(0x09)
            case "r": output.append(0x0D)
            case "x", "u":
                let digits = String(String.UnicodeScalarView(scalars.prefix(escape == "x" ? 2 : 4)))
                scalars = scalars.dropFirst(digits.unicodeScalars.count)
                let value = UInt32(digits, radix: 16)!
                // printf's \xHH is a byte; \uHHHH a character, in UTF-8.
                output += escape == "x" ? [UInt8(value)] : Array(String(Unicode.Scalar(value)!).utf8)
            default: output += Array(String(escape).utf8)
            }
        }
        return output
    }

    static func printfDecoded(_ text: String) -> String {
        String(decoding: printfDecodedBytes(text), as: UTF8.self)
    }
}
