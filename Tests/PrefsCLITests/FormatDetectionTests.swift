import Foundation
import TestSupport
import Testing

/// One detection by content serves every command: `read --file`, `write --file`, `convert`,
/// `import` and `validate` tell XML (UTF-8 or UTF-16), JSON, old-style text and `.strings`
/// files alike, whatever comments, white space or byte order mark come first.
@Suite
struct FormatDetectionTests {
    let folder = TemporaryFolder()

    private func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: folder.path) }

    private func write(_ bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: folder.file(name)))
    }

    /// A `.strings` file with a comment header, as Xcode writes `Localizable.strings`.
    @Test func stringsFileWithCommentHeaderWorksWithFile() throws {
        try folder.write("/* c */\n\"a\" = \"b\";\n", to: "L.strings")
        let read = try prefs("read", "--file", folder.file("L.strings"), "a")
        #expect(read.status == 0 && read.stdout == "b\n", "\(read)")
        let written = try prefs("write", "--file", folder.file("L.strings"), "greeting", "hello")
        #expect(written.status == 0, "\(written)")
        #expect(try prefs("read", "--file", folder.file("L.strings"), "greeting").stdout == "hello\n")
    }

    @Test func oldStyleTextAfterWhiteSpaceAndCommentWorksWithFile() throws {
        try folder.write("  // x\n{ a = b; }", to: "ws.txt")
        let read = try prefs("read", "--file", folder.file("ws.txt"), "a")
        #expect(read.status == 0 && read.stdout == "b\n", "\(read)")
        let converted = try prefs("convert", folder.file("ws.txt"), "--to", "json")
        #expect(converted.status == 0 && converted.stdout == "{\n  \"a\": \"b\"\n}\n", "\(converted)")
    }

    /// `validate` names the format it found, with the right article.
    @Test func validateNamesOldStyleAndStringsFilesWithTheRightArticle() throws {
        try folder.write("\"a\" = \"b\";", to: "s.strings")
        try folder.write("/* c */\n\"a\" = \"b\";\n", to: "L.strings")
        try folder.write("{ a = b; }", to: "o.txt")
        for name in ["s.strings", "L.strings", "o.txt"] {
            let result = try prefs("validate", folder.file(name))
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr.contains("\(name):1:1: error: this is an old-style (OpenStep) property list, not XML"), "\(result)")
        }
        try folder.write("{\"a\": 1}", to: "j.json")
        #expect(try prefs("validate", folder.file("j.json")).stderr.contains("this is a JSON property list, not XML"))
    }

    /// A document that is one JSON string stays JSON; a quoted key that goes on is a `.strings` file.
    @Test func quotedStringAloneIsJSON() throws {
        try folder.write(" \"a\\\"b\" \n", to: "j.json")
        let converted = try prefs("convert", folder.file("j.json"))
        #expect(converted.status == 0 && converted.stdout.contains("<string>a\"b</string>"), "\(converted)")
    }

    /// UTF-16 XML with a byte order mark (either order), without one (told by `<?xml`), and UTF-8
    /// with one: every command that reads a file reads it.
    @Test func utf16AndByteOrderMarkedXMLIsToldByContent() throws {
        let document = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist version=\"1.0\"><dict><key>k</key><string>café</string></dict></plist>"
        let utf16 = Array(document.utf16)
        let littleEndian = utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf8 = document.replacingOccurrences(of: "UTF-16", with: "UTF-8")
        let files: [String: [UInt8]] = [
            "bom-le.plist": [0xFF, 0xFE] + littleEndian, "bom-be.plist": [0xFE, 0xFF] + bigEndian,
            "le.plist": littleEndian, "be.plist": bigEndian, "bom-utf8.plist": [0xEF, 0xBB, 0xBF] + Array(utf8.utf8)
        ]
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
            try write(bytes, to: name)
            let validated = try prefs("validate", folder.file(name))
            #expect(validated.status == 0, "\(name): \(validated)")
            let converted = try prefs("convert", folder.file(name), "--to", "json")
            #expect(converted.status == 0 && converted.stdout == "{\n  \"k\": \"café\"\n}\n", "\(name): \(converted)")
            let imported = try prefs("import", "d", folder.file(name))
            #expect(imported.status == 0, "\(name): \(imported)")
            #expect(try prefs("read", "d", "k").stdout == "café\n", "\(name)")
            let read = try prefs("read", "--file", folder.file(name), "k")
            #expect(read.status == 0 && read.stdout == "café\n", "\(name): \(read)")
        }
    }

    /// `.strings` files are often UTF-16 with a byte order mark.
    @Test func utf16StringsFileReads() throws {
        try write([0xFF, 0xFE] + "/* hi */\n\"a\" = \"café\";\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, to: "u.strings")
        let converted = try prefs("convert", folder.file("u.strings"), "--to", "json")
        #expect(converted.status == 0 && converted.stdout == "{\n  \"a\": \"café\"\n}\n", "\(converted)")
        let read = try prefs("read", "--file", folder.file("u.strings"), "a")
        #expect(read.status == 0 && read.stdout == "café\n", "\(read)")
        try write([0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00], to: "lone.strings")
        let lone = try prefs("convert", folder.file("lone.strings"))
        #expect(lone.status == 3 && lone.stderr.contains("the text is not valid UTF-16"), "\(lone)")
    }

    /// A store reads XML and binary domains only: doctor notes a binary one, and reports a text
    /// one as a problem rather than as a domain that reads.
    @Test func doctorNotesOnlyBinaryDomainFiles() throws {
        try folder.write("{ a = b; }", to: "d.plist")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.file("d.plist"))
        let doctor = try prefs("doctor")
        #expect(doctor.status == 3 && !doctor.stdout.contains("note:"), "\(doctor)")
        #expect(doctor.stderr.contains("d.plist: does not read as a property list"), "\(doctor)")
    }

    /// validate names another format only when the file reads in it; text that is no property
    /// list at all gets what is wrong with it.
    @Test func validateOfTextThatIsNoPropertyListSaysWhatIsWrong() throws {
        try folder.write("Hello world, this is text.\n", to: "notes.txt")
        try folder.write("{\"a\": }", to: "bad.json")
        let notes = try prefs("validate", folder.file("notes.txt"))
        #expect(notes.status == 3 && notes.stderr == "\(folder.file("notes.txt")):1: error: old-style: unexpected text after the value\n", "\(notes)")
        let json = try prefs("validate", folder.file("bad.json"))
        #expect(json.status == 3 && json.stderr == "\(folder.file("bad.json")):1: error: JSON: unexpected character '}'\n", "\(json)")
    }
}
