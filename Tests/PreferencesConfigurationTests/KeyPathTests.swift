import Configuration
import Foundation
import Preferences
import PreferencesConfiguration
import PropertyLists
import Testing

@Suite("Configuration keys are key paths through the search list")
struct KeyPathTests {
    /// The string at `key` in `provider`.
    private func string(_ provider: some ConfigProvider, _ key: AbsoluteConfigKey) throws -> LookupResult {
        try provider.value(forKey: key, type: .string)
    }

    /// A dot-separated key descends through dictionaries and arrays (a component that is a number
    /// indexes an array), and the encoded key is the path as `prefs read --key-path` takes it.
    @Test func dotSeparatedKeyDescendsThroughDictionariesAndArrays() throws {
        let home = PrefsHome()
        try home.prefs("write", "com.example.server", "upstreams", "--json", #"[{"host": "a.example"}, {"host": "b.example"}]"#)
        let provider = try home.provider()
        #expect(try string(provider, "upstreams.1.host") == LookupResult(encodedKey: "upstreams.1.host", value: "b.example"))
        #expect(try string(provider, "upstreams.2.host") == LookupResult(encodedKey: "upstreams.2.host", value: nil))
        #expect(try string(provider, "upstreams.x") == LookupResult(encodedKey: "upstreams.x", value: nil))
        let read = try home.prefs("read", "com.example.server", "--key-path", "upstreams.1.host")
        #expect(read.stdout == "b.example\n")
    }

    /// A component holding a dot names a key with a dot in it; its encoded key escapes the dot,
    /// as `prefs read --key-path` takes it.
    @Test func componentWithADotNamesOneKey() throws {
        let home = PrefsHome()
        try home.prefs("write", "com.example.server", "version.major", "-int", "3")
        let provider = try home.provider()
        let found = try provider.value(forKey: AbsoluteConfigKey(["version.major"]), type: .int)
        #expect(found == LookupResult(encodedKey: #"version\.major"#, value: 3))
        #expect(try provider.value(forKey: "version.major", type: .int).value == nil)
        #expect(try home.prefs("read", "com.example.server", "--key-path", found.encodedKey).stdout == "3\n")
    }

    /// The first layer in which the whole path leads to a value gives it: the user's `http`
    /// dictionary hides the administrator's `http.port` but not their `http.host`.
    @Test func eachKeyPathComesFromTheFirstLayerThatHasIt() throws {
        let home = PrefsHome()
        try home.writeAdministratorFile("com.example.server", ["http": ["host": "0.0.0.0", "port": 80]])
        try home.prefs("write", "com.example.server", "--key-path", "http.port", "-int", "8080")
        try home.prefs("write", "-g", "http", "--json", #"{"timeout": 30}"#)
        let provider = try home.provider()
        provider.store.register(defaults: ["http": ["timeout": 5, "retries": 3]])
        let config = ConfigReader(provider: provider)
        #expect(config.int(forKey: "http.port") == 8080)
        #expect(config.string(forKey: "http.host") == "0.0.0.0")
        #expect(config.int(forKey: "http.timeout") == 30)
        #expect(config.int(forKey: "http.retries") == 3)
        #expect(try home.prefs("read", "com.example.server", "--key-path", "http.host").stdout == "0.0.0.0\n")
    }

    /// Environment variables above the provider override it key by key, as a server sets them up.
    @Test func environmentVariablesAboveThePreferencesOverrideThem() throws {
        let home = PrefsHome()
        try home.prefs("write", "com.example.server", "http", "--json", #"{"host": "127.0.0.1", "port": 8080}"#)
        let config = ConfigReader(providers: [
            EnvironmentVariablesProvider(environmentVariables: ["HTTP_PORT": "9090"]),
            try home.provider()
        ])
        #expect(config.int(forKey: "http.port", default: 80) == 9090)
        #expect(config.string(forKey: "http.host", default: "localhost") == "127.0.0.1")
        #expect(config.bool(forKey: "http.tls", default: false) == false)
    }

    /// A snapshot answers as the search list was when it was taken; the provider, as it is now.
    @Test func snapshotKeepsItsValuesWhileTheDomainChanges() throws {
        let home = PrefsHome()
        try home.prefs("write", "com.example.server", "workers", "-int", "4")
        let provider = try home.provider()
        let snapshot = provider.snapshot()
        try home.prefs("write", "com.example.server", "workers", "-int", "8")
        #expect(try snapshot.value(forKey: "workers", type: .int).value == 4)
        #expect(try provider.value(forKey: "workers", type: .int).value == 8)
    }

    /// A domain file that does not read is an error from the provider and from a snapshot taken
    /// meanwhile, naming the file; it is never read as empty.
    @Test func unreadableDomainFileIsAnErrorNotAnEmptyDomain() throws {
        let home = PrefsHome()
        try home.prefs("write", "com.example.server", "workers", "-int", "4")
        let path = home.home + "/com.example.server.plist"
        try Data("<plist><dict><key>workers</key>".utf8).write(to: URL(fileURLWithPath: path))
        let provider = try home.provider()
        let error = try #require(throws: PreferenceError.self) { try provider.value(forKey: "workers", type: .int) }
        #expect(error.code == .unreadable)
        #expect(error.description.contains(path), "\(error)")
        #expect(throws: PreferenceError.self) { try provider.snapshot().value(forKey: "workers", type: .int) }
    }

    /// A key of no components names nothing: it is refused.
    @Test func keyOfNoComponentsIsRefused() throws {
        let provider = try PrefsHome().provider()
        let error = try #require(throws: PreferenceError.self) { try provider.value(forKey: AbsoluteConfigKey([]), type: .string) }
        #expect(error.code == .invalidArgument)
    }
}
