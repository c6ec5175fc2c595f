/// Resetting typed keys to their defaults.
extension PreferenceStore {
    /// Removes the stored values of `keys` in one locked write, so each reads as its default again.
    ///
    /// ```swift
    /// try store.reset(.fontSize, .layout)
    /// ```
    ///
    /// - Throws: As ``set(_:forKey:)-(PropertyList?,_)``: `.manifestViolation` for a key the
    ///   domain's ``manifest`` requires (`pfm_require`), and then nothing is written.
    public func reset<each Value>(_ keys: repeat PreferenceKey<each Value>) throws(PreferenceError) {
        var names: [String] = []
        for key in repeat each keys { names.append(key.name) }
        for name in names { try manifest?.enforce(nil, forKey: name) }
        try update { values in
            for name in names { values[name] = nil }
        }
    }
}
