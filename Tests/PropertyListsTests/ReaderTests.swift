import Foundation
import PropertyLists
import TestSupport
import Testing

/// The reader on valid input in its various spellings, and its errors with file and line.
@Suite("Reader")
struct ReaderTests {
    static let header =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"

    func read(_ text: String) throws(PropertyListError) -> PropertyList {
        try PropertyListReader().read(Array(text.utf8), fileName: "test.plist")
    }

    /// Reads with or without DOCTYPE, with the old Apple public id, and with a BOM.
    @Test(
        arguments: [
            header + "<plist version=\"1.0\"><string>x</string></plist>",
            "<plist><string>x</string></plist>",
            "<?xml version=\"1.0\"?><!DOCTYPE plist PUBLIC \"-//Apple Computer//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\"><plist version=\"1.0\"><string>x</string></plist>",
            "\u{FEFF}<?xml version=\"1.0\"?><plist><string>x</string></plist>",
            "<plist><!-- a comment --><string><![CDATA[x]]></string></plist>"
        ])
    func readsSpellings(text: String) throws {
        #expect(try read(text) == "x")
    }

    /// Reads UTF-16 with a byte order mark.
    @Test func readsUTF16() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><string>héllo 😀</string></plist>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try PropertyListReader().read(bytes) == "héllo 😀")
    }

    /// Reads integers, reals and dates by Apple's rules.
    @Test(
        arguments: [
            ("<integer>0x1F</integer>", PropertyList.integer(PropertyListInteger(31))),
            ("<integer> 42 </integer>", 42),
            ("<integer>-9223372036854775808</integer>", .integer(.min)),
            ("<integer>18446744073709551615</integer>", .integer(.max)),
            ("<real>2.5e3</real>", 2500.0),
            ("<real>-infinity</real>", .real(-.infinity)),
            ("<real>+Infinity</real>", .real(.infinity)),
            ("<real> -INF </real>", .real(-.infinity)),
            ("<real>-0.5E-2</real>", -0.005),
            ("<date>2024-02-29T12:34:56Z</date>", .date(PropertyListDate(year: 2024, month: 2, day: 29, hour: 12, minute: 34, second: 56)!)),
            ("<data>AAEC\n  Aw==</data>", .data([0, 1, 2, 3])),
            ("<data>AAECAw</data>", .data([0, 1, 2, 3])),
            ("<true></true>", true)
        ])
    func readsScalars(element: String, expected: PropertyList) throws {
        #expect(try read("<plist>\(element)</plist>") == expected)
    }

    /// nan reads in any case and with a sign.
    @Test func readsNaN() throws {
        for text in ["nan", "NaN", "-nan", "+NAN"] {
            guard case .real(let value) = try read("<plist><real>\(text)</real></plist>") else {
                Issue.record("\(text) did not read as a real")
                continue
            }
            #expect(value.isNaN, "\(text)")
        }
    }

    /// Errors name the file, the line, the column and what is wrong.
    @Test(
        arguments: [
            ("<dict>\n<key>a</key>\n<integer>12abc</integer>\n</dict>", 3, "holds \"12abc\", which is not an integer"),
            ("<dict>\n<key>a</key>\n<integer>99999999999999999999</integer>\n</dict>", 3, "outside the range"),
            ("<array>\n<real>1.2.3</real>\n</array>", 2, "not a number"),
            ("<array>\n<real>infinityx</real>\n</array>", 2, "not a number"),
            ("<array>\n<real>+-nan</real>\n</array>", 2, "not a number"),
            ("<array>\n\n<date>2023-02-29T00:00:00Z</date>\n</array>", 3, "not a date"),
            (
                "<array>\n<date>2024-05-01Z</date>\n</array>", 2,
                "<date> holds \"2024-05-01Z\", which is not a date of years 1 through 9999 in the form YYYY-MM-DDTHH:MM:SSZ"
            ),
            ("<array>\n<date>2024Z</date>\n</array>", 2, "not a date"),
            ("<array>\n<date>2024-05-01T12Z</date>\n</array>", 2, "not a date"),
            ("<array>\n<date>2024-05-01T12:00:00.5Z</date>\n</array>", 2, "not a date"),
            ("<array>\n<data>ab*c</data>\n</array>", 2, "not Base64"),
            ("<dict>\n<key>a</key><string>x</string>\n<key>a</key><string>y</string>\n</dict>", 3, "appears twice"),
            ("<dict>\n<key>a</key>\n<script/>\n</dict>", 3, "script"),
            ("<dict>\nstray\n</dict>", 3, "dict"),
            ("<string>a</string>\n<string>b</string>", 2, "plist"),
            ("<integer></integer>", 1, "empty")
        ])
    func reportsLocatedErrors(body: String, line: Int, fragment: String) throws {
        let error = #expect(throws: PropertyListError.self) { try read("<plist>" + body + "</plist>\n") }
        let first = try #require(error?.diagnostics.first)
        #expect(first.file == "test.plist")
        #expect(first.line == line, "\(error?.description ?? "")")
        #expect(first.message.contains(fragment), "\(first.message)")
        #expect(first.column != nil, "\(first)")
        #expect(error?.description.hasPrefix("test.plist:\(line):\(first.column ?? 0): error: ") == true)
    }

    /// An element whose content breaks the DTD is reported once, not again for each later child.
    @Test func reportsContentModelOnce() throws {
        let body =
            "<dict>\n<key>a</key>\n<string>x</string>\n<string>orphan</string>\n<key>b</key>\n<integer>1</integer>\n"
            + "<key>c</key>\n<array>\n<foo/>\n<string>y</string>\n</array>\n<key>d</key>\n<integer>2x</integer>\n</dict>"
        let error = #expect(throws: PropertyListError.self) { try read("<plist>" + body + "</plist>\n") }
        #expect(
            error?.diagnostics.map(\.description) == [
                "test.plist:4:1: error: <string> in a <dict> needs a <key> before it",
                "test.plist:9:1: error: <foo> is not allowed inside <array>",
                "test.plist:9:1: error: <foo> is not an element of property lists (plist, array, dict, key, string, integer, real, date, data, true, false)",
                "test.plist:13:10: error: <integer> holds \"2x\", which is not an integer"
            ])
    }

    /// Names a letter short of, past, or off one of the vocabulary's are no element of
    /// property lists (the reader tells names by their first letters, then compares the rest).
    @Test(
        arguments: [
            "d", "da", "dat", "datex", "dita", "dic", "dicts", "k", "ke", "keys", "p", "plis", "plistx", "s", "strin", "strings",
            "i", "integers", "r", "rea", "realm", "t", "tru", "truex", "f", "fals", "falsey", "a", "arra", "arrays", "Dict", "dATE", "x"
        ])
    func refusesNamesNearTheVocabulary(name: String) throws {
        let error = #expect(throws: PropertyListError.self) { try read("<plist><array><\(name)/></array></plist>") }
        let expected = "<\(name)> is not an element of property lists (plist, array, dict, key, string, integer, real, date, data, true, false)"
        #expect(error?.diagnostics.map(\.message).contains(expected) == true, "\(error?.description ?? "")")
    }

    /// Text that libxml2 hands over in many pieces (references, CDATA sections, a file read in
    /// chunks) reads whole, in strings and in keys, whose duplicates are found all the same.
    @Test func readsTextGivenInPieces() throws {
        let piece = "é&amp;x<![CDATA[<y>]]>z&#233;"
        let text = String(repeating: piece, count: 2000)
        let expected = String(repeating: "é&x<y>zé", count: 2000)
        let folder = TemporaryFolder()
        let path = folder.file("pieces.plist")
        try folder.write("<plist><dict><key>\(text)</key><string>\(text)</string></dict></plist>", to: "pieces.plist")
        #expect(try PropertyListReader().read(contentsOf: path) == .dictionary([expected: .string(expected)]))
        try folder.write("<plist><dict><key>\(text)</key><true/><key>\(text)</key><false/></dict></plist>", to: "pieces.plist")
        let error = #expect(throws: PropertyListError.self) { try PropertyListReader().validate(contentsOf: path) }
        #expect(error?.diagnostics.count == 1)
        #expect(error?.message.contains("appears twice in one <dict>") == true, "\(error?.description ?? "")")
    }

    /// validate names other formats.
    @Test(arguments: [("bplist00abc", "binary"), ("{\"a\": 1}", "JSON"), ("{ a = 1; }", "OpenStep")])
    func namesOtherFormats(text: String, format: String) throws {
        let error = #expect(throws: PropertyListError.self) { try PropertyListReader().validate(Array(text.utf8)) }
        #expect(error?.code == .unsupportedFormat)
        #expect(error?.message.contains(format) == true)
    }

    /// Hostile constructs are refused as forbidden, and nothing is resolved.
    @Test(
        arguments: [
            "<!DOCTYPE plist [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><plist><string>&x;</string></plist>",
            "<!DOCTYPE plist [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]><plist><string>&b;</string></plist>",
            "<!DOCTYPE plist SYSTEM \"http://127.0.0.1:9/x.dtd\"><plist><string>x</string></plist>",
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\"><plist><string>&undeclared;</string></plist>"
        ])
    func refusesHostileConstructs(text: String) throws {
        let error = #expect(throws: PropertyListError.self) { try read(text) }
        #expect(error?.code == .forbidden, "\(error?.description ?? "")")
        #expect(error?.description.contains("root:") == false)
    }

    /// 200 nested containers read; 201 are refused as too deep.
    @Test func enforcesNestingLimit() throws {
        func nested(_ depth: Int) -> String {
            "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        }
        #expect(throws: Never.self) { try read(nested(200)) }
        let error = #expect(throws: PropertyListError.self) { try read(nested(201)) }
        #expect(error?.code == .tooLarge)
    }

    /// 100 attributes on an element, or namespace declarations in force, pass the attribute
    /// check (and meet the DTD's); 400,000 (4.7 MB) are refused at once as too many, at the line
    /// of the tag, before libxml2's quadratic check for repeated ones runs (36 s before).
    @Test func refusesTooManyAttributes() throws {
        let hundred = (0..<100).map { " a\($0)=\"x\"" }.joined()
        let valid = #expect(throws: PropertyListError.self) { try read("<plist><string\(hundred)>x</string></plist>") }
        #expect(valid?.message.contains("does not take the attribute") == true, "\(valid?.description ?? "")")
        let start = ContinuousClock.now
        for text in [
            HostileInputs.xmlWithAttributes(count: 400_000),
            "<plist>\n<array>\n<string" + (0..<400_000).map { " xmlns:p\($0)=\"urn:x\"" }.joined() + ">x</string></array></plist>"
        ] {
            let error = #expect(throws: PropertyListError.self) { try read(text) }
            #expect(error?.code == .tooLarge && error?.diagnostics.count == 1, "\(error?.description ?? "")")
            #expect(error?.diagnostics.first?.line ?? 0 >= 2, "\(error?.description ?? "")")
            #expect(error?.message.contains("more than 100") == true, "\(error?.description ?? "")")
        }
        #expect(ContinuousClock.now - start < .seconds(patience))
    }

    /// Invalid UTF-8 and NUL are malformed.
    @Test(
        arguments: [
            [0x3C, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x3E, 0xFF, 0x3C, 0x2F, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x3E],
            Array("<plist><string>a".utf8) + [0] + Array("b</string></plist>".utf8)
        ])
    func refusesBadBytes(bytes: [UInt8]) throws {
        let error = #expect(throws: PropertyListError.self) { try PropertyListReader().read(bytes) }
        #expect(error?.code == .malformed)
    }

    /// A NUL byte after the document, and whatever follows it, is refused at its line, in UTF-8
    /// and UTF-16, from bytes and from a file, where libxml2 alone would end the document there
    /// and drop the rest; JSON and old-style text refuse it too, naming the NUL as U+0000.
    @Test func refusesContentAfterANulThatFollowsTheDocument() throws {
        let document = "<plist version=\"1.0\"><string>x</string></plist>\n"
        let utf16: [UInt8] = [0xFF, 0xFE] + (document + "\u{0}junk").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let inputs: [[UInt8]] = [Array((document + "\u{0}<junk/>").utf8), Array((document + "\n\u{0}").utf8), utf16]
        let folder = TemporaryFolder()
        for (index, bytes) in inputs.enumerated() {
            let error = #expect(throws: PropertyListError.self) { try PropertyListReader().read(bytes, fileName: "t.plist") }
            #expect(error?.code == .malformed, "\(error?.description ?? "")")
            #expect(
                error?.description.hasPrefix("t.plist:") == true && error?.message.contains("a NUL byte follows the document") == true,
                "\(error?.description ?? "")")
            let path = folder.file("nul-\(index).plist")
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            #expect(throws: PropertyListError.self) { try PropertyListReader().read(contentsOf: path) }
        }
        #expect(try PropertyListReader().read(Array((document + "<!-- after -->\n").utf8)) == "x")
        for (text, format) in [("{\"a\": 1}\u{0}", "JSON"), ("\"a\" = \"b\";\u{0}junk", "old-style")] {
            let error = #expect(throws: PropertyListError.self) { try PropertyListReader().read(anyFormat: Array(text.utf8)) }
            #expect(error?.message.contains(format) == true && !(error?.message.contains("\u{0}") ?? true), "\(error?.message ?? "")")
        }
        let named = #expect(throws: PropertyListError.self) { try PropertyListReader().read(anyFormat: Array("\"a\" = \"b\";\u{0}junk".utf8)) }
        #expect(named?.message.contains("U+0000") == true, "\(named?.message ?? "")")
    }

    /// A 100,000-key file of about 7 MB reads.
    @Test func readsLargeFile() throws {
        var text = "<plist><dict>"
        for index in 0..<100_000 { text += "<key>key\(index)</key><string>value \(index) \(String(repeating: "x", count: 40))</string>" }
        text += "</dict></plist>"
        let value = try read(text)
        #expect(value.dictionaryValue?.count == 100_000)
        #expect(value.dictionaryValue?["key99999"]?.stringValue?.hasPrefix("value 99999") == true)
    }
}
