import Foundation
import PropertyLists
import TestSupport
import Testing

/// `CanonicalXMLDocument`: a document the writer wrote has one entry written anew, byte for
/// byte what the writer writes for the changed dictionary, and any other document is refused.
@Suite("Canonical XML documents")
struct CanonicalXMLDocumentTests {
    let writer = PropertyListWriter()

    /// Keys that sort differently by UTF-16 code units than by UTF-8 bytes or scalars, with
    /// escapes, and the empty key.
    static let awkwardKeys = [
        "", "a", "Z", "key000001", "\u{E000}", "\u{FFFD}", "😀", "𝔸", "é", "e\u{301}", "ａ", "&amp", "<tag>", "line\nbreak", "car\rriage", " ", "\t"
    ]

    /// Writes `dictionary` with `value` under `key` through a document spliced from `dictionary`'s
    /// canonical bytes, and through the writer, and expects the same bytes.
    func expectSpliceMatchesRewrite(
        _ dictionary: PropertyListDictionary, key: String, value: PropertyList?, _ comment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let bytes = try writer.write(.dictionary(dictionary))
        let document = try #require(CanonicalXMLDocument(bytes, entryKey: key), "\(comment): refused", sourceLocation: sourceLocation)
        #expect(document.hasEntry == (dictionary[key] != nil), "\(comment)", sourceLocation: sourceLocation)
        var changed = dictionary
        changed[key] = value
        var spliced: [UInt8] = []
        try document.write(entryValue: value) { spliced.append(contentsOf: $0) }
        let rewritten = try writer.write(.dictionary(changed))
        #expect(spliced == rewritten, "\(comment): \(String(decoding: spliced, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    /// Splicing any entry of generated dictionaries matches a whole rewrite: first, last, middle, new and removed keys.
    @Test func spliceMatchesRewriteForGeneratedDictionaries() throws {
        var generator = RoundTripTests.Generator(random: SplitMix(seed: 15))
        for round in 0..<60 {
            var dictionary = PropertyListDictionary()
            for _ in 0..<generator.below(12) {
                let key = generator.below(3) == 0 ? Self.awkwardKeys[generator.below(Self.awkwardKeys.count)] : generator.string()
                dictionary[key] = generator.value(depth: 1)
            }
            let sorted = dictionary.sortedKeys
            let keys = Set(sorted + sorted.map { $0 + "0" } + Self.awkwardKeys + ["new", "zzz", "\u{10FFFF}"])
            for key in keys {
                try expectSpliceMatchesRewrite(dictionary, key: key, value: generator.value(depth: 1), "round \(round), set \(key.debugDescription)")
                try expectSpliceMatchesRewrite(dictionary, key: key, value: nil, "round \(round), remove \(key.debugDescription)")
                try expectSpliceMatchesRewrite(
                    dictionary, key: key, value: .dictionary(["inner": .array([1, "two", .dictionary(["deep": true])])]),
                    "round \(round), nested \(key.debugDescription)")
            }
        }
    }

    /// The first and the last entry of a large dictionary, and a key before or after all, splice exactly.
    @Test func spliceMatchesRewriteAtBothEnds() throws {
        var dictionary = PropertyListDictionary()
        for index in 0..<2000 { dictionary[String(format: "key%06d", index)] = index % 2 == 0 ? .string("value \(index) & <more>") : .integer(.init(index)) }
        for key in ["key000000", "key001999", "key001000", "a", "zzz", "key0010005"] {
            try expectSpliceMatchesRewrite(dictionary, key: key, value: "new", "set \(key)")
            try expectSpliceMatchesRewrite(dictionary, key: key, value: nil, "remove \(key)")
        }
    }

    /// An empty domain gains its first entry, and a domain loses its only one, as the writer writes them.
    @Test func emptyAndSingleEntryDomains() throws {
        try expectSpliceMatchesRewrite([:], key: "first", value: 1, "add to empty")
        try expectSpliceMatchesRewrite(["only": 1], key: "only", value: nil, "remove the only entry")
        try expectSpliceMatchesRewrite(["only": 1], key: "only", value: 2, "replace the only entry")
        try expectSpliceMatchesRewrite(["only": 1], key: "other", value: 2, "add a second entry")
    }

    /// A canonical document of every kind of value, each edit below breaking its canonical form.
    static let canonical = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>a</key>
        \t<integer>1</integer>
        \t<key>b</key>
        \t<true/>
        \t<key>c</key>
        \t<string>x &amp; y</string>
        \t<key>d</key>
        \t<real>1.5</real>
        \t<key>e</key>
        \t<data>
        \tAQID
        \t</data>
        \t<key>f</key>
        \t<array>
        \t\t<string></string>
        \t</array>
        \t<key>g</key>
        \t<date>2024-02-29T12:34:56Z</date>
        </dict>
        </plist>

        """

    static let edits: [(String, String)] = [
        ("spaces for tabs", "\t<key>a</key>|    <key>a</key>"),
        (
            "keys out of order",
            "<key>a</key>\n\t<integer>1</integer>\n\t<key>b</key>\n\t<true/>|<key>b</key>\n\t<true/>\n\t<key>a</key>\n\t<integer>1</integer>"
        ),
        ("a plus sign", "<integer>1</integer>|<integer>+1</integer>"),
        ("a leading zero", "<integer>1</integer>|<integer>01</integer>"),
        ("hex", "<integer>1</integer>|<integer>0x1</integer>"),
        ("an open-close true", "<true/>|<true></true>"),
        ("CRLF", "\n|\r\n"),
        ("a comment", "<dict>\n|<dict>\n<!-- note -->\n"),
        ("no final newline", "</plist>\n|</plist>"),
        ("an empty-element string", "<string></string>|<string/>"),
        ("a character reference", "x &amp; y|x &#38; y"),
        ("a raw >", "x &amp; y|x > y"),
        ("a real spelled otherwise", "<real>1.5</real>|<real>1.50</real>"),
        ("data on one line", "<data>\n\tAQID\n\t</data>|<data>AQID</data>"),
        ("a byte order mark", "<?xml|\u{FEFF}<?xml"),
        ("another declaration", "encoding=\"UTF-8\"|encoding=\"utf-8\""),
        ("a blank line", "</dict>|\n</dict>"),
        ("a space in a tag", "<dict>|<dict >"),
        ("white space in an integer", "<integer>1</integer>|<integer> 1</integer>"),
        ("something after the end", "</plist>\n|</plist>\n\n"),
        ("an empty array spelled open-close", "\t<array>\n\t\t<string></string>\n\t</array>|\t<array>\n\t</array>"),
        ("a date with a fraction", "12:34:56Z|12:34:56.0Z"),
        ("a carriage return", "x &amp; y|x \r y")
    ]

    /// Documents that are valid but not canonical are refused, each by one difference.
    @Test(arguments: edits.map(\.0))
    func nonCanonicalDocumentsAreRefused(edit name: String) throws {
        let parts = try #require(Self.edits.first { $0.0 == name }?.1.split(separator: "|", omittingEmptySubsequences: false))
        let edited = Self.canonical.replacingFirst(String(parts[0]), with: String(parts[1]))
        #expect(edited != Self.canonical, "the edit \(name) changes nothing")
        #expect(CanonicalXMLDocument(Array(edited.utf8), entryKey: "c") == nil)
    }

    /// The canonical sample the edits start from is accepted and is the writer's own text.
    @Test func canonicalSampleIsAccepted() throws {
        let bytes = Array(Self.canonical.utf8)
        #expect(CanonicalXMLDocument(bytes, entryKey: "c")?.hasEntry == true)
        #expect(try writer.write(try PropertyListReader().read(bytes)) == bytes)
    }

    /// A root that is not a dictionary, and an empty or cut document, are refused.
    @Test func nonDictionaryRootIsRefused() throws {
        #expect(CanonicalXMLDocument([], entryKey: "a") == nil)
        let whole = try writer.write(.dictionary(["a": "text", "b": .array([1])]))
        for length in 0..<whole.count { #expect(CanonicalXMLDocument(Array(whole[..<length]), entryKey: "a") == nil, "cut at \(length)") }
        #expect(CanonicalXMLDocument(try writer.write(.array([1])), entryKey: "a") == nil)
        #expect(CanonicalXMLDocument(try writer.write("text"), entryKey: "a") == nil)
    }

    /// A dictionary written to about 600 KB, large enough to be checked on a second thread.
    static let large: PropertyListDictionary = {
        var dictionary = PropertyListDictionary()
        for index in 0..<8000 {
            dictionary[String(format: "key%06d", index)] =
                index % 2 == 0 ? .string("value \(index) " + String(repeating: "x", count: 40)) : .real(Double(index) / 7)
        }
        return dictionary
    }()

    /// A large canonical document is checked while it is read, and splices as a whole rewrite writes.
    @Test func largeDocumentIsCheckedWhileRead() throws {
        let bytes = try writer.write(.dictionary(Self.large))
        #expect(bytes.count > 256 << 10, "the document is too small to be checked on a second thread")
        let checked = CanonicalXMLDocument.checking(bytes, entryKey: "key004000") { try? PropertyListReader().read(bytes, rootKey: "key004000") }
        let (document, read) = try #require(checked)
        #expect(read == .dictionary(["key004000": Self.large["key004000"]!]))
        var spliced: [UInt8] = []
        try document.write(entryValue: "new") { spliced.append(contentsOf: $0) }
        var changed = Self.large
        changed["key004000"] = "new"
        #expect(spliced == (try writer.write(.dictionary(changed))))
    }

    /// A large canonical document that starts with an element longer than the first bytes checked is still found canonical.
    @Test func largeDocumentStartingWithALongElement() throws {
        var dictionary = Self.large
        dictionary["a"] = .data(Array(repeating: 7, count: 100_000))
        let bytes = try writer.write(.dictionary(dictionary))
        var reads = 0
        #expect(CanonicalXMLDocument.checking(bytes, entryKey: "a") { reads += 1 }?.document.hasEntry == true)
        #expect(reads == 1)
    }

    /// A large document that differs from the canonical form near its end, or at its start, is refused.
    @Test func largeNonCanonicalDocumentsAreRefused() throws {
        let bytes = try writer.write(.dictionary(Self.large))
        var late = bytes
        late.insert(UInt8(ascii: " "), at: late.count - 40)
        var reads = 0
        #expect(CanonicalXMLDocument.checking(late, entryKey: "a") { reads += 1 } == nil)
        var early = bytes
        early.insert(UInt8(ascii: " "), at: 300)
        #expect(CanonicalXMLDocument.checking(early, entryKey: "a") { reads += 1 } == nil)
        #expect(reads == 1, "a document not canonical from its start is read nonetheless")
    }

    /// Whenever a mutated document is found canonical and reads, the writer writes it back unchanged (3,000 mutations)
    @Test func canonicalVerdictMeansRewriteIsIdentical() throws {
        var generator = RoundTripTests.Generator(random: SplitMix(seed: 1515))
        var accepted = 0
        let alphabet = Array("<>/&;#\t\n\r 01-.aeZ=+x".utf8) + [0xEF, 0xBF, 0xBE, 0xF0]
        for round in 0..<3000 {
            var dictionary = PropertyListDictionary()
            for _ in 0..<(1 + generator.below(4)) { dictionary[generator.string()] = generator.value(depth: 1) }
            var bytes = try writer.write(.dictionary(dictionary))
            for _ in 0..<(1 + generator.below(2)) {
                let offset = generator.below(bytes.count)
                switch generator.below(3) {
                case 0: bytes[offset] = alphabet[generator.below(alphabet.count)]
                case 1: bytes.remove(at: offset)
                default: bytes.insert(alphabet[generator.below(alphabet.count)], at: offset)
                }
            }
            guard CanonicalXMLDocument(bytes, entryKey: "a") != nil, let value = try? PropertyListReader().read(bytes) else { continue }
            accepted += 1
            #expect(try writer.write(value) == bytes, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(accepted > 0, "no mutation kept the document canonical, so the check checked nothing")
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
