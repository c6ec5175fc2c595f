import Foundation

/// The Swift code blocks of Markdown text (README, DocC articles), and whether a test file
/// compiles each of them verbatim.
public enum SnippetBlocks {
    /// The bodies of the ` ```swift ` blocks of `markdown`, in order.
    public static func swift(in markdown: String) -> [String] {
        markdown.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
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
