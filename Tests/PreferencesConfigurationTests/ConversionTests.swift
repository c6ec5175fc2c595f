import Configuration
import Preferences
import PreferencesConfiguration
import PropertyLists
import Testing

/// One value as `prefs write` stores it (the arguments after the domain and key), the type a
/// program asks for, and what it gets.
struct Conversion: Sendable, CustomTestStringConvertible {
    let write: [String]
    let type: ConfigType
    let expected: ConfigContent

    var testDescription: String { "\(write.joined(separator: " ")) as \(type)" }
}

/// A stored value that does not convert to the type asked for, and a part of the message.
struct Mismatch: Sendable, CustomTestStringConvertible {
    let write: [String]
    let type: ConfigType
    let message: String

    var testDescription: String { "\(write.joined(separator: " ")) as \(type)" }
}

@Suite("Values convert as the typed getters convert them")
struct ConversionTests {
    /// Looks up `key` in `com.example.server` as `type`.
    private func lookup(_ home: PrefsHome, _ key: String, _ type: ConfigType) throws -> ConfigContent? {
        try home.provider().value(forKey: AbsoluteConfigKey(ConfigKey(key)), type: type).value?.content
    }

    /// What the command line writes (untyped values are strings, as on a Mac) reads back as the
    /// type a program asks for.
    @Test(arguments: [
        Conversion(write: ["8080"], type: .int, expected: .int(8080)),
        Conversion(write: [" 42 px"], type: .int, expected: .int(42)),
        Conversion(write: ["-float", "2.9"], type: .int, expected: .int(2)),
        Conversion(write: ["-float", "-2.9"], type: .int, expected: .int(-2)),
        Conversion(write: ["-bool", "true"], type: .int, expected: .int(1)),
        Conversion(write: ["2.5"], type: .double, expected: .double(2.5)),
        Conversion(write: [".5"], type: .double, expected: .double(0.5)),
        Conversion(write: ["-int", "3"], type: .double, expected: .double(3)),
        Conversion(write: ["YES"], type: .bool, expected: .bool(true)),
        Conversion(write: ["true"], type: .bool, expected: .bool(true)),
        Conversion(write: ["NO"], type: .bool, expected: .bool(false)),
        Conversion(write: ["0"], type: .bool, expected: .bool(false)),
        Conversion(write: ["-int", "2"], type: .bool, expected: .bool(true)),
        Conversion(write: ["-float", "0"], type: .bool, expected: .bool(false)),
        Conversion(write: ["-int", "42"], type: .string, expected: .string("42")),
        Conversion(write: ["-float", "2.5"], type: .string, expected: .string("2.5")),
        Conversion(write: ["-bool", "yes"], type: .string, expected: .string("1")),
        Conversion(write: ["-data", "6d6167"], type: .bytes, expected: .bytes(Array("mag".utf8))),
        Conversion(write: ["-array", "80", "443"], type: .intArray, expected: .intArray([80, 443])),
        Conversion(write: ["-array", "a", "b"], type: .stringArray, expected: .stringArray(["a", "b"])),
        Conversion(write: ["--json", "[1, 2.5]"], type: .doubleArray, expected: .doubleArray([1, 2.5])),
        Conversion(write: ["-array", "yes", "no"], type: .boolArray, expected: .boolArray([true, false])),
        Conversion(write: ["--json", "[1, true]"], type: .stringArray, expected: .stringArray(["1", "1"])),
        Conversion(write: ["--json", "[]"], type: .intArray, expected: .intArray([])),
        Conversion(write: ["<array><data>bWFnaWM=</data></array>"], type: .byteChunkArray, expected: .byteChunkArray([Array("magic".utf8)]))
    ])
    func storedValueConvertsToTheTypeAskedFor(_ conversion: Conversion) throws {
        let home = PrefsHome()
        try home.prefs(["write", "com.example.server", "value"] + conversion.write)
        #expect(try lookup(home, "value", conversion.type) == conversion.expected)
    }

    /// A value a getter would read as 0 or `false` for want of anything better is an error that
    /// names the key path, the domain, the value and the type, never a silent zero.
    @Test(arguments: [
        Mismatch(write: ["abc"], type: .int, message: #"the value at "value" of com.example.server is a string ("abc"), which does not convert to int"#),
        Mismatch(write: ["inf"], type: .double, message: #"is a string ("inf"), which does not convert to double"#),
        Mismatch(write: ["on"], type: .bool, message: #"is a string ("on"), which does not convert to bool"#),
        Mismatch(write: [""], type: .bool, message: #"is a string (""), which does not convert to bool"#),
        Mismatch(write: ["6d6167"], type: .bytes, message: #"is a string ("6d6167"), which does not convert to bytes"#),
        Mismatch(write: ["-date", "2024-02-29"], type: .string, message: "is a date"),
        Mismatch(write: ["-array", "a"], type: .string, message: "is an array (1 elements), which does not convert to string"),
        Mismatch(write: ["-dict", "k", "v"], type: .int, message: "is a dictionary (1 keys), which does not convert to int"),
        Mismatch(write: ["a"], type: .stringArray, message: "which does not convert to stringArray"),
        Mismatch(write: ["-array", "80", "http"], type: .intArray, message: #"the value at "value.1" of com.example.server is a string ("http")"#)
    ])
    func valueThatDoesNotConvertIsAnError(_ mismatch: Mismatch) throws {
        let home = PrefsHome()
        try home.prefs(["write", "com.example.server", "value"] + mismatch.write)
        let error = try #require(throws: PreferenceError.self) { try lookup(home, "value", mismatch.type) }
        #expect(error.code == .typeMismatch)
        #expect(error.message.contains(mismatch.message), "\(error.message)")
    }

    /// A secret's value is marked secret, and an error about it does not show it.
    @Test func secretValueIsMarkedAndNeverShownInAnError() throws {
        let home = PrefsHome()
        try home.prefs("write", "com.example.server", "database", "--json", #"{"password": "hunter2", "port": 5432}"#)
        let provider = try PreferencesProvider(store: home.provider().store, secretsSpecifier: .specific(["database.password"]))
        let found = try provider.value(forKey: AbsoluteConfigKey(ConfigKey("database.password")), type: .string)
        #expect(found.value == ConfigValue(.string("hunter2"), isSecret: true))
        #expect(try provider.value(forKey: AbsoluteConfigKey(ConfigKey("database.port")), type: .int).value == ConfigValue(.int(5432), isSecret: false))
        let error = try #require(throws: PreferenceError.self) {
            try provider.value(forKey: AbsoluteConfigKey(ConfigKey("database.password")), type: .int)
        }
        #expect(error.message == #"the value at "database.password" of com.example.server is a string, which does not convert to int"#)
    }
}
