import Foundation
import Preferences
import PropertyLists
import Testing

@Suite("Key paths into nested values")
struct PropertyListKeyPathTests {
    /// Importing Preferences leaves Swift's KeyPath usable: the path type has a name of its own.
    @Test func swiftKeyPathIsNotShadowed() {
        let length: KeyPath<String, Int> = \.count
        #expect("abc"[keyPath: length] == 3)
    }

    /// Parsing splits on unescaped dots.
    @Test(
        arguments: [
            ("a", ["a"]), ("a.b.0", ["a", "b", "0"]), (#"version\.major"#, ["version.major"]),
            (#"a\\b"#, [#"a\b"#]), (#"a\\.b"#, [#"a\"#, "b"]), (#"\a"#, ["a"]), ("ü.日本", ["ü", "日本"])
        ] as [(String, [String])])
    func parses(text: String, components: [String]) throws {
        let path = try PropertyListKeyPath(parsing: text)
        #expect(path.components == components)
        #expect(try PropertyListKeyPath(parsing: path.description) == path, "description parses back to the same path")
    }

    /// A dot or backslash after a prepended mark (U+0604), which joins it into one Character, is
    /// still a separator or an escape, and the path survives its own description.
    @Test func aPrependedMarkHidesNoDotOrBackslash() throws {
        #expect(try PropertyListKeyPath(parsing: "a\u{604}.b").components == ["a\u{604}", "b"])
        #expect(try PropertyListKeyPath(parsing: "a\u{604}\\.b").components == ["a\u{604}.b"])
        let path = PropertyListKeyPath(components: ["0/\u{604}\\"])
        #expect(try PropertyListKeyPath(parsing: path.description) == path)
    }

    @Test func descriptionEscapesDotsAndBackslashes() {
        #expect(PropertyListKeyPath(key: #"a.b\c"#).description == #"a\.b\\c"#)
        #expect(PropertyListKeyPath(key: "a.b").components == ["a.b"])
    }

    /// Malformed paths are refused.
    @Test(arguments: ["", ".", "a.", ".a", "a..b", #"a\"#, #"a.b\"#])
    func refused(text: String) {
        let error = preferenceError { _ = try PropertyListKeyPath(parsing: text) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("invalid key path") == true)
    }

    static let sample: PropertyListDictionary = [
        "window": ["size": ["w": 800, "h": 600], "tabs": ["one", "two"]],
        "name": "x",
        "0": "zero key"
    ]

    /// value(in:) follows dictionaries and array indexes.
    @Test(
        arguments: [
            ("window.size.w", PropertyList(integerLiteral: 800)), ("window.tabs.1", "two"), ("window.tabs.0", "one"),
            ("0", "zero key"), ("name", "x"), ("window.tabs.2", nil), ("window.tabs.-1", nil), ("window.tabs.x", nil),
            ("name.length", nil), ("missing.deeper", nil), ("window.size.w.more", nil)
        ] as [(String, PropertyList?)])
    func value(text: String, expected: PropertyList?) throws {
        #expect(try PropertyListKeyPath(parsing: text).value(in: Self.sample) == expected)
    }

    @Test func setCreatesMissingDictionaries() throws {
        var dictionary = Self.sample
        try PropertyListKeyPath(parsing: "new.deep.key").set(1, in: &dictionary)
        #expect(dictionary["new"] == ["deep": ["key": 1]])
        #expect(dictionary["window"] == Self.sample["window"])
    }

    @Test func setReplacesAnArrayElementAndAppendsOnePastTheEnd() throws {
        var dictionary = Self.sample
        try PropertyListKeyPath(parsing: "window.tabs.0").set("first", in: &dictionary)
        try PropertyListKeyPath(parsing: "window.tabs.2").set("three", in: &dictionary)
        #expect(try PropertyListKeyPath(parsing: "window.tabs").value(in: dictionary) == ["first", "two", "three"])
    }

    @Test func setReachesIntoADictionaryInsideAnArray() throws {
        var dictionary: PropertyListDictionary = ["list": [["k": 1], ["k": 2]]]
        try PropertyListKeyPath(parsing: "list.1.k").set(20, in: &dictionary)
        try PropertyListKeyPath(parsing: "list.1.added").set(true, in: &dictionary)
        #expect(dictionary == ["list": [["k": 1], ["k": 20, "added": true]]])
    }

    @Test func removeDeletesADictionaryKeyOrAnArrayElement() throws {
        var dictionary = Self.sample
        try PropertyListKeyPath(parsing: "window.size.h").set(nil, in: &dictionary)
        try PropertyListKeyPath(parsing: "window.tabs.0").set(nil, in: &dictionary)
        #expect(dictionary["window"] == ["size": ["w": 800], "tabs": ["two"]])
    }

    /// Setting through a non-container or past the end is refused and changes nothing.
    @Test(
        arguments: [
            "name.length", "window.tabs.3", "window.tabs.-1", "window.tabs.x", "window.tabs.2.deeper", "window.size.w.x"
        ])
    func setRefused(text: String) throws {
        var dictionary = Self.sample
        let error = preferenceError { try PropertyListKeyPath(parsing: text).set("v", in: &dictionary) }
        #expect(error?.code == .invalidArgument)
        #expect(dictionary == Self.sample)
    }

    /// Removing a value that is not there is .notFound and changes nothing.
    @Test(
        arguments: [
            "missing", "missing.deeper", "window.nothing", "window.tabs.2", "window.tabs.x", "window.size.q"
        ])
    func removeMissing(text: String) throws {
        var dictionary = Self.sample
        let error = preferenceError { try PropertyListKeyPath(parsing: text).set(nil, in: &dictionary) }
        #expect(error?.code == .notFound)
        #expect(dictionary == Self.sample)
    }

    @Test func removingThroughAScalarIsInvalid() throws {
        var dictionary = Self.sample
        let error = preferenceError { try PropertyListKeyPath(parsing: "name.length").set(nil, in: &dictionary) }
        #expect(error?.code == .invalidArgument)
        #expect(dictionary == Self.sample)
    }

    @Test func keyPathEditsWorkThroughTheStore() throws {
        try withScratch { scratch throws in
            try scratch.store().update { (values: inout PropertyListDictionary) throws(PreferenceError) in
                try PropertyListKeyPath(parsing: "window.tabs.0").set("first", in: &values)
            }
            #expect(try pythonReading(scratch.domainPath()) == #"{"window": {"tabs": {"0": "first"}}}"#)
        }
    }

    /// A nested change through a key path is written; storing the value already there writes nothing.
    @Test func nestedChangesAreWrittenAndNoOpsAreNot() throws {
        try withScratch { scratch throws in
            let file = DomainFile(path: scratch.domainPath())
            try file.update(lockTimeout: 0) { $0 = Self.sample }
            func inode() -> UInt64 {
                var status = stat()
                return stat(file.path, &status) == 0 ? UInt64(status.st_ino) : 0
            }
            let size = try PropertyListKeyPath(parsing: "window.size.w")
            let written = inode()
            try file.update(lockTimeout: 0) { (domain: inout PropertyListDictionary?) throws(PreferenceError) in try size.set(800, in: &domain!) }
            #expect(inode() == written, "storing 800 again rewrote the file")
            try file.update(lockTimeout: 0) { (domain: inout PropertyListDictionary?) throws(PreferenceError) in try size.set(1024, in: &domain!) }
            #expect(inode() != written)
            #expect(try file.read().map { size.value(in: $0) } == 1024)
            #expect(try file.read().map { PropertyListKeyPath(key: "window").value(in: $0) } == ["size": ["w": 1024, "h": 600], "tabs": ["one", "two"]])
        }
    }
}
