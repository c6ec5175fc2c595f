/// Base64 as property lists use it, encoding and decoding: the standard alphabet with `=`
/// padding.
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

    /// The outcome of decoding Base64 text.
    enum DecodingResult {
        case bytes([UInt8])
        /// The text has this byte, which is outside the alphabet.
        case badCharacter(UInt8)
        /// The text ends in the middle of a group or has `=` in the middle.
        case badLength
    }

    /// Decodes Base64 `text`, ignoring white space anywhere, with or without `=` padding.
    ///
    /// - Parameter keepingBytes: Whether to build the decoded bytes; when `false` the text is
    ///   only checked and the result holds no bytes.
    static func decode(_ text: ArraySlice<UInt8>, keepingBytes: Bool = true) -> DecodingResult {
        let table = decodingTable
        return text.withUnsafeBufferPointer { text in
            table.withUnsafeBufferPointer { decode(text, table: $0, keepingBytes: keepingBytes) }
        }
    }

    private static func decode(
        _ text: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>,
        keepingBytes: Bool
    ) -> DecodingResult {
        var output = [UInt8]()
        if keepingBytes { output.reserveCapacity(text.count / 4 * 3) }
        var group: UInt32 = 0
        var count = 0
        var padding = 0
        for byte in text {
            let value = table[Int(byte)]
            if value < 64 {
                guard padding == 0 else { return .badLength }
                group = group << 6 | UInt32(value)
                count += 1
                if count == 4 {
                    if keepingBytes {
                        output.append(UInt8(truncatingIfNeeded: group >> 16))
                        output.append(UInt8(truncatingIfNeeded: group >> 8))
                        output.append(UInt8(truncatingIfNeeded: group))
                    }
                    group = 0
                    count = 0
                }
            } else if value == paddingMarker {
                padding += 1
            } else if value != spaceMarker {
                return .badCharacter(byte)
            }
        }
        switch count {
        case 0:
            guard padding == 0 else { return .badLength }
        case 2:
            guard padding == 0 || padding == 2 else { return .badLength }
            if keepingBytes { output.append(UInt8(truncatingIfNeeded: group >> 4)) }
        case 3:
            guard padding == 0 || padding == 1 else { return .badLength }
            if keepingBytes {
                output.append(UInt8(truncatingIfNeeded: group >> 10))
                output.append(UInt8(truncatingIfNeeded: group >> 2))
            }
        default:
            return .badLength
        }
        return .bytes(output)
    }

    /// What ``decodingTable`` holds for `=` and for white space; every other byte outside the
    /// alphabet holds 0xFF.
    private static let paddingMarker: UInt8 = 64
    private static let spaceMarker: UInt8 = 65

    /// Each byte's value in the Base64 alphabet (0–63), or a marker.
    private static let decodingTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        table[Int(UInt8(ascii: "="))] = paddingMarker
        for byte in [0x20, 0x09, 0x0A, 0x0D] { table[byte] = spaceMarker }
        return table
    }()
}
