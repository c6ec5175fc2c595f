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
    /// A native type (see ``PreferenceKey``) also reads what the untyped getters convert when
    /// nothing is lost, so values written from the shell read as the program's type: an integer
    /// type reads an integral real, a Boolean (1 or 0) and a string of an integer (`"42"`, which
    /// `prefs write d n 42` stores, as `defaults write` does); `Double` and `Float` read integers,
    /// Booleans and a string of a number; `Bool` reads the numbers 1 and 0 and the strings `yes`,
    /// `no`, `true`, `false`, `1` and `0` in any case; `String` reads numbers (and Booleans, as
    /// `1` or `0`) in decimal; `Date` reads a string in a form `prefs write -date` takes; a `Set`
    /// reads an array. A native type also reads the JSON data that earlier versions of prefs
    /// stored for it.
    ///
    /// Any other `Codable` type reads JSON data (what ``set(_:for:)`` stores), a string of JSON
    /// (what the Defaults library stores), or a dictionary, array or scalar that decodes as it
    /// (what `prefs write DOMAIN KEY --json '{…}'` stores), its dates as `<date>` or as the
    /// number of seconds since 2001 and its data as `<data>` or Base64, as `JSONEncoder` writes them.
    ///
    /// - Throws: `.typeMismatch` naming the key, the type and the stored value when a value is
    ///   stored but is not a `Value`: the caller sees the problem instead of a silent default.
    public func value<Value>(for key: PreferenceKey<Value>) throws(PreferenceError) -> Value {
        guard let stored = try object(forKey: key.name) else { return key.defaultValue }
        return try decode(Value.self, from: stored, forKey: key.name)
    }

    /// The value stored under `key`, or `key`'s default when none is stored or the stored one
    /// cannot be read; such a failure is handed to `report`, never dropped.
    ///
    /// For code that must show or use some value, as swift-configuration's
    /// `int(forKey:default:)` stands beside `requiredInt(forKey:)`; ``value(for:)`` throws instead.
    ///
    /// ```swift
    /// let size = store.value(for: .fontSize) { error in logger.warning("\(error)") }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to read.
    ///   - report: Told why the stored value could not be read: an unreadable domain file, a
    ///     value that is not a `Value` (`.typeMismatch`), ….
    /// - Returns: The stored value, else `key`'s default.
    public func value<Value>(for key: PreferenceKey<Value>, onError report: (PreferenceError) -> Void) -> Value {
        do {
            return try value(for: key)
        } catch {
            report(error)
            return key.defaultValue
        }
    }

    /// Stores `value` under `key`: natively when `Value` is a native type, else as JSON data with
    /// sorted keys. An empty `Optional` removes the key.
    ///
    /// A `Date` keeps whole seconds only, the precision of `<date>`.
    ///
    /// - Throws: `.invalidArgument` when the value does not encode, or as ``set(_:forKey:)-(PropertyList?,_)``.
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
    /// versions), else as ``decodeCodable(_:from:forKey:)`` decodes it.
    func decode<Value: Decodable>(_ type: Value.Type, from stored: PropertyList, forKey key: String) throws(PreferenceError) -> Value {
        guard NativeValue.isNative(Value.self) else { return try decodeCodable(Value.self, from: stored, forKey: key) }
        if let value = NativeValue.decode(Value.self, from: stored) as? Value { return value }
        // A second reading, not a silent default: data that is no JSON of a `Value` is the type
        // mismatch thrown below, which names the stored value (the decoder would only add that
        // the bytes are not JSON).
        if case .data(let bytes) = stored, let value = try? JSONDecoder().decode(Value.self, from: Data(bytes)) {
            return value
        }
        throw PreferenceError(
            .typeMismatch,
            "the value of \(key.quotedForMessage(limit: 60)) in \(domain) is \(stored.typeNameWithArticle), \(PreferenceStore.excerpt(stored)), where \(Value.self) was expected"
        )
    }

    /// `stored` decoded as a `Value`: JSON data as JSON, a string as JSON text, and any other
    /// value (or a string that is no JSON of a `Value`) by `Value`'s `Decodable` conformance over
    /// the property list itself, as Foundation's `PropertyListDecoder` decodes it, else over its
    /// JSON form (a number for a `Date`, Base64 for `Data`, as `JSONEncoder` writes them).
    ///
    /// - Throws: `.typeMismatch` naming the key, the stored value's type and the decoder's reason.
    private func decodeCodable<Value: Decodable>(_ type: Value.Type, from stored: PropertyList, forKey key: String) throws(PreferenceError) -> Value {
        let reason: any Error
        switch stored {
        case .data(let bytes):
            do {
                return try JSONDecoder().decode(Value.self, from: Data(bytes))
            } catch {
                reason = error
            }
        case .string(let text):
            do {
                return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
            } catch {
                // A single-value type stored as a plain string (`"Ada"`, not `"\"Ada\""`). When
                // that fails too, the JSON decoder's reason is the one thrown below.
                guard let value = try? decodePropertyList(Value.self, from: stored) else {
                    reason = error
                    break
                }
                return value
            }
        default:
            do {
                return try decodePropertyList(Value.self, from: stored)
            } catch {
                // JSON has no dates or data: `--json` stores an app's `JSONEncoder` text with
                // them as numbers and Base64 strings, which only a JSON decoder reads as such.
                guard let value = try? decodeJSONText(Value.self, from: stored) else {
                    reason = error
                    break
                }
                return value
            }
        }
        throw PreferenceError(
            .typeMismatch,
            "the value of \(key.quotedForMessage(limit: 60)) in \(domain), \(stored.typeNameWithArticle), does not decode as \(Value.self): \(reason)")
    }

    /// `plist` decoded as a `Value` by Foundation's `PropertyListDecoder`, to which it is handed
    /// in binary form.
    private func decodePropertyList<Value: Decodable>(_ type: Value.Type, from plist: PropertyList) throws -> Value {
        try PropertyListDecoder().decode(Value.self, from: Data(BinaryPropertyListWriter().write(plist)))
    }

    /// `plist` decoded as a `Value` by Foundation's `JSONDecoder`, to which it is handed as the
    /// JSON text `prefs read --json` prints of it.
    private func decodeJSONText<Value: Decodable>(_ type: Value.Type, from plist: PropertyList) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(JSONWriter(prettyPrinted: false).write(plist).utf8))
    }

    /// A value's description, cut to 80 characters, for messages.
    static func excerpt(_ value: PropertyList) -> String {
        let text = value.description
        return text.count <= 80 ? text : String(text.prefix(77)) + "..."
    }

    /// The value stored under `key`, decoded, or `nil` when none is stored.
    ///
    /// JSON data (what ``setEncodable(_:forKey:)`` stores) and strings of JSON decode as JSON;
    /// any other value by `Value`'s `Decodable` conformance over the property list itself, so a
    /// dictionary written with `prefs write DOMAIN KEY --json '{…}'` decodes too.
    ///
    /// - Throws: `.typeMismatch` naming the key and the decoder's reason when the stored value
    ///   does not decode as `type`.
    public func decodable<Value: Decodable>(_ type: Value.Type, forKey key: String) throws(PreferenceError) -> Value? {
        guard let stored = try object(forKey: key) else { return nil }
        return try decodeCodable(Value.self, from: stored, forKey: key)
    }

    /// Stores `value` under `key` as JSON data with sorted keys.
    ///
    /// - Throws: `.invalidArgument` when the value does not encode, or as ``set(_:forKey:)-(PropertyList?,_)``.
    public func setEncodable<Value: Encodable>(_ value: Value, forKey key: String) throws(PreferenceError) {
        let data: Data
        do {
            data = try Self.jsonEncoder.encode(value)
        } catch {
            throw PreferenceError(.invalidArgument, "cannot encode the value for \(key.quotedForMessage(limit: 60)) as JSON: \(error)")
        }
        try set(data, forKey: key)
    }

    static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
