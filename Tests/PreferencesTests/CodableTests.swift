import Foundation
import Preferences
import PropertyLists
import Testing

/// A value an app keeps as JSON data, the way iOS apps keep `Codable` values in `UserDefaults`.
struct WindowLayout: Codable, Equatable, Sendable {
    var width: Int
    var title: String
    var zoomed: Bool
    var anchors: [Double]
}

extension PreferenceKey where Value == WindowLayout {
    static let layout = PreferenceKey("layout", default: WindowLayout(width: 640, title: "Untitled", zoomed: false, anchors: []))
}

@Suite("Codable values through PreferenceKey")
struct CodableTests {
    @Test func missingValueGivesTheKeysDefault() throws {
        try withScratch { scratch throws in
            #expect(try scratch.store().value(for: .layout) == PreferenceKey<WindowLayout>.layout.defaultValue)
            #expect(try scratch.store().decodable(WindowLayout.self, forKey: "layout") == nil)
        }
    }

    @Test func storedValueReadsBackInAnotherInstance() throws {
        try withScratch { scratch throws in
            let layout = WindowLayout(width: 1024, title: "Main", zoomed: true, anchors: [0.5, 1])
            try scratch.store().set(layout, for: .layout)
            #expect(try scratch.store().value(for: .layout) == layout)
            #expect(try scratch.store().decodable(WindowLayout.self, forKey: "layout") == layout)
        }
    }

    @Test func storedBytesAreJSONWithSortedKeys() throws {
        try withScratch { scratch throws in
            try scratch.store().set(WindowLayout(width: 3, title: "Tab \"1\"", zoomed: true, anchors: [2.5]), for: .layout)
            let data = try #require(try scratch.store().data(forKey: "layout"))
            let json = #"{"anchors":[2.5],"title":"Tab \"1\"","width":3,"zoomed":true}"#
            #expect(String(decoding: data, as: UTF8.self) == json)
            let hex = Data(json.utf8).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            #expect(try pythonReading(scratch.domainPath()) == #"{"layout": {"data": ""# + hex.joined() + #""}}"#)
        }
    }

    @Test func setEncodableStoresAnyEncodableValue() throws {
        try withScratch { scratch throws in
            try scratch.store().setEncodable(["b": 2, "a": 1], forKey: "map")
            #expect(try scratch.store().data(forKey: "map") == Data(#"{"a":1,"b":2}"#.utf8))
            #expect(try scratch.store().decodable([String: Int].self, forKey: "map") == ["a": 1, "b": 2])
        }
    }

    /// A stored value that does not decode throws instead of giving the default.
    @Test(
        arguments: [
            #"{"width":3}"#, #"{"anchors":[],"title":"t","width":"wide","zoomed":false}"#, "not json", ""
        ])
    func undecodableDataThrowsTypeMismatch(json: String) throws {
        try withScratch { scratch throws in
            try scratch.store().set(Data(json.utf8), forKey: "layout")
            let error = preferenceError { _ = try scratch.store().value(for: .layout) }
            #expect(error?.code == .typeMismatch)
            #expect(error?.message.contains("layout") == true)
        }
    }

    /// A stored value of any other shape that does not decode throws, naming its type.
    @Test(
        arguments: [
            PropertyList.string(#"{"width":3}"#), PropertyList(integerLiteral: 3), .dictionary(["width": 3]), .bool(true)
        ])
    func valueThatDoesNotDecodeThrowsTypeMismatch(stored: PropertyList) throws {
        try withScratch { scratch throws in
            try scratch.store().set(stored, forKey: "layout")
            let error = preferenceError { _ = try scratch.store().value(for: .layout) }
            #expect(error?.code == .typeMismatch)
            let start = "the value of \"layout\" in com.example.editor, \(stored.typeNameWithArticle), does not decode as WindowLayout: "
            #expect(error?.message.hasPrefix(start) == true, "\(String(describing: error))")
        }
    }

    @Test func registeredDataIsDecodedLikeStoredData() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            store.register(defaults: ["layout": .data(Array(#"{"anchors":[],"title":"R","width":1,"zoomed":false}"#.utf8))] as PropertyListDictionary)
            #expect(try store.value(for: .layout) == WindowLayout(width: 1, title: "R", zoomed: false, anchors: []))
        }
    }

    @Test func valueThatDoesNotEncodeIsRefusedAndNothingIsWritten() throws {
        try withScratch { scratch throws in
            let error = preferenceError { try scratch.store().setEncodable(Double.nan, forKey: "ratio") }
            #expect(error?.code == .invalidArgument)
            #expect(try scratch.names() == [])
        }
    }
}
