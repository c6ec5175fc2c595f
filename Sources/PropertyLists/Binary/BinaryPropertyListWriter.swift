/// Writes binary property lists (`bplist00`) the way CoreFoundation does, so that a Mac's
/// `defaults import`, `plutil` and Python's `plistlib` read them to the same value.
///
/// ```swift
/// let bytes = try BinaryPropertyListWriter().write(["fontSize": 13])
/// ```
///
/// As in CoreFoundation's `CFBinaryPList.c`: objects are numbered depth first (a dictionary,
/// then its keys, then its values); equal strings, integers, reals, booleans, dates, data and
/// UIDs are stored once; integers take the fewest of 1, 2, 4 or 8 bytes (negative ones 8,
/// those above `Int64.max` the 16-byte form); strings are ASCII when they can be, UTF-16BE
/// otherwise; offsets and references take the fewest bytes that CoreFoundation's reader
/// accepts. A dictionary whose only entry is `CF$UID` holding an integer of 32 bits is a UID,
/// as CoreFoundation reads it from XML. Dictionary keys are written in the XML writer's order.
public struct BinaryPropertyListWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// The binary form of `value`.
    ///
    /// - Throws: ``PropertyListError`` when containers nest deeper than
    ///   ``PropertyListLimits/maxNestingDepth`` or the file would exceed
    ///   ``PropertyListLimits/maxInputSize``: the writer never produces what the reader refuses.
    /// - Complexity: O(*n* log *n*) in the number of values (keys are sorted).
    public func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
        var table = BinaryObjectTable()
        _ = try table.add(value, depth: 0)
        var encoder = BinaryObjectEncoder(objectCount: table.count)
        var offsets: [Int] = []
        offsets.reserveCapacity(table.count)
        encoder.output.append(contentsOf: BinaryTrailer.header)
        for number in 0..<table.count {
            offsets.append(encoder.output.count)
            encoder.encode(number, of: table)
            guard encoder.output.count <= PropertyListLimits.maxInputSize else { throw Self.tooLarge(encoder.output.count) }
        }
        let tableOffset = encoder.output.count
        let offsetSize = BinaryObjectEncoder.byteCount(UInt64(tableOffset))
        for offset in offsets { encoder.appendUnsigned(UInt64(offset), width: offsetSize) }
        encoder.output.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(encoder.referenceSize)])
        encoder.appendUnsigned(UInt64(table.count), width: 8)
        encoder.appendUnsigned(0, width: 8)
        encoder.appendUnsigned(UInt64(tableOffset), width: 8)
        guard encoder.output.count <= PropertyListLimits.maxInputSize else { throw Self.tooLarge(encoder.output.count) }
        return encoder.output
    }

    private static func tooLarge(_ size: Int) -> PropertyListError {
        PropertyListError(
            .tooLarge,
            "the property list would be more than \(PropertyListLimits.maxInputSize) bytes, the most prefs writes (\(size) bytes so far)")
    }
}
