import PropertyLists

/// The conversions `UserDefaults`' typed getters make, after `NSNumber` and `NSString`.
package enum Coercion {
    /// `integerValue`: integers as they are (saturating beyond `Int`), reals truncated, booleans
    /// 0 or 1, strings by their leading decimal digits; anything else 0.
    package static func integer(_ value: PropertyList) -> Int {
        switch value {
        case .integer(let integer):
            if let exact = integer.int64Value { return Int(exact) }
            return Int.max
        case .real(let real):
            return real.isNaN ? 0 : Int(exactly: real.rounded(.towardZero)) ?? (real < 0 ? Int.min : Int.max)
        case .bool(let bool):
            return bool ? 1 : 0
        case .string(let string):
            return leadingInteger(string)
        default:
            return 0
        }
    }

    /// `doubleValue`: numbers converted, booleans 0 or 1, strings by their leading number.
    package static func double(_ value: PropertyList) -> Double {
        switch value {
        case .integer(let integer): integer.doubleValue
        case .real(let real): real
        case .bool(let bool): bool ? 1 : 0
        case .string(let string): leadingDouble(string)
        default: 0
        }
    }

    /// `boolValue`: numbers are true when not zero; strings are true when, after white space,
    /// a sign and zeros, they start with `Y`, `y`, `T`, `t` or a digit 1–9 ("YES", "true", "1").
    package static func bool(_ value: PropertyList) -> Bool {
        switch value {
        case .bool(let bool):
            return bool
        case .integer(let integer):
            return integer.magnitude != 0
        case .real(let real):
            return real != 0
        case .string(let string):
            var scalars = Substring(string).unicodeScalars.drop { $0.properties.isWhitespace }
            if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
            scalars = scalars.drop { $0 == "0" }
            guard let first = scalars.first else { return false }
            return "YyTt123456789".unicodeScalars.contains(first)
        default:
            return false
        }
    }

    /// `stringValue` for strings and numbers: numbers print in decimal, booleans as "1" or "0".
    package static func string(_ value: PropertyList) -> String? {
        switch value {
        case .string(let string): string
        case .integer(let integer): integer.description
        case .real(let real) where real == 0: real.sign == .minus ? "-0" : "0"
        case .real(let real): real.rounded() == real && abs(real) < 1e15 ? String(Int64(real)) : "\(real)"
        case .bool(let bool): bool ? "1" : "0"
        default: nil
        }
    }

    private static func leadingInteger(_ string: String) -> Int {
        var scalars = Substring(string).unicodeScalars.drop { $0.properties.isWhitespace }
        var negative = false
        if let sign = scalars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        var result = 0
        for scalar in scalars {
            guard let digit = Int(exactly: scalar.value), (48...57).contains(digit) else { break }
            let (shifted, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(digit - 48)
            if overflow1 || overflow2 { return negative ? Int.min : Int.max }
            result = sum
        }
        return negative ? -result : result
    }

    private static func leadingDouble(_ string: String) -> Double {
        let trimmed = Substring(string).drop { $0.isWhitespace }
        var best = 0.0
        var end = trimmed.startIndex
        // The longest prefix that parses as a number, as `strtod` would take it.
        while end < trimmed.endIndex {
            end = trimmed.index(after: end)
            if let value = Double(trimmed[trimmed.startIndex..<end]) {
                best = value
            } else if trimmed.distance(from: trimmed.startIndex, to: end) > 1,
                !"eE+-.".contains(trimmed[trimmed.index(before: end)])
            {
                break
            }
        }
        return best
    }
}
