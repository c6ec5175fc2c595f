import Foundation
import Preferences
import PropertyLists
import TestSupport
import Testing

/// `DomainFile.update(key:)` writes a canonical file again with only the changed entry written
/// anew, and any other file whole; either way the file holds exactly what a whole rewrite
/// (`update(_:)`) writes.
@Suite("Splice writes")
struct SpliceWriteTests {
    let folder = TemporaryFolder()

    /// A domain of nested dictionaries and arrays, keys that sort differently by UTF-16 code
    /// units than by bytes, and text that needs escapes.
    static let domain: PropertyListDictionary = {
        var dictionary = PropertyListDictionary()
        for index in 0..<300 { dictionary["key\(index)"] = index % 3 == 0 ? .string("text \(index) & <b>") : .integer(.init(index)) }
        dictionary["nested"] = .dictionary([
            "level1": .dictionary(["level2": .dictionary(["leaf": "deep", "other": 2.5]), "list": .array([1, "two", .data([1, 2, 3])])]),
            "sibling": true
        ])
        for key in ["\u{E000}", "\u{FFFD}", "😀", "é", "ａ", "line\nbreak"] { dictionary[key] = .string(key) }
        dictionary["date"] = .date(PropertyListDate(year: 2024, month: 2, day: 29)!)
        return dictionary
    }()

    /// Writes `text` to two files, changes one with `update(key:)` and the other with
    /// `update(_:)` by the same change at `path`, and expects the same bytes in both, and in
    /// both what the writer writes for the changed domain.
    func expectSameAsFullRewrite(
        of text: [UInt8], setting value: PropertyList?, at path: String, _ comment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let keyPath = try PropertyListKeyPath(parsing: path)
        let spliced = folder.file("spliced.plist")
        let whole = folder.file("whole.plist")
        try Data(text).write(to: URL(fileURLWithPath: spliced))
        try Data(text).write(to: URL(fileURLWithPath: whole))
        try DomainFile(path: spliced).update(key: keyPath.components[0]) { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
            try keyPath.set(value, in: &domain!)
        }
        try DomainFile(path: whole).update { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
            try keyPath.set(value, in: &domain!)
        }
        guard case .dictionary(var expected) = try PropertyListReader().read(text) else {
            Issue.record("the root is not a dictionary", sourceLocation: sourceLocation)
            return
        }
        try keyPath.set(value, in: &expected)
        let splicedBytes = try #require(folder.bytes("spliced.plist"), sourceLocation: sourceLocation)
        #expect(splicedBytes == folder.bytes("whole.plist"), "\(comment)", sourceLocation: sourceLocation)
        #expect(splicedBytes == (try PropertyListWriter().write(.dictionary(expected))), "\(comment)", sourceLocation: sourceLocation)
    }

    /// A splice write is byte for byte a whole rewrite: nested key paths, first, last, new and removed keys, keys that sort by UTF-16.
    @Test(
        arguments: [
            ("nested.level1.level2.leaf", "changed"), ("nested.level1.level2.new", "added"), ("nested.level1.list.1", "second"),
            ("nested.sibling", nil), ("nested.level1.level2", nil), ("\u{E000}", "private use"), ("😀", "emoji"), ("😁", "new emoji"),
            ("\u{FFFD}after", "after all"), ("\t", "tab key"), ("a", "before all"), ("key0", nil), ("ａ", nil), ("key150", "<middle>")
        ] as [(String, String?)])
    func spliceWriteMatchesFullRewrite(path: String, value: String?) throws {
        let text = try PropertyListWriter().write(.dictionary(Self.domain))
        try expectSameAsFullRewrite(of: text, setting: value.map(PropertyList.string), at: path, "\(path.debugDescription) = \(value ?? "nil")")
    }

    /// A splice write of a nested dictionary value, and of the only key of a domain, matches a whole rewrite.
    @Test func spliceWriteOfContainersAndOnlyKey() throws {
        let text = try PropertyListWriter().write(.dictionary(Self.domain))
        try expectSameAsFullRewrite(of: text, setting: .dictionary(["a": .array([1, 2]), "b": .dictionary([:])]), at: "nested", "nested value")
        let single = try PropertyListWriter().write(.dictionary(["only": 1]))
        try expectSameAsFullRewrite(of: single, setting: nil, at: "only", "remove the only key")
        try expectSameAsFullRewrite(of: single, setting: 2, at: "second", "add a second key")
        let empty = try PropertyListWriter().write(.dictionary([:]))
        try expectSameAsFullRewrite(of: empty, setting: 1, at: "first", "the first key of an empty domain")
    }

