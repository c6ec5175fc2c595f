import FoundationEssentials
import PropertyLists

/// The typed getters of `UserDefaults`, with its conversions.
extension PreferenceStore {
    /// The string for `key`; a number is converted to its decimal form and a Boolean to "1" or
    /// "0"; other types give `nil`.
    public func string(forKey key: String) throws(PreferenceError) -> String? {
        try object(forKey: key).flatMap(Coercion.string)
    }

    /// The integer for `key`, 0 when missing. Reals are truncated, Booleans are 0 or 1, strings
    /// convert by their leading digits ("42" is 42).
    public func integer(forKey key: String) throws(PreferenceError) -> Int {
        try object(forKey: key).map(Coercion.integer) ?? 0
    }

    /// The double for `key`, 0 when missing. Integers and Booleans convert; strings by their
    /// leading number ("2.5" is 2.5).
    public func double(forKey key: String) throws(PreferenceError) -> Double {
        try object(forKey: key).map(Coercion.double) ?? 0
    }

    /// The float for `key`, 0 when missing; converted as ``double(forKey:)``.
    public func float(forKey key: String) throws(PreferenceError) -> Float {
        Float(try double(forKey: key))
    }

    /// The Boolean for `key`, `false` when missing. Numbers are true when not zero; strings are
    /// true when they start with Y, y, T, t or a digit 1–9 ("YES", "true", "1").
    public func bool(forKey key: String) throws(PreferenceError) -> Bool {
        try object(forKey: key).map(Coercion.bool) ?? false
    }

    /// The data for `key`, or `nil` when it is missing or not data.
    public func data(forKey key: String) throws(PreferenceError) -> Data? {
        try object(forKey: key)?.dataValue.map { Data($0) }
    }

    /// The date for `key`, or `nil` when it is missing or not a date.
    public func date(forKey key: String) throws(PreferenceError) -> Date? {
        guard case .date(let date)? = try object(forKey: key) else { return nil }
        return date.date
    }

    /// The array for `key`, or `nil` when it is missing or not an array.
    public func array(forKey key: String) throws(PreferenceError) -> [PropertyList]? {
        try object(forKey: key)?.arrayValue
    }

    /// The array for `key` when every element is a string, otherwise `nil`.
    public func stringArray(forKey key: String) throws(PreferenceError) -> [String]? {
        guard let elements = try array(forKey: key) else { return nil }
        var strings: [String] = []
        for element in elements {
            guard let string = element.stringValue else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// The dictionary for `key`, or `nil` when it is missing or not a dictionary.
    public func dictionary(forKey key: String) throws(PreferenceError) -> PropertyListDictionary? {
        try object(forKey: key)?.dictionaryValue
    }

    /// The URL for `key`: a string that is a path (starting with `/` or `~`, the ``environment``'s
    /// home) becomes a file URL, any other string is parsed as a URL; other types give `nil`.
    public func url(forKey key: String) throws(PreferenceError) -> URL? {
        guard let string = try object(forKey: key)?.stringValue else { return nil }
        if string.hasPrefix("~") {
            let home = environment.home ?? ""
            return URL(fileURLWithPath: home + string.dropFirst())
        }
        if string.hasPrefix("/") { return URL(fileURLWithPath: string) }
        return URL(string: string)
    }
}
