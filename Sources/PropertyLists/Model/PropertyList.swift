/// A property list value: the eight types Apple's property list format can hold.
///
/// Values compare the way they read back from a file: two reals are equal when they are the
/// same number with the same sign (so `-0.0 != 0.0`, which every writer keeps apart), and
/// `nan` equals `nan`, because the text formats spell every NaN `nan`.
///
/// ```swift
/// let settings: PropertyList = [
///     "fontSize": 13,
///     "theme": "dark",
///     "recent": ["a.txt", "b.txt"],
/// ]
/// let bytes = try PropertyListWriter().write(settings)
/// ```
public enum PropertyList: Sendable {
    /// A Unicode string, `<string>`.
    case string(String)
    /// An integer from `Int64.min` through `UInt64.max`, `<integer>`.
    case integer(PropertyListInteger)
    /// A double-precision floating-point number, including NaN and the infinities, `<real>`.
    case real(Double)
    /// A Boolean, `<true/>` or `<false/>`.
    case bool(Bool)
    /// A moment in time with whole-second precision, `<date>`.
    case date(PropertyListDate)
    /// Raw bytes, `<data>` (Base64 in XML).
    case data([UInt8])
    /// An ordered list of values, `<array>`.
    case array([PropertyList])
    /// String keys mapped to values, `<dict>`.
    case dictionary(PropertyListDictionary)
}

extension PropertyList {
    /// The name of this value's type, as messages use it.
    ///
    /// One of `string`, `integer`, `real`, `boolean`, `date`, `data`, `array`, `dictionary`
    /// (`prefs read-type` says `float` for a real, as `defaults read-type` does).
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }

    /// The string, if this value is a string.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The dictionary, if this value is a dictionary.
    public var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let value) = self { value } else { nil }
    }

    /// The elements, if this value is an array.
    public var arrayValue: [PropertyList]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The bytes, if this value is data.
    public var dataValue: [UInt8]? {
        if case .data(let value) = self { value } else { nil }
    }
}

extension PropertyList: Equatable {
    public static func == (lhs: PropertyList, rhs: PropertyList) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): PropertyListDictionary.ExactKey(a) == PropertyListDictionary.ExactKey(b)
        case (.integer(let a), .integer(let b)): a == b
        case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case (.bool(let a), .bool(let b)): a == b
        case (.date(let a), .date(let b)): a == b
        case (.data(let a), .data(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a == b
        default: false
        }
    }
}

extension PropertyList: Hashable {
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value):
            hasher.combine(0)
            hasher.combine(PropertyListDictionary.ExactKey(value))
        case .integer(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .real(let value):
            hasher.combine(2)
            hasher.combine(value.isNaN ? Double.nan.bitPattern : value.bitPattern)
        case .bool(let value):
            hasher.combine(3)
            hasher.combine(value)
        case .date(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .data(let value):
            hasher.combine(5)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(6)
            hasher.combine(value)
        case .dictionary(let value):
            hasher.combine(7)
            hasher.combine(value)
        }
    }
}

extension PropertyList: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension PropertyList: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .integer(PropertyListInteger(value)) }
}

extension PropertyList: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension PropertyList: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension PropertyList: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: PropertyList...) { self = .array(elements) }
}

extension PropertyList: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, PropertyList)...) {
        var dictionary = PropertyListDictionary()
        for (key, value) in elements { dictionary[key] = value }
        self = .dictionary(dictionary)
    }
}
