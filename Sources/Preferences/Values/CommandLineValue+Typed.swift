import PropertyLists

extension CommandLineValue {
    /// Parses `value` as the type `flag` names.
    ///
    /// - Parameters:
    ///   - flag: `-string`, `-int`/`-integer`, `-float`, `-bool`/`-boolean`, `-date`, `-data` or `--json`.
    ///   - value: The text after it.
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` naming the flag and value and
    ///   saying what is wrong with the value.
    package static func typed(_ flag: String, _ value: String) throws(PreferenceError) -> PropertyList {
        func refuse(_ problem: String) -> PreferenceError {
            PreferenceError(.invalidArgument, "\(flag) \(quoted(value)): \(problem)")
        }
        switch flag {
        case "-string":
            return .string(value)
        case "-int", "-integer":
            guard let integer = PropertyListInteger(parsing: Array(value.utf8)) else { throw refuse(integerProblem(value)) }
            return .integer(integer)
        case "-float":
            switch parseReal(value) {
            case .success(let real): return .real(real)
            case .failure(let problem): throw refuse(problem.description)
            }
        case "-bool", "-boolean":
            guard let bool = parseBool(value) else { throw refuse("not a Boolean (expected yes, no, true, false, 1 or 0)") }
            return .bool(bool)
        case "-date":
            switch parseDate(value) {
            case .success(let date): return .date(date)
            case .failure(let problem): throw refuse(problem.description)
            }
        case "-data":
            switch parseHex(value) {
            case .success(let bytes): return .data(bytes)
            case .failure(let problem): throw refuse(problem.description)
            }
        case "--json":
            do {
                return try JSONReader().read(value, source: "--json")
            } catch {
                throw refuse(error.message)
            }
        default:
            throw PreferenceError(.invalidArgument, "unknown type flag \(flag)")
        }
    }

    /// What is wrong with a value given to a type flag, in words for the user.
    struct ValueProblem: Error, CustomStringConvertible {
        /// The explanation.
        let description: String

        init(_ description: String) { self.description = description }
    }

    /// Why `text` is not a property list integer: out of range, or not digits at all.
    static func integerProblem(_ text: String) -> String {
        let range = "integers go from -9223372036854775808 to 18446744073709551615"
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let isHex = digits.lowercased().hasPrefix("0x")
        if isHex { digits = digits.dropFirst(2) }
        let allowed = isHex ? Set("0123456789abcdefABCDEF") : Set("0123456789")
        if !digits.isEmpty, digits.allSatisfy(allowed.contains) { return "out of range (\(range))" }
        return "not an integer (expected decimal or 0x hexadecimal digits; \(range))"
    }

    /// Parses a Boolean: yes, no, true, false, 1 or 0, in any case.
    static func parseBool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "1": true
        case "no", "false", "0": false
        default: nil
        }
    }

    /// Parses a real: a decimal such as `2.5` or `1e-3`, or `nan`, `inf`, `-inf`.
    static func parseReal(_ text: String) -> Result<Double, ValueProblem> {
        switch text.lowercased() {
        case "nan": return .success(.nan)
        case "inf", "+inf", "infinity", "+infinity": return .success(.infinity)
        case "-inf", "-infinity": return .success(-.infinity)
        default: break
        }
        let allowed = Set("0123456789+-.eE".unicodeScalars)
        guard !text.isEmpty, text.unicodeScalars.allSatisfy(allowed.contains), let value = Double(text) else {
            return .failure(ValueProblem("not a number (expected a decimal such as 2.5 or 1e-3, nan, inf or -inf)"))
        }
        guard value.isFinite else {
            return .failure(ValueProblem("out of range (beyond ±1.7976931348623157e308; give inf or -inf for infinity)"))
        }
        return .success(value)
    }

    /// Parses hexadecimal digits, optionally inside `<` `>` and with spaces, into bytes.
    static func parseHex(_ text: String) -> Result<[UInt8], ValueProblem> {
        var digits = Array(text.utf8).filter { $0 != UInt8(ascii: " ") }
        if digits.first == UInt8(ascii: "<"), digits.last == UInt8(ascii: ">") { digits = Array(digits.dropFirst().dropLast()) }
        if let bad = text.unicodeScalars.first(where: { !$0.properties.isASCIIHexDigit && !" <>".unicodeScalars.contains($0) }) {
            return .failure(ValueProblem("\"\(bad)\" is not a hexadecimal digit (expected pairs of 0-9 and a-f, such as 0a1b2c)"))
        }
        guard digits.count % 2 == 0 else {
            return .failure(ValueProblem("an odd number of hex digits (\(digits.count)); each byte takes two, such as 0a1b2c"))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
                return .failure(ValueProblem("< and > may only enclose the digits (expected pairs of hex digits, such as 0a1b2c)"))
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return .success(bytes)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 97...102: byte - 87
        case 65...70: byte - 55
        default: nil
        }
    }
}
