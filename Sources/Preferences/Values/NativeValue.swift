import FoundationEssentials
import PropertyLists

/// How a typed key's value is stored: natively, as `UserDefaults` and the Defaults library store
/// it (`<integer>`, `<real>`, `<true/>`, `<string>`, `<date>`, `<data>`, `<array>`, `<dict>`), or,
/// for any other `Codable` type, as JSON-encoded `Data`.
///
/// Native types: the integer types, `Double`, `Float`, `Bool`, `String`, `Date`, `Data`, `URL`
/// (stored as its string), arrays, sets (stored as arrays, in ascending order) and string-keyed
/// dictionaries of native types, a `RawRepresentable` whose raw value is native (stored as the raw
/// value), and `Optional` of a native type (stored as the wrapped value; `nil` is no value).
enum NativeValue {
    /// Whether values of `type` are stored natively.
    static func isNative(_ type: Any.Type) -> Bool {
        if type is any NativeScalar.Type { return true }
        if let optional = type as? any OptionalValue.Type { return isNative(optional.wrappedType) }
        if let array = type as? any ArrayValue.Type { return isNative(array.elementType) }
        if let set = type as? any SetValue.Type { return isNative(set.elementType) }
        if let dictionary = type as? any DictionaryValue.Type { return isNative(dictionary.valueType) }
        if let raw = type as? any RawRepresentable.Type { return isNative(rawValueType(raw)) }
        return false
    }

    /// The property list form of `value`, whose type ``isNative(_:)``; `nil` for an empty optional.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` when the value has no property
    ///   list form (a date outside years 1–9999).
    static func encode(_ value: Any) throws(PreferenceError) -> PropertyList? {
        if let scalar = value as? any NativeScalar { return try scalar.propertyListValue() }
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return nil }
            return try encode(wrapped)
        }
        if let array = value as? any ArrayValue { return .array(try encodeElements(array.elements)) }
        // Sorted, so the same set is always the same file.
        if let set = value as? any SetValue { return .array(try encodeElements(set.elements).sorted(by: ascending)) }
        if let dictionary = value as? any DictionaryValue {
            var result = PropertyListDictionary()
            for (key, element) in dictionary.entries { result[key] = try encode(element) }
            return .dictionary(result)
        }
        if let raw = value as? any RawRepresentable { return try encode(raw.rawValue) }
        return nil
    }

    /// `plist` as a value of `type`, whose type ``isNative(_:)``, or `nil` when it is not one.
    static func decode(_ type: Any.Type, from plist: PropertyList) -> Any? {
        if let scalar = type as? any NativeScalar.Type { return scalar.init(native: plist) }
        if let optional = type as? any OptionalValue.Type {
            return decode(optional.wrappedType, from: plist).map(optional.wrapping)
        }
        if let array = type as? any ArrayValue.Type {
            return decodeElements(array.elementType, from: plist).map(array.init(elements:))
        }
        if let set = type as? any SetValue.Type {
            return decodeElements(set.elementType, from: plist).map(set.init(elements:))
        }
        if let dictionary = type as? any DictionaryValue.Type {
            guard case .dictionary(let entries) = plist else { return nil }
            var decoded: [String: Any] = [:]
            for (key, element) in entries {
                guard let value = decode(dictionary.valueType, from: element) else { return nil }
                decoded[key] = value
            }
            return dictionary.init(entries: decoded)
        }
        if let raw = type as? any RawRepresentable.Type { return decodeRaw(raw, from: plist) }
        return nil
    }

    /// The encoded `elements`, leaving out empty optionals.
    private static func encodeElements(_ elements: [Any]) throws(PreferenceError) -> [PropertyList] {
        var encoded: [PropertyList] = []
        encoded.reserveCapacity(elements.count)
        for element in elements {
            guard let value = try encode(element) else { continue }
            encoded.append(value)
        }
        return encoded
    }

    /// The elements of the array `plist`, each decoded as `type`; `nil` when `plist` is not an
    /// array or an element does not decode.
    private static func decodeElements(_ type: Any.Type, from plist: PropertyList) -> [Any]? {
        guard case .array(let elements) = plist else { return nil }
        var decoded: [Any] = []
        decoded.reserveCapacity(elements.count)
        for element in elements {
            guard let value = decode(type, from: element) else { return nil }
            decoded.append(value)
        }
        return decoded
    }

    /// The order a set's elements are stored in: strings, integers and reals ascending, dates
    /// earliest first, other values by their description.
    private static func ascending(_ a: PropertyList, _ b: PropertyList) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x < y
        case (.integer(let x), .integer(let y)): x < y
        case (.real(let x), .real(let y)): x < y
        case (.date(let x), .date(let y)): x.secondsSince1970 < y.secondsSince1970
        default: a.description < b.description
        }
    }

    private static func rawValueType<Raw: RawRepresentable>(_ type: Raw.Type) -> Any.Type { Raw.RawValue.self }

    private static func decodeRaw<Raw: RawRepresentable>(_ type: Raw.Type, from plist: PropertyList) -> Any? {
        guard let raw = decode(Raw.RawValue.self, from: plist) as? Raw.RawValue else { return nil }
        return Raw(rawValue: raw)
    }
}
