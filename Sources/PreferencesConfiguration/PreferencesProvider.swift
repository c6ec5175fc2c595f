public import Configuration
public import Preferences
public import PropertyLists

/// A swift-configuration provider of one domain's preferences: what the domain's program sees
/// through its search list (the user's domain, the global domain, an administrator's files,
/// registered defaults and the installed manifest's defaults), as `prefs read` shows it.
///
/// ```swift
/// import Configuration
/// import PreferencesConfiguration
///
/// let config = ConfigReader(providers: [
///     EnvironmentVariablesProvider(),                           // HTTP_PORT=9090 wins
///     try PreferencesProvider(domain: "com.example.server"),    // prefs write com.example.server http -dict port 8080
/// ])
/// let port = config.int(forKey: "http.port", default: 80)
/// ```
///
/// A configuration key's components are a key path into the domain's nested dictionaries
/// (`http.port` is key `port` of the dictionary `http`; a component that is a number indexes an
/// array), looked up as `prefs read --key-path` does: the first layer in which the whole path
/// leads to a value gives it, so a user's `http = { port = 8080; }` hides the administrator's
/// `http.port` but not their `http.host`.
///
/// Values convert to the type asked for as `PreferenceStore`'s typed getters (`integer(forKey:)`
/// and the others) convert them:
///
/// | asked for | takes |
/// |---|---|
/// | string | a string; a number in decimal, a Boolean as `1` or `0` |
/// | integer | an integer; a real truncated toward zero, a Boolean as 1 or 0, a string by its leading digits (`"42"`, `"42 px"`) |
/// | double | a real; an integer, a Boolean as 1 or 0, a string by its leading number (`"2.5"`) |
/// | Boolean | a Boolean; a number, true when not zero; a string, true when it starts with Y, y, T, t or a digit 1–9 (`"YES"`, `"true"`, `"1"`), false when it starts with N, n, F, f or is a zero (`"NO"`, `"false"`, `"0"`) |
/// | bytes | data |
/// | the arrays | an array whose every element converts as above |
///
/// So what `prefs write` stores untyped, as strings, reads back as numbers and Booleans. Where a
/// getter would answer 0 or `false` for a value it cannot read (`"abc"` as an integer, `"on"` as
/// a Boolean), the provider throws a `PreferenceError` with code `.typeMismatch` naming the key
/// path, so a mistyped setting is reported rather than read as zero. Dates and dictionaries
/// convert to nothing.
///
/// Reads come from the store's cache, so a warm lookup reads no file. Watching
/// (`ConfigReader.watchInt(forKey:)`, `watchSnapshot`) rides on prefs' own inotify watch of the
/// search list's folders, not on polling: a `prefs write` from another process reaches the
/// watcher within milliseconds.
public struct PreferencesProvider: Sendable {
    /// The store whose search list this provider reads.
    public let store: PreferenceStore
    /// Which values are secrets (redacted by `ConfigReader`'s access reporters), by key path as
    /// `prefs read --key-path` takes it.
    public let secretsSpecifier: SecretsSpecifier<String, PropertyList>

    /// A provider of the values `store` sees.
    ///
    /// - Parameters:
    ///   - store: The store to read; its registered defaults are part of what the provider gives.
    ///   - secretsSpecifier: Which values are secrets; none by default.
    public init(store: PreferenceStore, secretsSpecifier: SecretsSpecifier<String, PropertyList> = .none) {
        self.store = store
        self.secretsSpecifier = secretsSpecifier
    }

    /// A provider of a domain's values, in the folders `environment` names, as
    /// `PreferenceStore(domain:)`
    /// finds them.
    ///
    /// - Parameters:
    ///   - domain: The domain name, such as `com.example.server`.
    ///   - arguments: A command line whose `-key value` pairs take precedence over every domain,
    ///     its first element (the program) skipped; none by default, since a program configured
    ///     through swift-configuration reads its command line with `CommandLineArgumentsProvider`.
    ///   - environment: Where the folders come from; the process's environment now by default.
    ///   - secretsSpecifier: Which values are secrets; none by default.
    ///   - notices: Told when an administrator's file or an installed manifest is passed over.
    /// - Throws: `PreferenceError` as the store's initializer throws it: `.invalidArgument` for a
    ///   bad domain name or when no folder can be found, `.unreadable` for a malformed manifest.
    public init(
        domain: String, arguments: [String] = [], environment: PreferencesEnvironment = PreferencesEnvironment(),
        secretsSpecifier: SecretsSpecifier<String, PropertyList> = .none, notices: NoticeHandler? = nil
    ) throws(PreferenceError) {
        let store = try PreferenceStore(domain: domain, arguments: arguments, environment: environment, notices: notices)
        self.init(store: store, secretsSpecifier: secretsSpecifier)
    }
}

extension PreferencesProvider: ConfigProvider {
    /// `PreferencesProvider[DOMAIN]`.
    public var providerName: String { "PreferencesProvider[\(store.domain)]" }

    /// The value at the key path of `key`, from the search list as it is now.
    ///
    /// - Returns: The value converted to `type`, with the key path (as `prefs read --key-path`
    ///   takes it) as its encoded key; no value when no layer has one there.
    /// - Throws: `PreferenceError`: `.unreadable` when a file of the search list does not
    ///   read, `.typeMismatch` when the value does not convert to `type`.
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try currentSnapshot().value(forKey: key, type: type)
    }

    /// As ``value(forKey:type:)``: the store's cache is kept fresh by its watch, or checked
    /// against the files, so the value is always the latest.
    public func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws -> LookupResult {
        try value(forKey: key, type: type)
    }

    /// The search list as it is now; a lookup in it throws when a file did not read.
    public func snapshot() -> any ConfigSnapshot {
        currentSnapshot()
    }

    /// The search list as it is now, or why it does not read.
    func currentSnapshot() -> PreferencesSnapshot {
        let values: Result<SearchListValues, PreferenceError>
        do {
            values = .success(try store.searchListValues())
        } catch {
            values = .failure(error)
        }
        return PreferencesSnapshot(providerName: providerName, domain: store.domain, values: values, secretsSpecifier: secretsSpecifier)
    }
}
