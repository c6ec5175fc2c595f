import Foundation
import PropertyLists
import TestSupport
import Testing

/// `validate(contentsOf:)` and `read(contentsOf:rootKey:)`: they build less than a full read but
/// check everything it checks, streaming files through libxml2 in chunks.
@Suite("Partial reads")
struct PartialReadTests {
    let folder = TemporaryFolder()
    let reader = PropertyListReader()

    /// Writes `value` through the canonical writer and returns the file's path.
    func file(_ value: PropertyList, named name: String = "test.plist") throws -> String {
        let path = folder.file(name)
        try Data(try PropertyListWriter().write(value)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func file(text: String, named name: String = "test.plist") throws -> String {
        let path = folder.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A dictionary of `count` entries of every type, several chunks long once written.
    static func large(_ count: Int) -> PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        for index in 0..<count {
            let value: PropertyList =
                switch index % 5 {
                case 0: .string("value \(index) " + String(repeating: "é", count: index % 40))
                case 1: .integer(PropertyListInteger(index * 7919))
                case 2: .data(Array(repeating: UInt8(index % 256), count: index % 50))
                case 3: .array([.bool(true), .real(Double(index) / 3)])
                default: .dictionary(["inner": .string("\(index)"), "n": .integer(PropertyListInteger(index))])
                }
            dictionary["key\(index)"] = value
        }
        return dictionary
    }

    /// A file several chunks long reads the same from disk as from memory, whole or one key at a time.
    @Test func chunkedReadsAgree() throws {
        let value = PropertyList.dictionary(Self.large(20_000))
        let path = try file(value)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 3 * (256 << 10), "the file should span several chunks, it is \(size) bytes")
        #expect(try reader.read(contentsOf: path) == value)
        #expect(try reader.read(Array(Data(contentsOf: URL(fileURLWithPath: path)))) == value)
        try reader.validate(contentsOf: path)
        for key in ["key0", "key19999", "key12346", "key4"] {
            let expected: PropertyListDictionary = [key: Self.large(20_000)[key]!]
            #expect(try reader.read(contentsOf: path, rootKey: key) == .dictionary(expected))
        }
        #expect(try reader.read(contentsOf: path, rootKey: "absent") == .dictionary([:]))
    }

    /// Keys that differ only in Unicode normalization stay two keys when only one is read.
    @Test func normalizationVariantsAreDistinct() throws {
        let path = try file(.dictionary(["caf\u{E9}": 1, "cafe\u{301}": 2]))
        try reader.validate(contentsOf: path)
        #expect(try reader.read(contentsOf: path, rootKey: "cafe\u{301}") == .dictionary(["cafe\u{301}": 2]))
        #expect(try reader.read(contentsOf: path, rootKey: "caf\u{E9}") == .dictionary(["caf\u{E9}": 1]))
    }

    /// A root that is not a dictionary is read whole.
    @Test(
        arguments: [
            PropertyList.array(["a", 1]), .string("x"), .integer(PropertyListInteger(5))
        ])
    func otherRootsReadWhole(value: PropertyList) throws {
        let path = try file(value)
        #expect(try reader.read(contentsOf: path, rootKey: "a") == value)
        try reader.validate(contentsOf: path)
    }

    /// A duplicate key in a part that is not built is still found, at the same line.
    @Test(
        arguments: [
            // In the root, before and after the kept key, and far down a skipped branch.
            "<plist><dict><key>a</key><true/><key>kept</key><true/><key>a</key><false/></dict></plist>",
            "<plist><dict><key>kept</key><true/>\n<key>b</key><dict>\n<key>x</key><string/>\n<key>x</key><string/></dict></dict></plist>",
            "<plist><dict><key>b</key><array><dict><key>x</key><string/>\n\n<key>x</key><data/></dict></array><key>kept</key><true/></dict></plist>",
            "<plist><dict><key>kept</key><dict><key>y</key><true/><key>y</key><true/></dict></dict></plist>"
        ])
    func duplicatesInSkippedParts(text: String) throws {
        let full = try expectSameRefusals(text)
        #expect(full?.diagnostics.first?.message.contains("appears twice") == true, "\(String(describing: full))")
    }

    /// A duplicate among thousands of keys is found when nothing is built.
    @Test func duplicateAmongManyKeys() throws {
        var text = "<plist><dict>"
        for index in 0..<5_000 { text += "<key>k\(index)</key><integer>\(index)</integer>\n" }
        text += "<key>k4321</key><integer>0</integer></dict></plist>"
        let path = try file(text: text)
        let error = #expect(throws: PropertyListError.self) { try reader.validate(contentsOf: path) }
        #expect(error?.diagnostics.map(\.description) == ["\(path):5001:6: error: the key \"k4321\" appears twice in one <dict>"])
    }

    /// Keys that are prefixes of one another, and the empty key, are told apart when nothing is
    /// built: only the true duplicate is refused.
    @Test func keysThatArePrefixesOfOneAnotherAreDistinct() throws {
        let keys = ["", "k", "k1", "k12", "k123", "k1234", "1", "12"]
        let entries = keys.map { "<key>\($0)</key><true/>\n" }.joined()
        try reader.validate(contentsOf: try file(text: "<plist><dict>\n" + entries + "</dict></plist>"))
        let path = try file(text: "<plist><dict>\n" + entries + "<key>k12</key><true/><key></key><true/></dict></plist>")
        let error = #expect(throws: PropertyListError.self) { try reader.validate(contentsOf: path) }
        #expect(
            error?.diagnostics.map(\.message) == [
                "the key \"k12\" appears twice in one <dict>", "the key \"\" appears twice in one <dict>"
            ])
    }

    /// Bad scalars in skipped parts are refused as in a full read.
    @Test(
        arguments: [
            "<plist><dict><key>other</key><integer>12abc</integer><key>kept</key><true/></dict></plist>",
            "<plist><dict><key>other</key><data>ab$c</data><key>kept</key><true/></dict></plist>",
            "<plist><dict><key>other</key><array><date>2024-13-01T00:00:00Z</date></array><key>kept</key><true/></dict></plist>",
            "<plist><dict><key>other</key><string>a<b/></string><key>kept</key><true/></dict></plist>"
        ])
    func badScalarsInSkippedParts(text: String) throws {
        try expectSameRefusals(text)
    }

    /// Checks that a full read, `validate` and a read of the key `kept` all refuse `text` with
    /// the same diagnostics, and returns the full read's error.
    @discardableResult
    func expectSameRefusals(_ text: String) throws -> PropertyListError? {
        let path = try file(text: text)
        let full = #expect(throws: PropertyListError.self) { try reader.read(contentsOf: path) }
        let validated = #expect(throws: PropertyListError.self) { try reader.validate(contentsOf: path) }
        let partial = #expect(throws: PropertyListError.self) { try reader.read(contentsOf: path, rootKey: "kept") }
        #expect(validated?.diagnostics == full?.diagnostics)
        #expect(partial?.diagnostics == full?.diagnostics)
        return full
    }
}
