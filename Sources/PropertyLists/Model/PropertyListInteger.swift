/// An integer as a property list holds it: any value from `Int64.min` through `UInt64.max`.
///
/// Neither `Int64` nor `UInt64` covers that range alone, so the value keeps a sign and a
/// magnitude. Zero is never negative, so equal numbers have equal representations.
public struct PropertyListInteger: Hashable, Sendable {
    /// Whether the value is below zero.
    public let isNegative: Bool
    /// The absolute value: at most `UInt64.max`, or `2^63` when negative.
    public let magnitude: UInt64

    /// The smallest integer a property list holds, `Int64.min`.
    public static let min = PropertyListInteger(Int64.min)
    /// The largest integer a property list holds, `UInt64.max`.
    public static let max = PropertyListInteger(UInt64.max)

    /// Creates an integer from a signed value.
    public init(_ value: Int64) {
        isNegative = value < 0
        magnitude = value.magnitude
    }

    /// Creates an integer from an unsigned value.
    public init(_ value: UInt64) {
        isNegative = false
        magnitude = value
    }

    /// Creates an integer from a platform integer.
    public init(_ value: Int) {
        self.init(Int64(value))
    }

    /// Creates an integer from a sign and a magnitude, or `nil` when the value is out of range.
    ///
    /// - Parameters:
    ///   - isNegative: Whether the value is below zero; ignored for a zero magnitude.
    ///   - magnitude: The absolute value.
    public init?(isNegative: Bool, magnitude: UInt64) {
        if isNegative && magnitude > UInt64(Int64.max) + 1 { return nil }
        self.isNegative = isNegative && magnitude != 0
        self.magnitude = magnitude
    }

    /// The value as an `Int64`, or `nil` when it is above `Int64.max`.
    public var int64Value: Int64? {
        if isNegative {
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The value as a `UInt64`, or `nil` when it is negative.
    public var uint64Value: UInt64? {
        isNegative ? nil : magnitude
    }

    /// The nearest `Double`.
    public var doubleValue: Double {
        isNegative ? -Double(magnitude) : Double(magnitude)
    }
}

extension PropertyListInteger: Comparable {
    public static func < (lhs: PropertyListInteger, rhs: PropertyListInteger) -> Bool {
        switch (lhs.isNegative, rhs.isNegative) {
        case (true, false): true
        case (false, true): false
        case (true, true): lhs.magnitude > rhs.magnitude
        case (false, false): lhs.magnitude < rhs.magnitude
        }
    }
}

extension PropertyListInteger: CustomStringConvertible {
    /// The value in decimal, with a leading `-` when negative.
    public var description: String {
        isNegative ? "-\(magnitude)" : "\(magnitude)"
    }
}

extension PropertyListInteger {
    /// Parses an integer the way Apple's readers accept it: an optional sign, then decimal digits
    /// or `0x` and hexadecimal digits.
    ///
    /// - Parameter text: The text to parse, with no surrounding white space.
    /// - Returns: The integer, or `nil` when `text` is not an integer or is out of range.
    public init?<Bytes: Collection<UInt8>>(parsing text: Bytes) {
        var index = text.startIndex
        var negative = false
        if index != text.endIndex, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index = text.index(after: index)
        }
        var radix: UInt64 = 10
        let rest = text[index...]
        if rest.count > 2, rest.first == UInt8(ascii: "0"),
            rest.dropFirst().first == UInt8(ascii: "x") || rest.dropFirst().first == UInt8(ascii: "X")
        {
            radix = 16
            index = text.index(index, offsetBy: 2)
        }
        guard index != text.endIndex else { return nil }
        var magnitude: UInt64 = 0
        while index != text.endIndex {
            guard let digit = Self.digitValue(text[index]), UInt64(digit) < radix else { return nil }
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
            index = text.index(after: index)
        }
        self.init(isNegative: negative, magnitude: magnitude)
    }

    private static func digitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
