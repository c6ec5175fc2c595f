import Foundation
import Preferences
import TestSupport
import Testing

/// A window's layout, as an app keeps it under a typed key.
private struct Layout: Codable, Equatable, Sendable {
    var width: Int
    var title: String
}

/// A note as an app keeps it, with the two types JSON lacks.
private struct Note: Codable, Equatable, Sendable {
    var created: Date
    var icon: Data
}

/// What `prefs write` stores, read through the library's typed keys.
@Suite("Typed keys read what prefs write stores")
struct TypedKeyFromShellTests {
    let folder = TemporaryFolder()

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: folder.path) }

    func store() throws -> PreferenceStore {
        try PreferenceStore(domain: "d", folder: PreferencesFolder(path: folder.path), arguments: ["tests"])
    }

    /// An untyped word is stored as a string, as `defaults write` stores it; a typed key reads
    /// it as its type.
    @Test func untypedWordsReadAsTheKeysType() throws {
        #expect(try prefs("write", "d", "size", "42").status == 0)
        #expect(try prefs("write", "d", "ratio", "2.5").status == 0)
        #expect(try prefs("write", "d", "visible", "YES").status == 0)
        #expect(try prefs("write", "d", "since", "2024-02-29").status == 0)
        #expect(try prefs("read-type", "d", "size").stdout == "Type is string\n")
        #expect(try store().value(for: PreferenceKey("size", default: 0)) == 42)
        #expect(try store().value(for: PreferenceKey("ratio", default: 0.0)) == 2.5)
        #expect(try store().value(for: PreferenceKey("visible", default: false)) == true)
        #expect(try store().value(for: PreferenceKey("since", default: Date(timeIntervalSince1970: 0))) == Date(timeIntervalSince1970: 1_709_164_800))
    }

    /// `prefs write -float` and the library's `set(Float, …)` store the same real, the 32-bit
    /// float widened to a double as on a Mac; `float(forKey:)` and a `Float` key give it back
    /// exactly, and `prefs read` prints it as the float (`0.1`).
    @Test func floatFromTheShellIsTheLibrarysFloat() throws {
        #expect(try prefs("write", "d", "shell", "-float", "0.1").status == 0)
        try store().set(Float(0.1), forKey: "library")
        #expect(try store().float(forKey: "shell") == 0.1)
        #expect(try store().value(for: PreferenceKey<Float>("shell", default: 0)) == 0.1)
        #expect(try store().double(forKey: "shell") == store().double(forKey: "library"))
        #expect(try prefs("read", "d", "library").stdout == "0.1\n")
        let xml = try #require(folder.bytes("d.plist")).split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        #expect(xml.filter { $0 == "\t<real>0.10000000149011612</real>" }.count == 2, "\(xml)")
    }

    /// A dictionary written with `--json`, an array with `-array` and a JSON string as the
    /// Defaults library stores one read as `Codable` values and sets.
    @Test func jsonDictionariesArraysAndJSONStringsReadAsCodableValues() throws {
        #expect(try prefs("write", "d", "layout", "--json", #"{"width": 800, "title": "Main"}"#).status == 0)
        #expect(try prefs("write", "d", "saved", "-string", #"{"width":640,"title":"Saved"}"#).status == 0)
        #expect(try prefs("write", "d", "tags", "-array", "b", "a", "b").status == 0)
        #expect(try store().value(for: PreferenceKey("layout", default: Layout(width: 0, title: ""))) == Layout(width: 800, title: "Main"))
        #expect(try store().value(for: PreferenceKey("saved", default: Layout(width: 0, title: ""))) == Layout(width: 640, title: "Saved"))
        #expect(try store().value(for: PreferenceKey<Set<String>>("tags", default: [])) == ["a", "b"])
    }

    /// The JSON an app's `JSONEncoder` makes of a value holding a `Date` and `Data` (seconds since
    /// 2001 as a number, Base64 as a string), written with `--json`, reads back as that value,
    /// alone and in an array, though a property list decoder takes neither a number for a date
    /// nor a string for data.
    @Test func jsonOfDatesAndDataAsJSONEncoderWritesItReadsAsCodableValues() throws {
        let note = Note(created: Date(timeIntervalSinceReferenceDate: 86_400.5), icon: Data([0, 1, 254, 255]))
        let json = String(decoding: try JSONEncoder().encode(note), as: UTF8.self)
        #expect(try prefs("write", "d", "note", "--json", json).status == 0)
        #expect(try prefs("write", "d", "notes", "--json", "[\(json), \(json)]").status == 0)
        let empty = Note(created: Date(timeIntervalSinceReferenceDate: 0), icon: Data())
        #expect(try store().value(for: PreferenceKey("note", default: empty)) == note)
        #expect(try store().decodable(Note.self, forKey: "note") == note)
        #expect(try store().value(for: PreferenceKey<[Note]>("notes", default: [])) == [note, note])
    }

    /// A set the library stores is an array that `prefs read` prints.
    @Test func setStoredByTheLibraryIsAnArrayForTheShell() throws {
        try store().set(["pear", "apple"], for: PreferenceKey<Set<String>>("fruit", default: []))
        #expect(try prefs("read", "d", "fruit", "--json").stdout == "[\n  \"apple\",\n  \"pear\"\n]\n")
    }
}
