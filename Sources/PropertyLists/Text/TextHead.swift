/// A text's code units after its byte order mark, in the encoding ``TextEncoding`` finds, as
/// format detection reads them: each ASCII character as its byte, any other character (or part
/// of one) as `0x80`. Nothing is copied or decoded ahead.
struct TextHead {
    let bytes: UnsafeRawBufferPointer
    let encoding: TextEncoding
    let start: Int

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        (encoding, start) = TextEncoding.of(bytes)
    }

    /// How many code units the text has (UTF-8 bytes, or whole UTF-16 units).
    var count: Int { encoding == .utf8 ? bytes.count - start : (bytes.count - start) / 2 }

    subscript(index: Int) -> UInt8 {
        switch encoding {
        case .utf8: return bytes[start + index]
        case .utf16LittleEndian, .utf16BigEndian:
            let first = bytes[start + 2 * index]
            let second = bytes[start + 2 * index + 1]
            let (high, low) = encoding == .utf16LittleEndian ? (second, first) : (first, second)
            return high == 0 && low < 0x80 ? low : 0x80
        }
    }

    /// The offset of the first code unit at or after `index` that is not XML white space.
    func skippingSpace(from index: Int) -> Int {
        var index = index
        while index < count, ScalarText.isSpace(self[index]) { index += 1 }
        return index
    }

    /// Whether the ASCII text `prefix` is at `index`.
    func hasText(_ prefix: String, at index: Int) -> Bool {
        var position = index
        for byte in prefix.utf8 {
            guard position < count, self[position] == byte else { return false }
            position += 1
        }
        return true
    }
}
