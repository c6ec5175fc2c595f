/// Reads binary property lists (`bplist00`), the format macOS keeps most preference files in.
///
/// ```swift
/// let value = try BinaryPropertyListReader().read(bytes, fileName: "com.apple.dock.plist")
/// ```
///
/// Every type CoreFoundation writes reads into the same ``PropertyList`` the XML reader builds:
/// integers of 1, 2, 4, 8 and 16 bytes (within `Int64.min...UInt64.max`), 4- and 8-byte reals,
/// dates in whole seconds, data, ASCII and UTF-16 strings, arrays, dictionaries with string
/// keys, and UIDs as CoreFoundation shows them in XML, a dictionary `{"CF$UID": N}`. Null and
/// sets have no property list value and are refused.
///
/// Hostile input is refused in bounded time and memory: every offset, reference, count and
/// length is checked against the file first; reference cycles are errors; a value that
/// expands beyond ``PropertyListLimits/maxInputSize`` through shared references is refused
/// without being expanded; nesting is capped by ``PropertyListLimits/maxNestingDepth``.
public struct BinaryPropertyListReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Parses a binary property list.
    ///
    /// - Parameters:
    ///   - bytes: The whole file, starting with `bplist00`.
    ///   - fileName: How errors name the input.
    /// - Returns: The root value.
    /// - Throws: ``PropertyListError`` whose one diagnostic names the file and what is wrong
    ///   (`FILE: error: binary property list: …`).
    /// - Complexity: O(*n*) in the size of the file.
    public func read(_ bytes: some ContiguousBytesCollection, fileName: String? = nil) throws(PropertyListError) -> PropertyList {
        try Self.parse(contentsOf: bytes, fileName: fileName, rootKey: nil)
    }

    /// Parses a binary property list but builds, of a root dictionary, only the entry under
    /// `rootKey`; a root of another type is built whole.
    ///
    /// Every object is checked all the same, in the same order, so a file that
    /// ``read(_:fileName:)`` refuses is refused here too, with the same error; only the time and
    /// memory of building values that nobody asked for are saved.
    ///
    /// - Returns: The root value: a dictionary holding at most the entry for `rootKey`, or the
    ///   whole root when it is not a dictionary.
    /// - Throws: ``PropertyListError`` as ``read(_:fileName:)`` does.
    /// - Complexity: O(*n*) in the size of the file.
    public func read(_ bytes: some ContiguousBytesCollection, fileName: String? = nil, rootKey: String) throws(PropertyListError) -> PropertyList {
        try Self.parse(contentsOf: bytes, fileName: fileName, rootKey: rootKey)
    }

    private static func parse(contentsOf bytes: some ContiguousBytesCollection, fileName: String?, rootKey: String?) throws(PropertyListError) -> PropertyList {
        try bytes.withBytes { (buffer) throws(PropertyListError) in try parse(buffer, fileName: fileName, rootKey: rootKey) }
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer, fileName: String?, rootKey: String? = nil) throws(PropertyListError) -> PropertyList {
        guard bytes.count <= PropertyListLimits.maxInputSize else {
            throw PropertyListError(
                .tooLarge, file: fileName,
                "the file is \(bytes.count) bytes; prefs reads property lists of up to \(PropertyListLimits.maxInputSize) bytes")
        }
        if rootKey == nil { try MemoryRoom.check(forDocumentOf: bytes.count, fileName: fileName) }
        do throws(BinaryFormatError) {
            var parser = try BinaryPropertyListParser(bytes)
            if let rootKey { return try parser.parse(keeping: rootKey) }
            return try parser.parse()
        } catch {
            throw PropertyListError(error.code, file: fileName, "binary property list: " + error.message)
        }
    }
}
