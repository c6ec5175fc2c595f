import Configuration
import Preferences
import PropertyLists

/// A domain's search list at one moment, as swift-configuration reads it: every lookup gives
/// the same answer, however the files change after it was taken.
struct PreferencesSnapshot: ConfigSnapshot, CustomStringConvertible {
    /// The provider's name.
    let providerName: String
    /// The domain whose search list this is.
    let domain: DomainName
    /// The layers' values, or why they could not be read (thrown by every lookup).
    let values: Result<SearchListValues, PreferenceError>
    /// Which values are secrets, by encoded key.
    let secretsSpecifier: SecretsSpecifier<String, PropertyList>

    /// The value at the key path the key's components make, converted to `type` (see
    /// ``ConfigContent/init(_:as:at:of:isSecret:)``).
    ///
    /// - Returns: The value with the key path as typed at `prefs read --key-path` (dots in a
    ///   component escaped) as its encoded key; no value when no layer has one there.
    /// - Throws: `PreferenceError`: `.unreadable` when a file of the search list did not read,
    ///   `.typeMismatch` when the value does not convert, `.invalidArgument` for a key of no
    ///   components.
    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        guard !key.components.isEmpty else {
            throw PreferenceError(.invalidArgument, "a configuration key for \(domain) has no components")
        }
        let path = PropertyListKeyPath(components: key.components)
        let encodedKey = path.description
        guard let value = try values.get().value(at: path) else { return LookupResult(encodedKey: encodedKey, value: nil) }
        let isSecret = secretsSpecifier.isSecret(key: encodedKey, value: value)
        let content = try ConfigContent(value, as: type, at: path, of: domain, isSecret: isSecret)
        return LookupResult(encodedKey: encodedKey, value: ConfigValue(content, isSecret: isSecret))
    }

    /// The provider's name and how many layers hold values, or the error.
    var description: String {
        switch values {
        case .success(let values): "\(providerName)[\(values.layers.count) layers]"
        case .failure(let error): "\(providerName)[\(error)]"
        }
    }
}
