/// The line of each entry of a property list read by
/// ``PropertyListReader/readRecordingLines(contentsOf:fileName:)``: the line of a dictionary
/// entry's `<key>`, of an array element's opening tag, and of the root's.
///
/// A path is the keys and array indices (in decimal) from the root, as in ``PropertyList``;
/// the root's path is empty.
public struct PropertyListLines: Sendable {
    private var lines: [[String]: Int] = [:]

    /// No lines.
    public init() {}

    /// Remembers `line` for `path` unless a line is already known for it (a dictionary entry
    /// keeps its key's line, not its value's).
    mutating func record(_ path: [String], line: Int) {
        if lines[path] == nil { lines[path] = line }
    }

    /// The line of the entry at `path`, else of its nearest recorded ancestor (a missing key is
    /// reported at the dictionary that lacks it); `nil` when nothing is recorded.
    ///
    /// - Complexity: O(*d*) in the depth of `path`.
    public func line(of path: [String]) -> Int? {
        var path = path[...]
        while true {
            if let line = lines[Array(path)] { return line }
            if path.isEmpty { return nil }
            path.removeLast()
        }
    }
}
