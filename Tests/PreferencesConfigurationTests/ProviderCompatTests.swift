import Configuration
import ConfigurationTesting
import Preferences
import PreferencesConfiguration
import PropertyLists
import Testing

/// The bytes `ProviderCompatTest` expects under `bytes` and `other.bytes` ("magic", "magic2").
private let magic: PropertyList = .data(Array("magic".utf8))
private let magic2: PropertyList = .data(Array("magic2".utf8))

/// The values `ProviderCompatTest` expects (its documentation lists them as dot-separated keys),
/// as the nested dictionaries the provider reads dot-separated keys from.
private let compatValues: PropertyListDictionary = [
    "string": "Hello", "int": 42, "double": 3.14, "bool": true, "bytes": magic,
    "stringy": ["array": ["Hello", "World"]], "inty": ["array": [42, 24]], "doubly": ["array": [3.14, 2.72]],
    "booly": ["array": [true, false]], "byteChunky": ["array": [magic, magic2]],
    "other": [
        "string": "Other Hello", "int": 24, "double": 2.72, "bool": false, "bytes": magic2,
        "stringy": ["array": ["Hello", "Swift"]], "inty": ["array": [16, 32]], "doubly": ["array": [0.9, 1.8]],
        "booly": ["array": [false, true, true]], "byteChunky": ["array": [magic, magic2, magic]]
    ]
]

@Suite("swift-configuration's own compatibility suite passes", .timeLimit(.minutes(5)))
struct ProviderCompatTests {
    /// Every value in the user's domain file, written by the real `prefs import`.
    @Test func compatSuitePassesOnADomainWrittenByPrefs() async throws {
        let home = PrefsHome()
        try home.importDomain("com.example.server", compatValues)
        try await ProviderCompatTest(provider: home.provider()).runTest()
    }

    /// The same values spread over the whole search list: the user's domain, the global domain,
    /// an administrator's file, registered defaults and the installed manifest's defaults. Each
    /// dot-separated key comes from the first layer where its whole path leads to a value.
    @Test func compatSuitePassesOnValuesSpreadOverTheSearchList() async throws {
        let home = PrefsHome()
        let other = compatValues["other"]!.dictionaryValue!
        try home.importDomain("com.example.server", ["string": "Hello", "other": ["string": "Other Hello", "int": 24]])
        try home.prefs("write", "-g", "int", "-int", "42")
        try home.prefs("write", "-g", "other", "--json", #"{"double": 2.72, "int": 1}"#)  // other.int is the user's
        try home.writeAdministratorFile(
            "com.example.server",
            ["bool": true, "bytes": magic, "stringy": compatValues["stringy"]!, "other": ["bool": false, "bytes": magic2, "string": "hidden"]])
        try home.installManifest(
            "com.example.server",
            keys: [
                ["pfm_name": "double", "pfm_type": "real", "pfm_default": 3.14],
                [
                    "pfm_name": "other", "pfm_type": "dictionary",
                    "pfm_subkeys": [["pfm_name": "doubly", "pfm_type": "dictionary", "pfm_default": other["doubly"]!]]
                ]
            ])
        let provider = try home.provider()
        var registered = compatValues
        for key in ["string", "int", "double", "bool", "bytes", "stringy"] { registered[key] = nil }
        var registeredOther = other
        for key in ["string", "int", "double", "bool", "bytes", "doubly"] { registeredOther[key] = nil }
        registered["other"] = .dictionary(registeredOther)
        provider.store.register(defaults: registered)
        try await ProviderCompatTest(provider: provider).runTest()
        #expect(try provider.store.origin(ofKey: "double") == home.manifestsFolder + "/com.example.server.plist")
        #expect(try provider.store.origin(ofKey: "bool") == home.administratorFolder + "/com.example.server.plist")
    }
}
