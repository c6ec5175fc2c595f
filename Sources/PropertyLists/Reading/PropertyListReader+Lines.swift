extension PropertyListReader {
    /// Reads the property list file at `path` as ``read(contentsOf:fileName:)`` does, and
    /// records the line of every entry, so that a checker can report `FILE:LINE` for a key.
    ///
    /// Recording costs a little time and memory per entry; the other reads record nothing.
    ///
    /// - Parameters:
    ///   - path: The file to read; `-` reads standard input.
    ///   - fileName: How errors name the file; `path` when `nil`.
    /// - Returns: The value and the line of each entry.
    /// - Throws: ``PropertyListError`` as ``read(contentsOf:fileName:)`` does.
    /// - Complexity: O(*n*) in the size of the document.
    public func readRecordingLines(contentsOf path: String, fileName: String? = nil) throws(PropertyListError) -> (
        value: PropertyList, lines: PropertyListLines
    ) {
        let (value, lines) = try XMLPropertyListParser.parseRecordingLines(contentsOf: path, fileName: fileName ?? path)
        return (value, lines)
    }

    /// Parses `bytes` as ``read(_:fileName:)`` does (XML only), and records the line of every
    /// entry, as ``readRecordingLines(contentsOf:fileName:)`` does for a file.
    ///
    /// - Complexity: O(*n*) in the size of the document.
    public func readRecordingLines(_ bytes: some ContiguousBytesCollection, fileName: String) throws(PropertyListError) -> (
        value: PropertyList, lines: PropertyListLines
    ) {
        try bytes.withBytes { (buffer) throws(PropertyListError) in try XMLPropertyListParser.parseRecordingLines(buffer, fileName: fileName) }
    }
}
