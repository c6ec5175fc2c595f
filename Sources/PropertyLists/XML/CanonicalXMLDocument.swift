/// An XML property list whose bytes are exactly what ``PropertyListWriter`` writes for the
/// dictionary they hold, so that one entry of that dictionary can change without the others
/// being written again: the new document is the old bytes around the entry, copied, and the
/// entry written anew, byte for byte what the writer writes for the changed dictionary.
///
/// ```swift
/// if let document = CanonicalXMLDocument(bytes, entryKey: "fontSize") {
///     try document.write(entryValue: 14, to: append)
/// }
/// ```
///
/// Finding that a document is canonical is not validating it: read the same bytes with
/// ``PropertyListReader`` too, and trust neither until both succeed.
public struct CanonicalXMLDocument: Sendable {
    /// The document.
    public let bytes: [UInt8]
    /// The key of the entry that can change.
    public let key: String
    private let root: CanonicalScanner.RootEntries

    /// Checks that `bytes` are canonical with a dictionary at the root, and finds the entry
    /// under `key` (or where it would go).
    ///
    /// - Returns: `nil` when the bytes differ in any way from what the writer writes for their
    ///   value (another indentation or order of keys, other spellings of values, a comment, a
    ///   byte order mark, carriage returns), or when the root is not a dictionary.
    /// - Complexity: O(*n*) in the size of the document.
    public init?(_ bytes: [UInt8], entryKey key: String) {
        let located = bytes.withUnsafeBytes { buffer in
            var scanner = CanonicalScanner(buffer)
            return scanner.rootEntries(locating: Array(key.utf8))
        }
        guard let located else { return nil }
        self.bytes = bytes
        self.key = key
        root = located
    }

    /// Whether the root dictionary holds an entry under ``key``.
    public var hasEntry: Bool { root.isPresent }

    /// Writes the document with ``key`` holding `value` (removed when `nil`) to `output`, in
    /// pieces that together are exactly what ``PropertyListWriter/write(_:to:)`` writes for the
    /// root dictionary so changed.
    ///
    /// - Throws: What the writer throws for the new entry (a character XML cannot carry,
    ///   nesting too deep) or for a document beyond ``PropertyListLimits/maxInputSize``, after
    ///   pieces may have gone out; and what `output` throws.
    public func write(
        entryValue value: PropertyList?,
        to output: (UnsafeRawBufferPointer) throws(PropertyListError) -> Void
    ) throws(PropertyListError) {
        let remaining = root.count - (root.isPresent ? 1 : 0) + (value == nil ? 0 : 1)
        guard root.count > 0, remaining > 0 else {
            // No other entry to keep: the whole document is this one entry or none.
            var dictionary = PropertyListDictionary()
            dictionary[key] = value
            try PropertyListWriter().write(.dictionary(dictionary), to: output)
            return
        }
        try bytes.withBytes { (bytes) throws(PropertyListError) in
            let before = UnsafeRawBufferPointer(rebasing: bytes[..<root.entry.lowerBound])
            let after = UnsafeRawBufferPointer(rebasing: bytes[root.entry.upperBound...])
            try output(before)
            try withoutActuallyEscaping(output) { (output) throws(PropertyListError) in
                var encoder = PropertyListWriter.Encoder(emit: output)
                encoder.emitted = before.count
                if let value { try encoder.entry(key, value, depth: 1) }
                // The size check counts what follows the entry as already written.
                encoder.emitted += after.count
                try encoder.handOut()
            }
            try output(after)
        }
    }
}
