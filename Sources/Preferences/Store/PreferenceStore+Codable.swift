import FoundationEssentials
import PropertyLists

/// `Codable` values, stored as JSON-encoded `Data` the way iOS apps store them in `UserDefaults`.
extension PreferenceStore {
    /// The value stored under `key`, decoded from JSON data, or `key`'s default when none is stored.
    ///
    /// - Throws: `.typeMismatch` when a value is stored but is not data or does not decode as
    ///   `Value`: the caller sees the problem instead of a silent default.
    public func value<Value>(for key: PreferenceKey<Value>) throws(PreferenceError) -> Value {
        try decodable(Value.self, forKey: key.name) ?? key.defaultValue
    }

    /// Stores `value` under `key` as JSON data with sorted keys.
    ///
    /// - Throws: `.invalidArgument` when the value does not encode, or as ``set(_:forKey:)``.
    public func set<Value>(_ value: Value, for key: PreferenceKey<Value>) throws(PreferenceError) {
        try setEncodable(value, forKey: key.name)
    }

    /// The value stored under `key`, decoded from JSON data, or `nil` when none is stored.
    ///
    /// - Throws: `.typeMismatch` when the stored value is not data or does not decode as `type`.
    public func decodable<Value: Decodable>(_ type: Value.Type, forKey key: String) throws(PreferenceError) -> Value? {
        guard let stored = try object(forKey: key) else { return nil }
        guard case .data(let bytes) = stored else {
            throw PreferenceError(.typeMismatch,
                "the value of \"\(key)\" in \(domain) is \(stored.typeNameWithArticle), not the JSON data of a \(Value.self)")
        }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(bytes))
        } catch {
            throw PreferenceError(.typeMismatch,
                "the value of \"\(key)\" in \(domain) does not decode as \(Value.self): \(error)")
        }
    }

    /// Stores `value` under `key` as JSON data with sorted keys.
    ///
    /// - Throws: `.invalidArgument` when the value does not encode, or as ``set(_:forKey:)``.
    public func setEncodable<Value: Encodable>(_ value: Value, forKey key: String) throws(PreferenceError) {
        let data: Data
        do {
            data = try Self.jsonEncoder.encode(value)
        } catch {
            throw PreferenceError(.invalidArgument, "cannot encode the value for \"\(key)\" as JSON: \(error)")
        }
        try set(data, forKey: key)
    }

    static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
