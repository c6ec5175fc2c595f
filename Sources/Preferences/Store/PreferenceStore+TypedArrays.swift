import PropertyLists

/// Typed arrays: `array(forKey:)` gives property list values, so `as? [String]` on it is always
/// `nil`; these give Swift arrays.
extension PreferenceStore {
    /// The array for `key` with elements of `type`, or `nil` when nothing is stored.
    ///
    /// ```swift
    /// let recent = try store.array(of: String.self, forKey: "recent") ?? []
    /// ```
    ///
    /// - Throws: `.typeMismatch` naming the key, type and value when the stored value is not an
    ///   array of `Element` (an array that is not stored natively must be the JSON data of one).
    public func array<Element: Codable>(of type: Element.Type, forKey key: String) throws(PreferenceError) -> [Element]? {
        guard let stored = try object(forKey: key) else { return nil }
        return try decode([Element].self, from: stored, forKey: key)
    }
}
