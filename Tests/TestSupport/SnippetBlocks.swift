import Foundation

/// The Swift code blocks of Markdown text (README, DocC articles), and whether a test file
/// compiles each of them verbatim.
public enum SnippetBlocks {
    /// The bodies of the ` ```swift ` blocks of `markdown`, in order.
    public static func swift(in markdown: String) -> [String] {
        markdown.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
    }

    /// The Swift blocks of the section of the package's README.md that starts with the line
    /// `heading` (`## With swift-configuration`, `### Palettes in Swift`) and ends at the next
    /// `## ` heading.
    ///
    /// - Throws: ``MissingSection`` when README has no such heading.
    public static func readme(section heading: String) throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let section = text.components(separatedBy: "\n" + heading + "\n").dropFirst().first else { throw MissingSection(heading: heading) }
        return swift(in: section.components(separatedBy: "\n## ").first ?? section)
    }

    /// README.md has no section under the heading.
    public struct MissingSection: Error {
        /// The heading looked for.
        public let heading: String
    }

    /// Whether `source` holds the lines of `block` in a row, each compared without its
    /// indentation; empty lines and the lines `ignoring` picks out (imports the file has at
    /// its top) are left out of both.
    public static func source(_ source: String, holds block: String, ignoring: (String) -> Bool = { _ in false }) -> Bool {
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !ignoring($0) }
        }
        let sourceLines = lines(source)
        let blockLines = lines(block)
        return sourceLines.indices.contains { start in
            start + blockLines.count <= sourceLines.count && Array(sourceLines[start..<start + blockLines.count]) == blockLines
        }
    }
}
