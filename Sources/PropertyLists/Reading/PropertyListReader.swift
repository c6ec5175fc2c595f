/// Reads XML property lists: parses with libxml2, validates against Apple's plist DTD, and
/// checks what the DTD cannot say (integer, real, date and Base64 syntax, duplicate keys).
///
/// ```swift
/// let value = try PropertyListReader().read(bytes, fileName: "settings.plist")
/// ```
///
/// Nothing but the given bytes is ever read: the DOCTYPE's URL is not resolved, external and
/// internal DTD subsets and entities are refused, and input beyond ``PropertyListLimits`` is
/// refused in bounded time and memory.
public struct PropertyListReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Parses and validates a property list.
    ///
    /// - Parameters:
    ///   - bytes: The document, in UTF-8 (with or without a byte order mark), UTF-16, or any
    ///     encoding its XML declaration names that libxml2 decodes.
    ///   - fileName: How errors name the input, for example the path the user gave.
    /// - Returns: The value the document holds.
    /// - Throws: ``PropertyListError`` listing every problem, each with file and line.
    /// - Complexity: O(*n*) in the size of the document.
    public func read(_ bytes: some ContiguousBytesCollection, fileName: String? = nil) throws(PropertyListError) -> PropertyList {
        try bytes.withBytes { XMLPropertyListParser.parse($0, fileName: fileName) }.get()
    }

    /// Reads and validates the property list file at `path`.
    ///
    /// - Parameters:
    ///   - path: The file to read.
    ///   - fileName: How errors name the file; `path` when `nil`.
    /// - Throws: ``PropertyListError`` with code ``PropertyListError/Code/io`` when the file
    ///   cannot be read, or the problems in its contents.
    public func read(contentsOf path: String, fileName: String? = nil) throws(PropertyListError) -> PropertyList {
        let bytes = try FileContents.read(path, displayName: fileName ?? path)
        return try read(bytes, fileName: fileName ?? path)
    }
}

/// A collection whose bytes can be viewed as one contiguous buffer: `[UInt8]`,
/// `ArraySlice<UInt8>`, `ContiguousArray<UInt8>`.
public protocol ContiguousBytesCollection {
    /// Calls `body` with a view of the bytes.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension Array: ContiguousBytesCollection where Element == UInt8 {
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(body)
    }
}

extension ArraySlice: ContiguousBytesCollection where Element == UInt8 {
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(body)
    }
}

extension ContiguousArray: ContiguousBytesCollection where Element == UInt8 {
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(body)
    }
}
