import Configuration
import Preferences
import PropertyLists

extension ConfigContent {
    /// A stored value as the configuration type asked for, converted as `PreferencesProvider`'s
    /// documentation tables it: as `PreferenceStore`'s typed getters convert it, except that a
    /// value they would read as 0 or `false` for want of anything better throws instead.
    ///
    /// - Parameters:
    ///   - value: The stored value.
    ///   - type: The type asked for.
    ///   - path: Where the value is, for the error's message.
    ///   - domain: Whose value it is, for the error's message.
    ///   - isSecret: Whether the value is a secret, which the error's message must not show.
    /// - Throws: `PreferenceError` with code `.typeMismatch` naming the key path, the value
    ///   and the type, when the value does not convert.
    init(_ value: PropertyList, as type: ConfigType, at path: PropertyListKeyPath, of domain: DomainName, isSecret: Bool) throws(PreferenceError) {
        func scalar<Scalar>(_ convert: (PropertyList) -> Scalar?) throws(PreferenceError) -> Scalar {
            guard let converted = convert(value) else { throw Self.mismatch(value, type, path, domain, isSecret) }
            return converted
        }
        func elements<Element>(_ convert: (PropertyList) -> Element?) throws(PreferenceError) -> [Element] {
            guard case .array(let array) = value else { throw Self.mismatch(value, type, path, domain, isSecret) }
            var converted: [Element] = []
            converted.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                guard let result = convert(element) else {
                    throw Self.mismatch(element, type, PropertyListKeyPath(components: path.components + [String(index)]), domain, isSecret)
                }
                converted.append(result)
            }
            return converted
        }
        switch type {
        case .string: self = .string(try scalar(Self.string))
        case .int: self = .int(try scalar(Self.integer))
        case .double: self = .double(try scalar(Self.double))
        case .bool: self = .bool(try scalar(Self.bool))
        case .bytes: self = .bytes(try scalar(\.dataValue))
        case .stringArray: self = .stringArray(try elements(Self.string))
        case .intArray: self = .intArray(try elements(Self.integer))
        case .doubleArray: self = .doubleArray(try elements(Self.double))
        case .boolArray: self = .boolArray(try elements(Self.bool))
        case .byteChunkArray: self = .byteChunkArray(try elements(\.dataValue))
        }
    }

    private static func string(_ value: PropertyList) -> String? {
        Coercion.string(value)
    }

    private static func integer(_ value: PropertyList) -> Int? {
        switch value {
        case .integer, .real, .bool: Coercion.integer(value)
        case .string(let string) where startsWithNumber(string, fraction: false): Coercion.integer(value)
        default: nil
        }
    }

    private static func double(_ value: PropertyList) -> Double? {
        switch value {
        case .integer, .real, .bool: Coercion.double(value)
        case .string(let string) where startsWithNumber(string, fraction: true): Coercion.double(value)
        default: nil
        }
    }

    private static func bool(_ value: PropertyList) -> Bool? {
        switch value {
        case .integer, .real, .bool:
            return Coercion.bool(value)
        case .string(let string):
            // The getter's reading, past white space, a sign and zeros; what it reads as
            // false without a reason (an empty string, "on") is refused.
            var scalars = Substring(string).unicodeScalars.drop { $0.properties.isWhitespace }
            if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
            let hadZero = scalars.first == "0"
            scalars = scalars.drop { $0 == "0" }
            guard let first = scalars.first else { return hadZero ? false : nil }
            if "YyTt123456789".unicodeScalars.contains(first) { return true }
            if "NnFf".unicodeScalars.contains(first) || hadZero { return false }
            return nil
        default:
            return nil
        }
    }

    /// Whether `string` starts, after white space and a sign, with a digit (or, for a
    /// fraction, a point and a digit): whether the getters' leading-number reading finds one.
    private static func startsWithNumber(_ string: String, fraction: Bool) -> Bool {
        var scalars = Substring(string).unicodeScalars.drop { $0.properties.isWhitespace }
        if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
        if fraction, scalars.first == "." { scalars = scalars.dropFirst() }
        guard let first = scalars.first else { return false }
        return ("0"..."9").contains(first)
    }

    private static func mismatch(
        _ value: PropertyList, _ type: ConfigType, _ path: PropertyListKeyPath, _ domain: DomainName, _ isSecret: Bool
    ) -> PreferenceError {
        let shown = isSecret ? "" : " (\(brief(value)))"
        return PreferenceError(
            .typeMismatch, "the value at \"\(path)\" of \(domain) is \(value.typeNameWithArticle)\(shown), which does not convert to \(type.rawValue)")
    }

    /// A short rendering of `value` for a message: a scalar as text, a container by its size.
    private static func brief(_ value: PropertyList) -> String {
        switch value {
        case .array(let elements): "\(elements.count) elements"
        case .dictionary(let dictionary): "\(dictionary.count) keys"
        case .data(let bytes): "\(bytes.count) bytes"
        case .string(let string): "\"\(string.count > 40 ? String(string.prefix(40)) + "…" : string)\""
        case .date(let date): "\(date)"
        default: Coercion.string(value) ?? value.typeName
        }
    }
}
