/// Parsing of the text inside `<real>` and `<data>`; integers and dates parse through
/// ``PropertyListInteger/init(parsing:)`` and ``PropertyListDate/init(parsing:)``.
enum ScalarText {
    /// Whether `byte` is XML white space.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `bytes` without leading and trailing XML white space.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return slice
    }

    /// Parses a real: decimal notation with optional sign, fraction and exponent, or `nan`,
    /// `inf`, `infinity` with an optional sign, in any case.
    static func real(_ text: ArraySlice<UInt8>) -> Double? {
        let unsigned = text.first == UInt8(ascii: "+") || text.first == UInt8(ascii: "-") ? text.dropFirst() : text
        // Letters first: nan, inf, infinity, in any case. Digits are the common case and skip this.
        if let first = unsigned.first, first | 0x20 == UInt8(ascii: "n") || first | 0x20 == UInt8(ascii: "i") {
            switch String(decoding: unsigned, as: UTF8.self).lowercased() {
            case "nan": return .nan
            case "inf", "infinity": return text.first == UInt8(ascii: "-") ? -.infinity : .infinity
            default: return nil
            }
        }
        var index = text.startIndex
        func digits() -> Int {
            let start = index
            while index < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
            return index - start
        }
        if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
        var mantissaDigits = digits()
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return nil }
        if index < text.endIndex, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard index == text.endIndex else { return nil }
        return CLocale.double(parsing: text)
    }

    /// The outcome of decoding Base64 text.
    enum Base64Result {
        case bytes([UInt8])
        /// The text has a character outside the alphabet, at this offset.
        case badCharacter(UInt8)
        /// The text ends in the middle of a group or has `=` in the middle.
        case badLength
    }

    /// Decodes Base64, ignoring white space anywhere, with or without `=` padding.
    ///
    /// - Parameter keepingBytes: Whether to build the decoded bytes; when `false` the text is
    ///   only checked and the result holds no bytes.
    static func base64(_ text: ArraySlice<UInt8>, keepingBytes: Bool = true) -> Base64Result {
        let table = base64Value
        return text.withUnsafeBufferPointer { text in
            table.withUnsafeBufferPointer { base64(text, table: $0, keepingBytes: keepingBytes) }
        }
    }

    private static func base64(
        _ text: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>,
        keepingBytes: Bool
    ) -> Base64Result {
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
            } else if value == base64Padding {
                padding += 1
            } else if value != base64Space {
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

    /// What ``base64Value`` holds for `=` and for white space; every other byte outside the
    /// alphabet holds 0xFF.
    private static let base64Padding: UInt8 = 64
    private static let base64Space: UInt8 = 65

    /// Each byte's value in the Base64 alphabet (0–63), or a marker.
    private static let base64Value: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in Base64.alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        table[Int(UInt8(ascii: "="))] = base64Padding
        for byte in [0x20, 0x09, 0x0A, 0x0D] { table[byte] = base64Space }
        return table
    }()
}
