import Foundation
import Preferences
import Testing

@Suite("Typed keys read what the shell and other libraries store")
struct TypedKeyCoercionTests {
    /// A value of another type that stands exactly for a value of the key's type reads as that
    /// value, as the untyped getters convert it.
    @Test(
        arguments: [
            (PropertyList.string("42"), 0 as any Codable & Sendable, "42"),
            (.string("-0x10"), 0, "-16"),
            (.real(3), 0, "3"),
            (.bool(true), 0, "1"),
            (.string("255"), UInt8(0), "255"),
            (.string("2.5"), 0.0, "2.5"),
            (.integer(PropertyListInteger(7)), 0.0, "7.0"),
            (.string("1e-3"), Float(0), "0.001"),
            (.string("YES"), false, "true"),
            (.string("false"), false, "false"),
            (.string("0"), false, "false"),
            (.integer(PropertyListInteger(1)), false, "true"),
            (.integer(PropertyListInteger(42)), "", "\"42\""),
            (.real(2.5), "", "\"2.5\""),
            (.string("2024-02-29"), Date(timeIntervalSince1970: 0), "2024-02-29 00:00:00 +0000"),
            (.string("2024-02-29 12:34:56 +0100"), Date(timeIntervalSince1970: 0), "2024-02-29 11:34:56 +0000"),
            (.array(["1", "2"]), [Int](), "[1, 2]"),
            (.dictionary(["a": "yes"]), [String: Bool](), "[\"a\": true]")
        ])
    func valueThatStandsForTheKeysTypeReadsAsIt(stored: PropertyList, default defaultValue: any Codable & Sendable, expected: String) throws {
        try withScratch { scratch throws in
            try scratch.store().set(stored, forKey: "k")
            #expect(try read(from: scratch.store(), default: defaultValue) == expected)
        }
    }

    /// A value that would lose something, or that stands for no value of the type, is a type
    /// mismatch naming key, type and value, never a silent 0 or false.
    @Test(
        arguments: [
            (PropertyList.string("12px"), 0 as any Codable & Sendable, "a string, \"12px\", where Int was expected"),
            (.real(2.5), 0, "a real, 2.5, where Int was expected"),
            (.string("256"), UInt8(0), "a string, \"256\", where UInt8 was expected"),
            (.integer(PropertyListInteger(-1)), UInt(0), "an integer, -1, where UInt was expected"),
            (.integer(PropertyListInteger(2)), false, "an integer, 2, where Bool was expected"),
            (.string("maybe"), false, "a string, \"maybe\", where Bool was expected"),
            (.string("soon"), 0.0, "a string, \"soon\", where Double was expected"),
            (.string("2023-02-29"), Date(timeIntervalSince1970: 0), "a string, \"2023-02-29\", where Date was expected"),
            (.data([1]), "", "data, <01>, where String was expected")
        ])
    func valueThatWouldLoseSomethingIsATypeMismatch(stored: PropertyList, default defaultValue: any Codable & Sendable, described: String) throws {
        try withScratch { scratch throws in
            try scratch.store().set(stored, forKey: "k")
            let error = preferenceError { _ = try read(from: scratch.store(), default: defaultValue) }
            #expect(error?.code == .typeMismatch)
            #expect(error?.message == "the value of \"k\" in com.example.editor is \(described)")
        }
    }

    /// A set is stored as an array in ascending order, so the same set always writes the same
    /// file, and reads back from any array.
    @Test func setIsStoredAsASortedArrayAndReadsFromAnArray() throws {
        try withScratch { scratch throws in
            let tags = PreferenceKey<Set<String>>("tags", default: [])
            let sizes = PreferenceKey<Set<Int>>("sizes", default: [])
            try scratch.store().set(["pear", "apple", "fig"], for: tags)
            try scratch.store().set([10, 9, -1], for: sizes)
            #expect(try pythonReading(scratch.domainPath()) == #"{"sizes": [-1, 9, 10], "tags": ["apple", "fig", "pear"]}"#)
            #expect(try scratch.store().value(for: tags) == ["fig", "pear", "apple"])
            try scratch.store().set(["b", "a", "b"], forKey: "tags")
            #expect(try scratch.store().value(for: tags) == ["a", "b"])
            try scratch.store().set(Data(#"["old"]"#.utf8), forKey: "tags")  // what earlier versions stored
            #expect(try scratch.store().value(for: tags) == ["old"])
        }
    }

    /// A `Codable` value reads from the dictionary `prefs write --json` stores, from the JSON
    /// string the Defaults library stores, and from the JSON data prefs stores.
    @Test(
        arguments: [
            PropertyList.dictionary(["width": 3, "title": "t", "zoomed": true, "anchors": [0.5, 1]]),
            .string(#"{"width":3,"title":"t","zoomed":true,"anchors":[0.5,1]}"#),
            .data(Array(#"{"width":3,"title":"t","zoomed":true,"anchors":[0.5,1]}"#.utf8))
        ])
    func codableValueReadsFromADictionaryAJSONStringOrJSONData(stored: PropertyList) throws {
        try withScratch { scratch throws in
            try scratch.store().set(stored, forKey: "layout")
            let expected = WindowLayout(width: 3, title: "t", zoomed: true, anchors: [0.5, 1])
            #expect(try scratch.store().value(for: .layout) == expected)
            #expect(try scratch.store().decodable(WindowLayout.self, forKey: "layout") == expected)
        }
    }

    /// A single-value `Codable` type reads a plain string as well as a JSON one.
    @Test func singleValueCodableReadsAPlainString() throws {
        try withScratch { scratch throws in
            let key = PreferenceKey("name", default: Name(text: ""))
            try scratch.store().set("Ada", forKey: "name")
            #expect(try scratch.store().value(for: key) == Name(text: "Ada"))
            try scratch.store().set(#""Grace""#, forKey: "name")
            #expect(try scratch.store().value(for: key) == Name(text: "Grace"))
        }
    }
}

/// A type whose `Codable` form is one string.
private struct Name: Codable, Equatable, Sendable {
    var text: String
    init(text: String) { self.text = text }
    init(from decoder: any Decoder) throws { text = try decoder.singleValueContainer().decode(String.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// The value of key "k" read through a `PreferenceKey` whose default is `defaultValue`, as
/// `String(reflecting:)` prints it (a string quoted).
private func read(from store: PreferenceStore, default defaultValue: any Codable & Sendable) throws -> String {
    func open<Value: Codable & Sendable>(_ defaultValue: Value) throws -> String {
        String(reflecting: try store.value(for: PreferenceKey("k", default: defaultValue)))
    }
    return try open(defaultValue)
}
