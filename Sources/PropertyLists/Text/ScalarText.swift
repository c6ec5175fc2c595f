/// Parsing of the text inside `<real>`, and the decimal prefix `defaults write -float` reads
/// (Base64 is ``Base64``'s; integers and dates parse through ``PropertyListInteger/init(parsing:)``
/// and ``PropertyListDate/init(parsing:)``).
package enum ScalarText {
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
        guard !text.isEmpty, decimalPrefixLength(text) == text.count else { return nil }
        return CLocale.double(parsing: text)
    }

    /// The length of the decimal number at the start of `text`: an optional sign, digits with
    /// an optional fraction (one digit at least), and an optional exponent; 0 when `text` does
    /// not start with one. An `e` without digits after it is not part of the number.
    package static func decimalPrefixLength(_ text: ArraySlice<UInt8>) -> Int {
        var index = text.startIndex
        func isSign(_ at: Int) -> Bool { at < text.endIndex && (text[at] == UInt8(ascii: "+") || text[at] == UInt8(ascii: "-")) }
        func digits() -> Int {
            let start = index
            while index < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
            return index - start
        }
        if isSign(index) { index += 1 }
        var mantissaDigits = digits()
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return 0 }
        let mantissaEnd = index
        if index < text.endIndex, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if isSign(index) { index += 1 }
            if digits() == 0 { index = mantissaEnd }
        }
        return index - text.startIndex
    }
}
