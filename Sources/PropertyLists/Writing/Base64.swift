/// Base64 encoding as property lists use it: the standard alphabet with `=` padding.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The length of the Base64 form of `count` bytes: four characters for every three bytes
    /// or part of three.
    static func encodedCount(_ count: Int) -> Int {
        (count + 2) / 3 * 4
    }

    /// Writes the Base64 form of `bytes` at `output`, with no line breaks.
    ///
    /// - Returns: The number of bytes written, ``encodedCount(_:)`` of `bytes.count`.
    static func encode(_ bytes: UnsafeRawBufferPointer, to output: UnsafeMutablePointer<UInt8>) -> Int {
        alphabet.withUnsafeBufferPointer { encode(bytes, to: output, table: $0) }
    }

    private static func encode(
        _ bytes: UnsafeRawBufferPointer, to output: UnsafeMutablePointer<UInt8>,
        table: UnsafeBufferPointer<UInt8>
    ) -> Int {
        var out = output
        var index = 0
        while bytes.count - index >= 3 {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out[0] = table[Int(group >> 18 & 63)]
            out[1] = table[Int(group >> 12 & 63)]
            out[2] = table[Int(group >> 6 & 63)]
            out[3] = table[Int(group & 63)]
            out += 4
            index += 3
        }
        if index < bytes.count {
            let hasSecond = index + 1 < bytes.count
            let group = UInt32(bytes[index]) << 16 | (hasSecond ? UInt32(bytes[index + 1]) << 8 : 0)
            out[0] = table[Int(group >> 18 & 63)]
            out[1] = table[Int(group >> 12 & 63)]
            out[2] = hasSecond ? table[Int(group >> 6 & 63)] : UInt8(ascii: "=")
            out[3] = UInt8(ascii: "=")
            out += 4
        }
        return out - output
    }

    /// The Base64 form of `bytes` as a string, with no line breaks.
    static func encode(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "" }
        return bytes.withUnsafeBytes { bytes in
            String(unsafeUninitializedCapacity: encodedCount(bytes.count)) { encode(bytes, to: $0.baseAddress!) }
        }
    }
}