    /// A splice write of a large domain, checked while it is read, matches a whole rewrite; one that differs near its end is written whole.
    @Test func largeDomainSpliceMatchesFullRewrite() throws {
        var domain = Self.domain
        for index in 0..<6000 { domain["bulk\(index)"] = .string(String(repeating: "b", count: 60)) }
        let text = try PropertyListWriter().write(.dictionary(domain))
        #expect(text.count > 256 << 10, "the domain is too small to be checked on a second thread")
        try expectSameAsFullRewrite(of: text, setting: "changed", at: "nested.level1.level2.leaf", "large, nested")
        try expectSameAsFullRewrite(of: text, setting: nil, at: "bulk3000", "large, removed")
        var late = text
        late.insert(contentsOf: Array("\t<!-- c -->\n".utf8), at: late.count - 17)
        try expectSameAsFullRewrite(of: late, setting: "added", at: "zzz", "large, a comment near the end")
    }

    /// Valid files that are not canonical, so `update(key:)` writes them whole.
    static let nonCanonical: [(String, String)] = [
        (
            "different indentation",
            "<plist version=\"1.0\">\n<dict>\n  <key>a</key>\n  <integer>1</integer>\n  <key>b</key>\n  <string>x</string>\n</dict>\n</plist>\n"
        ),
        (
            "keys out of order",
            "<plist version=\"1.0\">\n<dict>\n\t<key>b</key>\n\t<string>x</string>\n\t<key>a</key>\n\t<integer>1</integer>\n</dict>\n</plist>\n"
        ),
        ("a plus sign", "<plist version=\"1.0\"><dict><key>a</key><integer>+1</integer><key>b</key><string>x</string></dict></plist>\n"),
        ("an open-close true", "<plist version=\"1.0\"><dict><key>a</key><true></true><key>b</key><string>x</string></dict></plist>\n"),
        (
            "CRLF",
            "<plist version=\"1.0\">\r\n<dict>\r\n\t<key>a</key>\r\n\t<integer>1</integer>\r\n\t<key>b</key>\r\n\t<string>x\r\ny</string>\r\n</dict>\r\n</plist>\r\n"
        ),
        (
            "a comment",
            "<plist version=\"1.0\">\n<dict>\n<!-- c -->\n\t<key>a</key>\n\t<integer>1</integer>\n\t<key>b</key>\n\t<string>x</string>\n</dict>\n</plist>\n"
        ),
        (
            "no final newline",
            "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<key>b</key>\n\t<string>x</string>\n</dict>\n</plist>"
        ),
        (
            "a character reference and an empty-element string",
            "<plist version=\"1.0\"><dict><key>a</key><string/><key>b</key><string>&#60;x&#62;</string></dict></plist>"
        )
    ]

    /// A valid file that is not canonical is written whole, as a whole rewrite writes it.
    @Test(arguments: nonCanonical.map(\.0))
    func nonCanonicalFileIsWrittenWhole(variant: String) throws {
        let body = try #require(Self.nonCanonical.first { $0.0 == variant }?.1)
        let header =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        let text = Array((header + body).utf8)
        #expect(CanonicalXMLDocument(text, entryKey: "a") == nil, "the variant is canonical, so it tests nothing")
        for (path, value) in [("a", "set"), ("b", nil), ("c", "new"), ("0", "first")] as [(String, String?)] {
            try expectSameAsFullRewrite(of: text, setting: value.map(PropertyList.string), at: path, "\(variant): \(path)")
        }
    }

    /// A file that has the canonical form but does not read is refused and left untouched.
    @Test func canonicalFormThatDoesNotReadIsLeftUntouched() throws {
        var text = try PropertyListWriter().write(.dictionary(["a": "q", "b": "y"]))
        // A byte that is not UTF-8, which only the parser checks.
        text[try #require(text.firstIndex(of: UInt8(ascii: "q")))] = 0xFF
        #expect(CanonicalXMLDocument(text, entryKey: "b") != nil, "the scan refused the file, so the reader is not what refuses it")
        let path = folder.file("broken.plist")
        try Data(text).write(to: URL(fileURLWithPath: path))
        #expect(throws: PreferenceError.self) {
            try DomainFile(path: path).update(key: "b") { (domain: inout PropertyListDictionary?) throws(PreferenceError) in domain?["b"] = "z" }
        }
        #expect(folder.bytes("broken.plist") == text)
    }

    /// Storing the value already there writes nothing.
    @Test func storingTheSameValueWritesNothing() throws {
        let path = folder.file("same.plist")
        try Data(try PropertyListWriter().write(.dictionary(Self.domain))).write(to: URL(fileURLWithPath: path))
        let before = DomainFile(path: path).currentVersion()
        try DomainFile(path: path).update(key: "key1") { (domain: inout PropertyListDictionary?) throws(PreferenceError) in domain?["key1"] = 1 }
        #expect(DomainFile(path: path).currentVersion() == before)
    }
}
