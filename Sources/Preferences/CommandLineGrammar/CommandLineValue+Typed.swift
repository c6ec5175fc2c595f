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
            switch parseFloat(value) {
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

    /// Parses `value` as a 64-bit real, as a manifest's real key reads a plain word (`-float`
    /// rounds to a 32-bit float, as `defaults` does).
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` saying what is wrong with it.
    package static func double(_ value: String) throws(PreferenceError) -> PropertyList {
        switch parseReal(value) {
        case .success(let real): return .real(real)
        case .failure(let problem): throw PreferenceError(.invalidArgument, "\(quoted(value)): \(problem.description)")
        }
    }

    /// What is wrong with a value given to a type flag, in words for the user.
    struct ValueProblem: Error, CustomStringConvertible {
        /// The explanation.
        let description: String

        init(_ description: String) { self.description = description }
    }

    /// Why `text` is not a property list integer: out of range, or not digits at all, with what
    /// `defaults` would have stored instead of refusing it.
    static func integerProblem(_ text: String) -> String {
        let range = "integers go from -9223372036854775808 to 18446744073709551615"
        let stored = "; defaults would store \(defaultsInteger(text))"
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let isHex = digits.lowercased().hasPrefix("0x")
        if isHex { digits = digits.dropFirst(2) }
        let allowed = isHex ? Set("0123456789abcdefABCDEF") : Set("0123456789")
        if !digits.isEmpty, digits.allSatisfy(allowed.contains) { return "out of range (\(range)\(stored))" }
        return "not an integer (expected decimal or 0x hexadecimal digits; \(range)\(stored))"
    }

    /// What `defaults write -int` stores for `text`, which reads it with Foundation's
    /// `longLongValue`: the decimal digits at its start after spaces and a sign, clamped to
    /// `Int64`; 0 when there are none (`1.5` is 1, `abc` 0).
    static func defaultsInteger(_ text: String) -> Int64 {
        var rest = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        let isNegative = rest.first == "-"
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        var magnitude: UInt64 = 0
        for character in rest {
            guard let digit = character.wholeNumberValue, character.isASCII else { break }
            let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, overflowPlus) = times.addingReportingOverflow(UInt64(digit))
            guard !overflowTimes, !overflowPlus else { return isNegative ? .min : .max }
            magnitude = plus
        }
        if isNegative { return magnitude > UInt64(Int64.max) ? .min : -Int64(magnitude) }
        return magnitude > UInt64(Int64.max) ? .max : Int64(magnitude)
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
        let stored = "; defaults would store \(defaultsReal(text))"
        let allowed = Set("0123456789+-.eE".unicodeScalars)
        guard !text.isEmpty, text.unicodeScalars.allSatisfy(allowed.contains), let value = Double(text) else {
            return .failure(ValueProblem("not a number (expected a decimal such as 2.5 or 1e-3, nan, inf or -inf\(stored))"))
        }
        guard value.isFinite else {
            return .failure(ValueProblem("out of range (beyond ±1.7976931348623157e308; give inf or -inf for infinity\(stored))"))
        }
        return .success(value)
    }

    /// Parses a real as `defaults write -float` stores it: the number rounded to a 32-bit float
    /// (`NSNumber numberWithFloat:`), which a property list holds widened to a double, so `0.1`
    /// is 0.10000000149011612. A number beyond the float's range (±3.4028235e38) or so small that
    /// it rounds to zero is refused, where `defaults` would store an infinity or 0.
    ///
    /// The text is rounded to the float directly, not through a double as `floatValue` may: the
    /// two differ for one float in 2^31 (7.038531e-26), and rounding once is what makes the float
    /// that `prefs read` prints come back as itself.
    static func parseFloat(_ text: String) -> Result<Double, ValueProblem> {
        parseReal(text).flatMap { real in
            let float = real.isFinite ? Float(text) ?? Float(real) : Float(real)
            let stored = "; give --json \(text) for a 64-bit real; defaults would store \(defaultsReal(text))"
            if float.isInfinite, real.isFinite {
                return .failure(
                    ValueProblem(
                        "out of range for -float, which stores a 32-bit float as defaults does (beyond ±3.4028235e+38; give inf or -inf for infinity\(stored))")
                )
            }
            if float == 0, real != 0 {
                return .failure(
                    ValueProblem("too small for -float, which stores a 32-bit float as defaults does (the smallest is 1e-45; it would be 0\(stored))"))
            }
            return .success(Double(float))
        }
    }

    /// What `defaults write -float` stores for `text`, which reads it with Foundation's
    /// `floatValue`: the decimal number at its start after spaces (`1,5` is 1, `abc` 0), as a
    /// 32-bit float.
    static func defaultsReal(_ text: String) -> String {
        let bytes = Array(text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A })
        let end = ScalarText.decimalPrefixLength(bytes[...])
        guard end > 0 else { return "0" }
        let float = Float(Double(String(decoding: bytes[..<end], as: UTF8.self)) ?? 0)
        if float.isInfinite { return float < 0 ? "-inf" : "inf" }
        let written = "\(float)"  // `-0.0` stays `-0`, as `floatValue` keeps the sign
        return written.hasSuffix(".0") ? String(written.dropLast(2)) : written
    }

    /// Parses hexadecimal digits into bytes: pairs of digits, optionally inside `<` `>` and
    /// with spaces, or the `{length = 2, bytes = 0x0a0b}` that `prefs read` prints for data.
    static func parseHex(_ text: String) -> Result<[UInt8], ValueProblem> {
        if text.hasPrefix("{length = ") { return parseDataDescription(text) }
        var digits = Array(text.utf8).filter { $0 != UInt8(ascii: " ") }
        if digits.first == UInt8(ascii: "<"), digits.last == UInt8(ascii: ">") { digits = Array(digits.dropFirst().dropLast()) }
        if let bad = text.unicodeScalars.first(where: { !$0.properties.isASCIIHexDigit && !" <>".unicodeScalars.contains($0) }) {
            return .failure(ValueProblem("\"\(bad)\" is not a hexadecimal digit (expected pairs of 0-9 and a-f, such as 0a1b2c)"))
        }
        guard digits.count % 2 == 0 else {
            // defaults takes the first digit alone as a byte: abc is 0a bc.
            let padded = [UInt8(ascii: "0")] + digits
            let stored = padded.count <= 16 ? String(decoding: padded, as: UTF8.self) : String(decoding: padded.prefix(16), as: UTF8.self) + "…"
            return .failure(
                ValueProblem(
                    "an odd number of hex digits (\(digits.count)); each byte takes two, such as 0a1b2c (defaults would read the first digit alone as a byte and store \(stored))"
                ))
        }
        return bytes(fromHexDigits: digits)
    }

    /// The bytes of `{length = N, bytes = 0x…}`, as `prefs read` prints data, with spaces allowed
    /// between the digits; refused when the length does not match or `...` stands for bytes left
    /// out, as recent macOS prints long data.
    private static func parseDataDescription(_ text: String) -> Result<[UInt8], ValueProblem> {
        let form = "expected {length = N, bytes = 0x…} as prefs read prints data"
        guard text.hasSuffix("}"), let comma = text.firstIndex(of: ","),
            let length = Int(text[text.index(text.startIndex, offsetBy: 10)..<comma]),
            text[comma...].hasPrefix(", bytes = 0x")
        else { return .failure(ValueProblem("not data (\(form))")) }
        let digitsText = text[text.index(comma, offsetBy: 12)..<text.index(before: text.endIndex)]
        if digitsText.contains("...") {
            return .failure(
                ValueProblem(
                    "\"...\" stands for bytes that macOS left out when it printed this data, so they are not all here (prefs read prints every byte; or copy the file with prefs export)"
                ))
        }
        let digits = Array(digitsText.utf8).filter { $0 != UInt8(ascii: " ") }
        if let bad = digits.first(where: { hexValue($0) == nil }) {
            return .failure(ValueProblem("\"\(Unicode.Scalar(bad))\" is not a hexadecimal digit (\(form))"))
        }
        guard digits.count == length * 2 else {
            return .failure(ValueProblem("the length says \(length) bytes but \(digits.count) hex digits follow (each byte takes two)"))
        }
        return bytes(fromHexDigits: digits)
    }

    /// Pairs of hexadecimal digits (an even count) as bytes.
    private static func bytes(fromHexDigits digits: [UInt8]) -> Result<[UInt8], ValueProblem> {
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
