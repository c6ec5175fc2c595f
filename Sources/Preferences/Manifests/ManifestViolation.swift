/// One way a domain breaks its manifest: the key path, and what is wrong with its value.
public struct ManifestViolation: Hashable, Sendable, CustomStringConvertible {
    /// How much a violation matters.
    public enum Severity: String, Hashable, Sendable {
        /// The domain breaks the manifest.
        case error
        /// Worth saying, not a failure: a key the manifest does not name, or a deprecated key.
        case warning
    }

    /// The keys and array indices from the domain's root to the value.
    public let path: [String]
    /// What is wrong, for example `is 900, above the maximum 400`.
    public let message: String
    /// Whether the violation fails the check.
    public let severity: Severity

    /// Creates a violation.
    public init(path: [String], message: String, severity: Severity = .error) {
        self.path = path
        self.message = message
        self.severity = severity
    }

    /// `key "a.b": message`, the key path written as `prefs` takes it (`--key-path`).
    public var description: String {
        "key \"\(PropertyListKeyPath(components: path))\": \(message)"
    }
}
