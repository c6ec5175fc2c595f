import Foundation
import PropertyLists
import TestSupport
import Testing

/// `read(contentsOf:eachRootEntry:)`: a root dictionary's entries handed on one by one as the
/// file streams in, after the same checks as a full read.
@Suite("Reads entry by entry")
struct RootEntryReadTests {
    let folder = TemporaryFolder()
    let reader = PropertyListReader()

    func file(_ bytes: [UInt8], named name: String = "test.plist") throws -> String {
        let path = folder.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The entries `path` hands on, in order, and the root that comes back.
    func entries(of path: String) throws -> (entries: [(String, PropertyList)], root: PropertyList) {
        var entries: [(String, PropertyList)] = []
        let root = try reader.read(contentsOf: path) { key, value in entries.append((key, value)) }
        return (entries, root)
    }

    @Test(arguments: ["xml", "binary"])
    func theEntriesAreThoseOfAFullReadInItsOrder(format: String) throws {
        let value = PropertyList.dictionary(PartialReadTests.large(5_000))
        let bytes = format == "xml" ? try PropertyListWriter().write(value) : try BinaryPropertyListWriter().write(value)
        let path = try file(bytes)
        let (entries, root) = try entries(of: path)
        #expect(root == .dictionary([:]))
        guard case .dictionary(let full) = try reader.read(contentsOf: path) else {
            Issue.record("the root is not a dictionary")
            return
        }
        #expect(entries.map(\.0) == full.keys)
        #expect(entries.allSatisfy { full[$0.0] == $0.1 })
    }

    @Test func keysAreDecodedAsAFullReadDecodesThem() throws {
        let text =
            "<plist><dict><key><![CDATA[a&b]]></key><true/><key>c&amp;d&#233;</key><integer>1</integer><key>caf\u{E9}</key><string/><key>cafe\u{301}</key><string/></dict></plist>"
        let (entries, _) = try entries(of: try file(Array(text.utf8)))
        #expect(entries.map(\.0) == ["a&b", "c&d\u{E9}", "caf\u{E9}", "cafe\u{301}"])
    }

    @Test(arguments: [PropertyList.array(["a", 1]), .string("x"), .integer(PropertyListInteger(5))])
    func aRootThatIsNotADictionaryComesBackWhole(value: PropertyList) throws {
        let (entries, root) = try entries(of: try file(try PropertyListWriter().write(value)))
        #expect(entries.isEmpty)
        #expect(root == value)
    }

    @Test(
        arguments: [
            "<plist><dict><key>a</key><true/><key>b</key><true/><key>a</key><false/></dict></plist>",
            "<plist><dict><key>a</key><true/>\n<key>b</key><integer>12abc</integer></dict></plist>",
            "<plist><dict><key>a</key><dict><key>x</key><true/><key>x</key><true/></dict></dict></plist>",
            "<plist><dict><key>a</key><true/></dict>"
        ])
    func aFileAFullReadRefusesIsRefusedWithTheSameErrors(text: String) throws {
        let path = try file(Array(text.utf8))
        let full = #expect(throws: PropertyListError.self) { try reader.read(contentsOf: path) }
        let streamed = #expect(throws: PropertyListError.self) { _ = try entries(of: path) }
        #expect(streamed?.diagnostics == full?.diagnostics)
    }
}
