import Foundation
import Preferences
import PropertyLists
import Testing

enum Theme: String, Codable, Sendable { case light, dark }

extension PreferenceKey where Value == Int {
    static let fontSize = PreferenceKey("fontSize", default: 12)
}

extension PreferenceKey where Value == Theme {
    static let theme = PreferenceKey("theme", default: .light)
}

extension PreferenceKey where Value == String? {
    static let nickname = PreferenceKey("nickname", default: nil)
}

@Suite("Typed keys store native property list values")
struct NativeKeyTests {
    /// Stores `value` through a typed key and returns what Python's plistlib reads from the file.
    private func storedForm<Value: Codable & Sendable & Equatable>(_ value: Value, default defaultValue: Value, in scratch: Scratch) throws -> String {
        let key = PreferenceKey("k", default: defaultValue)
        try scratch.store().set(value, for: key)
        #expect(try scratch.store().value(for: key) == value)
        return try pythonReading(scratch.domainPath())
    }

    @Test func integersRealsBooleansAndStringsAreStoredAsThemselves() throws {
        try withScratch { scratch throws in
            #expect(try storedForm(5, default: 0, in: scratch) == #"{"k": 5}"#)
            #expect(try storedForm(Int64.min, default: 0, in: scratch) == #"{"k": -9223372036854775808}"#)
            #expect(try storedForm(UInt64.max, default: 0, in: scratch) == #"{"k": 18446744073709551615}"#)
            #expect(try storedForm(UInt8(7), default: 0, in: scratch) == #"{"k": 7}"#)
            #expect(try storedForm(2.5, default: 0, in: scratch) == #"{"k": {"real": "2.5"}}"#)
            #expect(try storedForm(Float(0.5), default: 0, in: scratch) == #"{"k": {"real": "0.5"}}"#)
            #expect(try storedForm(true, default: false, in: scratch) == #"{"k": true}"#)
            #expect(try storedForm("dark", default: "", in: scratch) == #"{"k": "dark"}"#)
        }
    }

    @Test func datesDataAndURLsAreStoredNatively() throws {
        try withScratch { scratch throws in
            #expect(
                try storedForm(Date(timeIntervalSince1970: 86_400), default: Date(timeIntervalSince1970: 0), in: scratch)
                    == #"{"k": {"date": "1970-01-02T00:00:00Z"}}"#)
            #expect(try storedForm(Data([1, 2]), default: Data(), in: scratch) == #"{"k": {"data": "0102"}}"#)
            #expect(
                try storedForm(URL(string: "https://example.com/a")!, default: URL(fileURLWithPath: "/"), in: scratch)
                    == #"{"k": "https://example.com/a"}"#)
            #expect(try storedForm(URL(fileURLWithPath: "/tmp/x"), default: URL(fileURLWithPath: "/"), in: scratch) == #"{"k": "/tmp/x"}"#)
        }
    }

    @Test func arraysAndDictionariesOfNativeValuesAreStoredAsArraysAndDicts() throws {
        try withScratch { scratch throws in
            #expect(try storedForm(["a", "b"], default: [], in: scratch) == #"{"k": ["a", "b"]}"#)
            #expect(try storedForm(["x": [1, 2]], default: [:], in: scratch) == #"{"k": {"x": [1, 2]}}"#)
            #expect(try storedForm([Theme.dark], default: [], in: scratch) == #"{"k": ["dark"]}"#)
        }
    }

    @Test func rawRepresentableIsStoredAsItsRawValue() throws {
        try withScratch { scratch throws in
            try scratch.store().set(.dark, for: .theme)
            #expect(try scratch.store().string(forKey: "theme") == "dark")
            #expect(try scratch.store().value(for: .theme) == .dark)
        }
    }

    @Test func optionalIsStoredAsItsWrappedValueAndNilRemovesTheKey() throws {
        try withScratch { scratch throws in
            try scratch.store().set("Ada", for: .nickname)
            #expect(try pythonReading(scratch.domainPath()) == #"{"nickname": "Ada"}"#)
            #expect(try scratch.store().value(for: .nickname) == "Ada")
            try scratch.store().set(1, for: .fontSize)
            try scratch.store().set(nil, for: .nickname)
            #expect(try pythonReading(scratch.domainPath()) == #"{"fontSize": 1}"#)
            #expect(try scratch.store().value(for: .nickname) == nil)
        }
    }

    @Test func integerKeyIsReadableByIntegerForKeyAndSettableFromTheShellsForm() throws {
        try withScratch { scratch throws in
            try scratch.store().set(14, for: .fontSize)
            #expect(try scratch.store().integer(forKey: "fontSize") == 14)
            try scratch.store().set(PropertyList(integerLiteral: 20), forKey: "fontSize")
            #expect(try scratch.store().value(for: .fontSize) == 20)
        }
    }

    @Test func jsonDataWrittenByTheOldLayoutStillReads() throws {
        try withScratch { scratch throws in
            try scratch.store().set(Data("5".utf8), forKey: "fontSize")
            #expect(try scratch.store().value(for: .fontSize) == 5)
            try scratch.store().set(Data(#""dark""#.utf8), forKey: "theme")
            #expect(try scratch.store().value(for: .theme) == .dark)
        }
    }

    /// A stored value of the wrong type is a typed error naming key, type and value.
    @Test(
        arguments: [
            (PropertyList.string("big"), "a string, \"big\""), (.date(PropertyListDate(secondsSince1970: 0)!), "a date, 1970-01-01T00:00:00Z"),
            (.real(2.5), "a real, 2.5")
        ])
    func wrongTypeThrowsTypeMismatchNamingKeyTypeAndValue(stored: PropertyList, described: String) throws {
        try withScratch { scratch throws in
            try scratch.store().set(stored, forKey: "fontSize")
            let error = preferenceError { _ = try scratch.store().value(for: .fontSize) }
            #expect(error?.code == .typeMismatch)
            #expect(error?.message == "the value of \"fontSize\" in com.example.editor is \(described), where Int was expected")
        }
    }

    @Test func otherCodableValuesStayJSONData() throws {
        try withScratch { scratch throws in
            let layout = WindowLayout(width: 1, title: "t", zoomed: false, anchors: [])
            try scratch.store().set([layout], for: PreferenceKey("layouts", default: []))
            #expect(try scratch.store().data(forKey: "layouts") != nil)
            #expect(try scratch.store().value(for: PreferenceKey<[WindowLayout]>("layouts", default: [])) == [layout])
        }
    }

    @Test func resetRemovesEveryGivenKeyInOneWrite() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set(30, for: .fontSize)
            try store.set(.dark, for: .theme)
            try store.set("kept", forKey: "other")
            try store.reset(.fontSize, .theme)
            #expect(try store.value(for: .fontSize) == 12)
            #expect(try store.value(for: .theme) == .light)
            #expect(try pythonReading(scratch.domainPath()) == #"{"other": "kept"}"#)
        }
    }
}
