import Foundation
import PropertyLists
import TestSupport
import Testing

/// `readRecordingLines(contentsOf:)`: the line of each key and array element, for checkers
/// that report `FILE:LINE`.
@Suite("Reading with lines")
struct LineRecordingTests {
    let folder = TemporaryFolder()

    func file(_ text: String) throws -> String {
        try folder.write(text, to: "lines.plist")
        return folder.file("lines.plist")
    }

    @Test func recordsTheLineOfEachKeyAndEachArrayElementThroughNesting() throws {
        let path = try file(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<integer>1</integer>
            \t<key>outer</key>
            \t<dict>
            \t\t<key>list</key>
            \t\t<array>
            \t\t\t<string>x</string>
            \t\t\t<dict><key>deep</key><true/></dict>
            \t\t</array>
            \t</dict>
            </dict>
            </plist>
            """)
        let (value, lines) = try PropertyListReader().readRecordingLines(contentsOf: path)
        #expect(value == (try PropertyListReader().read(contentsOf: path)))
        #expect(lines.line(of: []) == 3)
        #expect(lines.line(of: ["a"]) == 4)
        #expect(lines.line(of: ["outer"]) == 6)
        #expect(lines.line(of: ["outer", "list"]) == 8)
        #expect(lines.line(of: ["outer", "list", "0"]) == 10)
        #expect(lines.line(of: ["outer", "list", "1"]) == 11)
        #expect(lines.line(of: ["outer", "list", "1", "deep"]) == 11)
    }

    @Test func aPathNotInTheFileTakesTheLineOfItsNearestAncestor() throws {
        let path = try file("<plist>\n<dict>\n<key>d</key>\n<dict/>\n</dict>\n</plist>\n")
        let (_, lines) = try PropertyListReader().readRecordingLines(contentsOf: path)
        #expect(lines.line(of: ["d", "missing", "deeper"]) == 3)
        #expect(lines.line(of: ["absent"]) == 2)
    }

    @Test func refusesWhatAPlainReadRefusesWithTheSameErrors() throws {
        let path = try file("<plist>\n<dict>\n<key>a</key>\n<integer>x</integer>\n</dict>\n</plist>\n")
        let plain = #expect(throws: PropertyListError.self) { try PropertyListReader().read(contentsOf: path) }
        let recording = #expect(throws: PropertyListError.self) { try PropertyListReader().readRecordingLines(contentsOf: path) }
        #expect(plain == recording)
        #expect(recording?.diagnostics.first?.line == 4)
    }
}
