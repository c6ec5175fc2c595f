import FoundationEssentials
import PropertyLists

/// Typed keys and `Codable` values.
///
/// A ``PreferenceKey`` of a native type is stored the way `UserDefaults` stores it (an `Int` as
/// `<integer>`, a `String` as `<string>`, …; see ``PreferenceKey``), so `prefs read` shows it and
/// a shell user can set it; any other `Codable` value is stored as JSON-encoded `Data`, the way
/// iOS apps store it.
extension PreferenceStore {
    /// The value stored under `key`, or `key`'s default when none is stored.
    ///
    /// A native type also reads the JSON data that earlier versions of prefs stored for it.
    ///
    /// - Throws: `.typeMismatch` naming the key, the type and the stored value when a value is
    ///   stored but is not a `Value`: the caller sees the problem instead of a silent default.
    public func value<Value>(for key: PreferenceKey<Value>) throws(PreferenceError) -> Value {
        guard let stored = try object(forKey: key.name) else { return key.defaultValue }
        return try decode(Value.self, from: stored, forKey: key.name)
    }

    /// Stores `value` under `key`: natively when `Value` is a native type, else as JSON data with
    /// sorted keys. An empty `Optional` removes the key.
    ///
    /// A `Date` keeps whole seconds only, the precision of `<date>`.
    ///
    /// - Throws: `.invalidArgument` when the value does not encode, or as ``set(_:forKey:)``.
    public func set<Value>(_ value: Value, for key: PreferenceKey<Value>) throws(PreferenceError) {
        if NativeValue.isNative(Value.self) {
            let plist = try NativeValue.encode(value)
            try manifest?.enforce(plist, forKey: key.name)
            try update { $0[key.name] = plist }
        } else {
            try setEncodable(value, forKey: key.name)
        }
    }

    /// `stored` as a `Value`: natively for a native type (or from JSON data written by earlier
    /// versions), else decoded from JSON data.
    func decode<Value: Decodable>(_ type: Value.Type, from stored: PropertyList, forKey key: String) throws(PreferenceError) -> Value {
        if NativeValue.isNative(Value.self) {
            if let value = NativeValue.decode(Value.self, from: stored) as? Value { return value }
            if case .data(let bytes) = stored, let value = try? JSONDecoder().decode(Value.self, from: Data(bytes)) {
                return value
            }
            throw PreferenceError(
                .typeMismatch,
                "the value of \"\(key)\" in \(domain) is \(stored.typeNameWithArticle), \(PreferenceStore.excerpt(stored)), where \(Value.self) was expected")
        }
        guard case .data(let bytes) = stored else {
            throw PreferenceError(
                .typeMismatch,
                "the value of \"\(key)\" in \(domain) is \(stored.typeNameWithArticle), \(PreferenceStore.excerpt(stored)), where the JSON data of \(Value.self) was expected"
            )
        }
        return try decodeJSON(Value.self, from: bytes, forKey: key)
    }

    /// `bytes`, the JSON data stored under `key`, decoded as a `Value`.
    ///
    /// - Throws: `.typeMismatch` naming the key and the decoder's reason.
    private func decodeJSON<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], forKey key: String) throws(PreferenceError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: Data(bytes))
        } catch {
            throw PreferenceError(
                .typeMismatch,
                "the value of \"\(key)\" in \(domain) does not decode as \(Value.self): \(error)")
        }
    }

    /// A value's description, cut to 80 characters, for messages.
    static func excerpt(_ value: PropertyList) -> String {
        let text = value.description
        return text.count <= 80 ? text : String(text.prefix(77)) + "..."
    }

    /// The value stored under `key`, decoded from JSON data, or `nil` when none is stored.
    ///
    /// - Throws: `.typeMismatch` when the stored value is not data or does not decode as `type`.
    public func decodable<Value: Decodable>(_ type: Value.Type, forKey key: String) throws(PreferenceError) -> Value? {
        guard let stored = try object(forKey: key) else { return nil }
        guard case .data(let bytes) = stored else {
            throw PreferenceError(
                .typeMismatch,
                "the value of \"\(key)\" in \(domain) is \(stored.typeNameWithArticle), not the JSON data of a \(Value.self)")
        }
        return try decodeJSON(Value.self, from: bytes, forKey: key)
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
