/// The `<…>` forms of old-style text: data in hexadecimal, and GNUstep's typed scalars and
/// Base64 data.
enum OpenStepScalars {
    /// Parses `<0aff 10>` as data, `<*I5>`, `<*R1.5>`, `<*BY>`, `<*BN>`,
    /// `<*D2024-01-02 03:04:05 +0000>` as an integer, real, boolean or date, and `<[Cv8=]>`
    /// as data in Base64 (how GNUstep writes data in its typed format).
    static func angled(_ parser: inout OpenStepParser) throws(PropertyListError) -> PropertyList {
        let start = parser.index
        parser.index += 1
        if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "[") {
            return .data(try base64(&parser, start: start))
        }
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "*") else {
            return .data(try data(&parser, start: start))
        }
        guard let close = parser.bytes[parser.index...].firstIndex(of: UInt8(ascii: ">")), close > parser.index + 1 else {
            throw parser.error("a typed value <*…> is never closed with '>'", at: start)
        }
        let type = parser.bytes[parser.index + 1]
        let body = parser.bytes[(parser.index + 2)..<close]
        parser.index = close + 1
        let text = String(decoding: body, as: UTF8.self)
        switch type {
        case UInt8(ascii: "I"):
            if let integer = PropertyListInteger(parsing: body) { return .integer(integer) }
            throw parser.error("<*I\(text)> is not an integer from Int64.min through UInt64.max", at: start)
        case UInt8(ascii: "R"):
            if let real = ScalarText.real(body) { return .real(real) }
            throw parser.error("<*R\(text)> is not a real", at: start)
        case UInt8(ascii: "B"):
            if text == "Y" || text == "N" { return .bool(text == "Y") }
            throw parser.error("<*B\(text)> is not a boolean (<*BY> or <*BN>)", at: start)
        case UInt8(ascii: "D"):
            if let date = date(body) { return .date(date) }
            throw parser.error("<*D\(text)> is not a date in the form YYYY-MM-DD HH:MM:SS +HHMM", at: start)
        default:
            throw parser.error("<*\(String(decoding: [type], as: UTF8.self))…> is not a typed value (I, R, B or D)", at: start)
        }
    }

    /// Base64 text, white space in it ignored, up to `]>`.
    private static func base64(_ parser: inout OpenStepParser, start: Int) throws(PropertyListError) -> [UInt8] {
        let textStart = parser.index + 1
        var close = textStart
        while close < parser.bytes.count, parser.bytes[close] != UInt8(ascii: "]") { close += 1 }
        guard close + 1 < parser.bytes.count, parser.bytes[close + 1] == UInt8(ascii: ">") else {
            throw parser.error("Base64 data <[… is never closed with ']>'", at: start)
        }
        parser.index = close + 2
        switch Base64.decode(parser.bytes[textStart..<close]) {
        case .bytes(let bytes): return bytes
        case .badCharacter(let byte):
            throw parser.error("Base64 data <[…]> holds \(Unicode.Scalar(byte).messageText), which is not a Base64 character", at: start)
        case .badLength: throw parser.error("Base64 data <[…]> ends in the middle of a group of four characters", at: start)
        }
    }

    /// Pairs of hexadecimal digits, white space between them ignored, up to `>`.
    private static func data(_ parser: inout OpenStepParser, start: Int) throws(PropertyListError) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        while parser.index < parser.bytes.count {
            let byte = parser.bytes[parser.index]
            parser.index += 1
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw parser.error("data has an odd number of hexadecimal digits", at: start) }
                return bytes
            }
            if byte == 0x20 || (0x09...0x0D).contains(byte) { continue }
            guard let digit = OpenStepParser.hexValue(byte) else {
                throw parser.error("data <…> holds \(Unicode.Scalar(byte).messageText), which is not a hexadecimal digit", at: parser.index - 1)
            }
            if let first = high {
                bytes.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        throw parser.error("data <… is never closed with '>'", at: start)
    }

    /// `YYYY-MM-DD HH:MM:SS ±HHMM`, GNUstep's date form, converted to UTC.
    static func date(_ body: ArraySlice<UInt8>) -> PropertyListDate? {
        let text = Array(body)
        guard text.count == 25, text[10] == 0x20, text[19] == 0x20,
            text[20] == UInt8(ascii: "+") || text[20] == UInt8(ascii: "-")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in text[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let zoneHours = number(21..<23), let zoneMinutes = number(23..<25), zoneHours < 24, zoneMinutes < 60,
            let local = PropertyListDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        let offset = Int64(zoneHours * 3600 + zoneMinutes * 60) * (text[20] == UInt8(ascii: "-") ? -1 : 1)
        return PropertyListDate(secondsSince1970: local.secondsSince1970 - offset)
    }
}
