/// Big-endian unsigned integers of 1 through 8 bytes.
enum BinaryInteger64 {
    /// The unsigned big-endian integer of `width` bytes at `offset`; the caller has checked the range.
    static func read(_ bytes: UnsafeRawBufferPointer, at offset: Int, width: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + width { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
