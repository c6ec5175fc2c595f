import FoundationEssentials
import PropertyLists

/// Bridging to and from `Any`, for code that speaks `[String: Any]` as `UserDefaults` does.
extension PropertyList {
    /// The property list form of `value`: a `String`, `Bool`, integer type, `Double`, `Float`,
    /// `Date`, `Data`, `URL`, `PropertyList`, or an array or `[String: Any]` of these.
    ///
    /// ```swift
    /// let plist = try PropertyList(any: ["size": 12, "names": ["a", "b"]] as [String: Any])
    /// ```
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` naming the type of a value that
    ///   has no property list form.
    public init(any value: Any) throws(PreferenceError) {
        switch value {
        case let plist as PropertyList: self = plist
        case let dictionary as PropertyListDictionary: self = .dictionary(dictionary)
        case let scalar as any NativeScalar: self = try scalar.propertyListValue()
        case let array as [Any]:
            var elements: [PropertyList] = []
            for element in array { elements.append(try PropertyList(any: element)) }
            self = .array(elements)
        case let dictionary as [String: Any]:
            var result = PropertyListDictionary(minimumCapacity: dictionary.count)
            for (key, element) in dictionary { result[key] = try PropertyList(any: element) }
            self = .dictionary(result)
        default:
            throw PreferenceError(.invalidArgument, "a \(type(of: value)) (\(value)) has no property list form")
        }
    }

    /// The value as Foundation types: `String`, `Int` (or `UInt64` above `Int.max`), `Double`,
    /// `Bool`, `Date`, `Data`, `[Any]` or `[String: Any]`.
    public var anyValue: Any {
        switch self {
        case .string(let string): string
        case .integer(let integer): integer.int64Value.map { Int($0) as Any } ?? integer.magnitude as Any
        case .real(let real): real
        case .bool(let bool): bool
        case .date(let date): date.date
        case .data(let bytes): Data(bytes)
        case .array(let elements): elements.map(\.anyValue)
        case .dictionary(let dictionary): dictionary.anyDictionary
        }
    }

    /// The date, if this value is a date.
    public var dateValue: Date? {
        if case .date(let date) = self { date.date } else { nil }
    }
}

extension PropertyListDictionary {
    /// The entries as `[String: Any]`, each value as ``PropertyList/anyValue``.
    public var anyDictionary: [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in self { result[key] = value.anyValue }
        return result
    }
}
