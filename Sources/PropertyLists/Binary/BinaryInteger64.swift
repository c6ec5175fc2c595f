/// Big-endian unsigned integers of 1 through 8 bytes.
enum BinaryInteger64 {
    /// The unsigned big-endian integer of `width` bytes at `offset`; the caller has checked the range.
    static func read(_ bytes: UnsafeRawBufferPointer, at offset: Int, width: Int) -> UInt64 {
        // The widths files use take one load each; the others are put together byte by byte.
        switch width {
        case 1: return UInt64(bytes[offset])
        case 2: return UInt64(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        case 8: return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        default:
            var value: UInt64 = 0
            for index in offset..<offset + width { value = value << 8 | UInt64(bytes[index]) }
            return value
        }
    }
}
