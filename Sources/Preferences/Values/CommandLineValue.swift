import PropertyLists

/// Values written on a command line the way `defaults write` takes them: a type flag and a
/// value (`-int 5`, `-bool yes`, `-date 2024-02-29T12:34:56Z`, `-data 0a0b`), collections
/// (`-array a b`, `-dict k v`), a plist literal (`'<array>…</array>'`), `--json VALUE`, or an
/// untyped word, which is a string as on a Mac.
public enum CommandLineValue {
    /// What a `write` does to the key.
    public enum Action: Equatable, Sendable {
        /// Store the value, replacing any value there.
        case set(PropertyList)
        /// Append these elements to the array there (creating it).
        case arrayAdd([PropertyList])
        /// Add these entries to the dictionary there (creating it), replacing equal keys.
        case dictionaryAdd(PropertyListDictionary)
    }

    /// Parses the words after the key.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` quoting the flag and value that
    ///   do not parse. Nothing has been written when this throws.
    public static func parse(_ words: [String]) throws(PreferenceError) -> Action {
        guard let first = words.first else {
            throw PreferenceError(.invalidArgument, "missing value: give a value, a type flag and value (-int 5), or --json VALUE")
        }
        switch first {
        case "-array", "-array-add":
            let elements = try parseElements(words.dropFirst())
            return first == "-array" ? .set(.array(elements)) : .arrayAdd(elements)
        case "-dict", "-dict-add":
            var rest = words.dropFirst()
            var dictionary = PropertyListDictionary()
            while let key = rest.popFirst() {
                guard !rest.isEmpty else {
                    throw PreferenceError(.invalidArgument, "\(first): the key \"\(key)\" has no value (give key value pairs)")
                }
                let value = try parseOne(&rest)
                dictionary[key] = value
            }
            return first == "-dict" ? .set(.dictionary(dictionary)) : .dictionaryAdd(dictionary)
        default:
            var rest = words[...]
            let value = try parseOne(&rest)
            guard rest.isEmpty else {
                throw PreferenceError(.invalidArgument,
                    "unexpected argument \"\(rest.first!)\" after the value (quote a value with spaces, or use -array for several)")
            }
            return .set(value)
        }
    }

    private static func parseElements(_ words: ArraySlice<String>) throws(PreferenceError) -> [PropertyList] {
        var rest = words
        var elements: [PropertyList] = []
        while !rest.isEmpty { elements.append(try parseOne(&rest)) }
        return elements
    }

    /// Parses one value, with or without a type flag, from the front of `words`.
    private static func parseOne(_ words: inout ArraySlice<String>) throws(PreferenceError) -> PropertyList {
        let word = words.removeFirst()
        let flags = ["-string", "-int", "-integer", "-float", "-bool", "-boolean", "-date", "-data", "--json"]
        if flags.contains(word) {
            guard let value = words.popFirst() else {
                throw PreferenceError(.invalidArgument, "\(word) needs a value after it")
            }
            return try typed(word, value)
        }
        if PropertyListReader.isPropertyListLiteral(word) {
            do {
                return try PropertyListReader().read(defaultsValue: word, source: "value")
            } catch {
                throw PreferenceError(.invalidArgument, "the value \(quoted(word)) is not a valid property list element: \(error.message)")
            }
        }
        return .string(word)
    }

    /// Parses `value` as the type `flag` names.
    ///
    /// - Parameters:
    ///   - flag: `-string`, `-int`/`-integer`, `-float`, `-bool`/`-boolean`, `-date`, `-data` or `--json`.
    ///   - value: The text after it.
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` naming the flag and value.
    public static func typed(_ flag: String, _ value: String) throws(PreferenceError) -> PropertyList {
        func refuse(_ expectation: String) -> PreferenceError {
            PreferenceError(.invalidArgument, "\(flag) \(quoted(value)): \(expectation)")
        }
        switch flag {
        case "-string":
            return .string(value)
        case "-int", "-integer":
            guard let integer = PropertyListInteger(parsing: Array(value.utf8)) else {
                throw refuse("not an integer (expected decimal or 0x hexadecimal digits, from -9223372036854775808 to 18446744073709551615)")
            }
            return .integer(integer)
        case "-float":
            guard let real = parseReal(value) else { throw refuse("not a number (expected a decimal such as 2.5 or 1e-3, nan, inf or -inf)") }
            return .real(real)
        case "-bool", "-boolean":
            switch value.lowercased() {
            case "yes", "true", "1": return .bool(true)
            case "no", "false", "0": return .bool(false)
            default: throw refuse("not a Boolean (expected yes, no, true, false, 1 or 0)")
            }
        case "-date":
            guard let date = parseDate(value) else {
                throw refuse("not a date of years 1 through 9999 (expected 2024-02-29T12:34:56Z, 2024-02-29 12:34:56 +0000 or 2024-02-29)")
            }
            return .date(date)
        case "-data":
            guard let bytes = parseHex(value) else {
                throw refuse("not hexadecimal data (expected an even number of hex digits, such as 0a1b2c)")
            }
            return .data(bytes)
        case "--json":
            do {
                return try JSONReader().read(value, source: "--json")
            } catch {
                throw PreferenceError(.invalidArgument, "--json \(quoted(value)): \(error.message)")
            }
        default:
            throw PreferenceError(.invalidArgument, "unknown type flag \(flag)")
        }
    }

    static func parseReal(_ text: String) -> Double? {
        switch text.lowercased() {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        let allowed = Set("0123456789+-.eE".unicodeScalars)
        guard !text.isEmpty, text.unicodeScalars.allSatisfy(allowed.contains), let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ`, `YYYY-MM-DD HH:MM:SS ±HHMM` (how `defaults` prints
    /// dates), `YYYY-MM-DDTHH:MM:SS±HH:MM` and `YYYY-MM-DD`.
    static func parseDate(_ text: String) -> PropertyListDate? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else { return nil }
        if bytes.count == 10 { return PropertyListDate(year: year, month: month, day: day) }
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              let local = PropertyListDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        var zone = bytes[19...]
        if zone.first == UInt8(ascii: " ") { zone = zone.dropFirst() }
        if zone.elementsEqual("Z".utf8) || zone.isEmpty && bytes[10] == UInt8(ascii: "T") { return local }
        let digits = zone.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), digits.count == 4,
              digits.allSatisfy({ (48...57).contains($0) }), zone.count == 5 || (zone.count == 6 && zone[zone.startIndex + 3] == UInt8(ascii: ":"))
        else { return nil }
        let values = digits.map { Int($0 - 48) }
        let offset = (values[0] * 10 + values[1]) * 3600 + (values[2] * 10 + values[3]) * 60
        return PropertyListDate(secondsSince1970: local.secondsSince1970 - Int64(sign == UInt8(ascii: "+") ? offset : -offset))
    }

    /// Parses hexadecimal digits, optionally inside `<` `>` and with spaces, into bytes.
    static func parseHex(_ text: String) -> [UInt8]? {
        var digits = Array(text.utf8).filter { $0 != UInt8(ascii: " ") }
        if digits.first == UInt8(ascii: "<"), digits.last == UInt8(ascii: ">") { digits = Array(digits.dropFirst().dropLast()) }
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 97...102: byte - 87
        case 65...70: byte - 55
        default: nil
        }
    }

    static func quoted(_ text: String) -> String {
        "\"" + (text.count > 60 ? String(text.prefix(60)) + "…" : text) + "\""
    }
}
