import Glibc

/// Reads XML property lists: parses with libxml2, validates against Apple's plist DTD, and
/// checks what the DTD cannot say (integer, real, date and Base64 syntax, duplicate keys).
/// The `read` methods also take binary property lists (`bplist00`, through
/// ``BinaryPropertyListReader``), the other format a Mac keeps files in; `validate` takes XML
/// only, and ``read(anyFormat:fileName:as:)`` every format.
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
        if PropertyListFormat(sniffing: bytes) == .binary { return try BinaryPropertyListReader().read(bytes, fileName: fileName) }
        return try value(bytes.withBytes { (buffer) throws(PropertyListError) in try XMLPropertyListParser.parse(buffer, fileName: fileName) })
    }

    /// Parses and validates a property list but builds, of a root dictionary, only the entry
    /// under `rootKey`; see ``read(contentsOf:fileName:rootKey:)``.
    public func read(_ bytes: some ContiguousBytesCollection, fileName: String? = nil, rootKey: String) throws(PropertyListError) -> PropertyList {
        if PropertyListFormat(sniffing: bytes) == .binary {
            return try BinaryPropertyListReader().read(bytes, fileName: fileName, rootKey: rootKey)
        }
        let retention = XMLPropertyListParser.Retention.rootKey(Array(rootKey.utf8))
        return try value(
            bytes.withBytes { (buffer) throws(PropertyListError) in try XMLPropertyListParser.parse(buffer, fileName: fileName, retention: retention) })
    }

    /// Checks a property list without building its value; see ``validate(contentsOf:fileName:)``.
    public func validate(_ bytes: some ContiguousBytesCollection, fileName: String? = nil) throws(PropertyListError) {
        _ = try bytes.withBytes { (buffer) throws(PropertyListError) in try XMLPropertyListParser.parse(buffer, fileName: fileName, retention: .nothing) }
    }

    /// Reads and validates the property list file at `path`, streaming it through the parser.
    ///
    /// - Parameters:
    ///   - path: The file to read; `-` reads standard input.
    ///   - fileName: How errors name the file; `path` when `nil`.
    /// - Throws: ``PropertyListError`` with code ``PropertyListError/Code/io`` when the file
    ///   cannot be read, or the problems in its contents.
    public func read(contentsOf path: String, fileName: String? = nil) throws(PropertyListError) -> PropertyList {
        let name = fileName ?? path
        do {
            return value(try XMLPropertyListParser.parse(contentsOf: path, fileName: name))
        } catch {
            guard let binary = try binaryFallback(after: error, path: path, fileName: name) else { throw error }
            return binary
        }
    }

    /// Reads the property list file at `path` but builds, of a root dictionary, only the entry
    /// under `rootKey`; a root of another type is built whole.
    ///
    /// The rest of the file is parsed and checked all the same, so a file that
    /// ``read(contentsOf:fileName:)`` refuses is refused here too, with the same errors; only
    /// the time and memory of building values that nobody asked for are saved.
    ///
    /// - Returns: The root value: a dictionary holding at most the entry for `rootKey`, or the
    ///   whole root when it is not a dictionary.
    /// - Throws: ``PropertyListError`` as ``read(contentsOf:fileName:)`` does.
    public func read(contentsOf path: String, fileName: String? = nil, rootKey: String) throws(PropertyListError) -> PropertyList {
        let name = fileName ?? path
        let retention = XMLPropertyListParser.Retention.rootKey(Array(rootKey.utf8))
        do {
            return value(try XMLPropertyListParser.parse(contentsOf: path, fileName: name, retention: retention))
        } catch {
            guard let binary = try binaryFallback(after: error, path: path, fileName: name, rootKey: rootKey) else { throw error }
            return binary
        }
    }

    /// Of a root dictionary, only the entry under `rootKey`; any other root whole.
    static func keeping(_ rootKey: String, of root: PropertyList) -> PropertyList {
        guard case .dictionary(let dictionary) = root else { return root }
        var kept = PropertyListDictionary()
        kept[rootKey] = dictionary[rootKey]
        return .dictionary(kept)
    }

    /// Checks the property list file at `path` without building its value: the same checks,
    /// and the same errors, as ``read(contentsOf:fileName:)``, in less time and memory.
    ///
    /// - Throws: ``PropertyListError`` as ``read(contentsOf:fileName:)`` does.
    public func validate(contentsOf path: String, fileName: String? = nil) throws(PropertyListError) {
        _ = try XMLPropertyListParser.parse(contentsOf: path, fileName: fileName ?? path, retention: .nothing)
    }

    /// Reads the regular file open at `descriptor`, from its current offset, as
    /// ``read(contentsOf:fileName:)`` reads a path; the descriptor stays open. Reading a
    /// descriptor the caller opened and checked (`fstat`) leaves no gap between the checks and
    /// the read for another process to swap the file.
    ///
    /// XML is parsed as it streams in; a binary file (or, with `anyFormat`, a JSON or
    /// old-style one) is read whole from the file's start.
    ///
    /// - Parameters:
    ///   - descriptor: The open file, left open.
    ///   - fileName: How errors name the file.
    ///   - rootKey: When given, only this entry of a root dictionary is built, as in
    ///     ``read(contentsOf:fileName:rootKey:)``.
    ///   - anyFormat: Whether JSON and old-style text are read too, as
    ///     ``read(anyFormat:fileName:as:)`` reads them.
    /// - Returns: The value, the format it was read in, and whether old-style text was a
    ///   `.strings` file (entries without braces), which
    ///   ``OpenStepWriter/write(stringsFile:)`` writes back as one.
    /// - Throws: ``PropertyListError`` as ``read(contentsOf:fileName:)`` does.
    public func read(
        descriptor: Int32, fileName: String, rootKey: String? = nil,
        anyFormat: Bool = false
    ) throws(PropertyListError) -> (value: PropertyList, format: PropertyListFormat, isStringsFile: Bool) {
        let retention = rootKey.map { XMLPropertyListParser.Retention.rootKey(Array($0.utf8)) } ?? .everything
        do {
            return (value(try XMLPropertyListParser.parse(descriptor: descriptor, fileName: fileName, retention: retention)), .xml, false)
        } catch {
            guard error.code == .unsupportedFormat, lseek(descriptor, 0, SEEK_SET) == 0 else { throw error }
            let bytes = try FileBytes.read(descriptor: descriptor, displayName: fileName)
            let isBinary = PropertyListFormat(sniffing: bytes) == .binary
            guard anyFormat || isBinary else { throw error }
            if isBinary, let rootKey {
                return (try BinaryPropertyListReader().read(bytes, fileName: fileName, rootKey: rootKey), .binary, false)
            }
            let (root, format, isStringsFile) = try readDocument(anyFormat: bytes, fileName: fileName, as: nil)
            return (rootKey.map { Self.keeping($0, of: root) } ?? root, format, isStringsFile)
        }
    }

    /// The value of a parse that keeps values, which always has one.
    func value(_ parsed: PropertyList?) -> PropertyList {
        guard let parsed else { preconditionFailure("a parse that keeps values returned none") }
        return parsed
    }
}

/// A collection whose bytes can be viewed as one contiguous buffer: `[UInt8]`,
/// `ArraySlice<UInt8>`, `ContiguousArray<UInt8>`.
public protocol ContiguousBytesCollection {
    /// Calls `body` with a view of the bytes.
    func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R
}

extension Array: ContiguousBytesCollection where Element == UInt8 {
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try withUnsafeBufferPointer { (buffer) throws(E) in try body(UnsafeRawBufferPointer(buffer)) }
    }
}

extension ArraySlice: ContiguousBytesCollection where Element == UInt8 {
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try withUnsafeBufferPointer { (buffer) throws(E) in try body(UnsafeRawBufferPointer(buffer)) }
    }
}

extension ContiguousArray: ContiguousBytesCollection where Element == UInt8 {
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try withUnsafeBufferPointer { (buffer) throws(E) in try body(UnsafeRawBufferPointer(buffer)) }
    }
}
