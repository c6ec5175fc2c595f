import PropertyLists

extension Manifest {
    /// Refuses a value for the root key `key` (`nil`: its removal) that breaks this manifest.
    ///
    /// - Throws: ``PreferenceError`` with code `.manifestViolation` naming the key, every rule
    ///   broken and the manifest file.
    public func enforce(_ value: PropertyList?, forKey key: String) throws(PreferenceError) {
        try refuse(check(value, forKey: key))
    }

    /// Refuses a whole domain that breaks this manifest: a value that breaks a rule, or a
    /// required key missing. Keys the manifest does not name are allowed.
    ///
    /// - Throws: ``PreferenceError`` with code `.manifestViolation`.
    public func enforce(domain: PropertyListDictionary) throws(PreferenceError) {
        try refuse(check(domain).filter { $0.severity == .error })
    }

    private func refuse(_ violations: [ManifestViolation]) throws(PreferenceError) {
        guard !violations.isEmpty else { return }
        let broken = violations.map(\.description).joined(separator: "; ")
        throw PreferenceError(.manifestViolation, "\(broken) (by the manifest \(path)); nothing was written")
    }
}
