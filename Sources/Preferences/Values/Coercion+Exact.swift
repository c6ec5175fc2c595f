import PropertyLists

/// The conversions a typed key (``PreferenceKey``) makes: those of the untyped getters that lose
/// nothing, so a value the shell stored as text (`prefs write d n 42` stores the string "42", as
/// `defaults write` does) reads as the type the program asks for, and a value that does not stand
/// for one is a type mismatch, never a silent 0 or `false`.
extension Coercion {
    /// An integer, an integral real, a Boolean (1 or 0), or a string that `-int` takes: decimal
    /// or `0x` hexadecimal digits after an optional sign.
    static func exactInteger(_ value: PropertyList) -> PropertyListInteger? {
        switch value {
        case .integer(let integer):
            return integer
        case .real(let real):
            guard real.rounded(.towardZero) == real else { return nil }
            if let signed = Int64(exactly: real) { return PropertyListInteger(signed) }
            return UInt64(exactly: real).map(PropertyListInteger.init)
        case .bool(let bool):
            return PropertyListInteger(Int64(bool ? 1 : 0))
        case .string(let string):
            return PropertyListInteger(parsing: Array(string.utf8))
        default:
            return nil
        }
    }

    /// A real, an integer, a Boolean (1 or 0), or a string that `-float` takes (`2.5`, `1e-3`,
    /// `nan`, `inf`).
    static func exactDouble(_ value: PropertyList) -> Double? {
        switch value {
        case .real(let real): real
        case .integer(let integer): integer.doubleValue
        case .bool(let bool): bool ? 1 : 0
        case .string(let string):
            if case .success(let real) = CommandLineValue.parseReal(string) { real } else { nil }
        default: nil
        }
    }

    /// A Boolean, the numbers 1 and 0, or a string that `-bool` takes: yes, no, true, false, 1
    /// or 0, in any case.
    static func exactBool(_ value: PropertyList) -> Bool? {
        switch value {
        case .bool(let bool):
            return bool
        case .integer, .real:
            switch Coercion.double(value) {
            case 1: return true
            case 0: return false
            default: return nil
            }
        case .string(let string):
            return CommandLineValue.parseBool(string)
        default:
            return nil
        }
    }

    /// A date, or a string that `-date` takes (`2024-02-29T12:34:56Z`, `2024-02-29 12:34:56 +0000`,
    /// `2024-02-29`).
    static func exactDate(_ value: PropertyList) -> PropertyListDate? {
        switch value {
        case .date(let date): date
        case .string(let string):
            if case .success(let date) = CommandLineValue.parseDate(string) { date } else { nil }
        default: nil
        }
    }
}
