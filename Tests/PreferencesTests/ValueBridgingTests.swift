import Foundation
import Preferences
import PropertyLists
import Testing

@Suite("Values bridge to Any, describe themselves and come back as typed arrays")
struct ValueBridgingTests {
    @Test func registeringADictionaryLiteralNeedsNoTry() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            store.register(defaults: ["fontSize": 12, "theme": "dark"])
            #expect(try store.integer(forKey: "fontSize") == 12)
            #expect(try store.string(forKey: "theme") == "dark")
        }
    }

    @Test func anyDictionaryBridgesBothWays() throws {
        let date = Date(timeIntervalSince1970: 60)
        let any: [String: Any] = ["n": 3, "r": 2.5, "b": true, "s": "x", "d": Data([9]), "t": date, "a": ["y", 4], "m": ["k": 1]]
        let plist = try PropertyList(any: any)
        #expect(
            plist == [
                "n": 3, "r": 2.5, "b": true, "s": "x", "d": .data([9]), "t": .date(PropertyListDate(secondsSince1970: 60)!),
                "a": ["y", 4], "m": ["k": 1]
            ])
        let back = try #require(plist.anyValue as? [String: Any])
        #expect(back["n"] as? Int == 3)
        #expect(back["r"] as? Double == 2.5)
        #expect(back["b"] as? Bool == true)
        #expect(back["d"] as? Data == Data([9]))
        #expect(back["t"] as? Date == date)
        #expect((back["a"] as? [Any])?.first as? String == "y")
        #expect((back["m"] as? [String: Any])?["k"] as? Int == 1)
    }

    @Test func valueWithNoPropertyListFormIsRefusedNamingItsType() {
        struct Opaque {}
        let error = preferenceError { _ = try PropertyList(any: ["k": Opaque()] as [String: Any]) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("Opaque") == true)
    }

    @Test func scalarAccessorsGiveExactTypesOnly() {
        #expect(PropertyList(integerLiteral: 7).intValue == 7)
        #expect(PropertyList.string("7").intValue == nil)
        #expect(PropertyList(integerLiteral: 7).doubleValue == 7)
        #expect(PropertyList.real(0.5).doubleValue == 0.5)
        #expect(PropertyList.bool(true).boolValue == true)
        #expect(PropertyList(integerLiteral: 1).boolValue == nil)
        #expect(PropertyList.date(PropertyListDate(secondsSince1970: 0)!).dateValue == Date(timeIntervalSince1970: 0))
    }

    @Test func valuesAndDictionariesDescribeThemselvesAsSwiftLiterals() {
        let value: PropertyList = [
            "size": 12, "name": "Mono \"2\"", "on": true, "bytes": .data([0, 255]), "list": [1.5, "a"],
            "when": .date(PropertyListDate(secondsSince1970: 0)!), "empty": .dictionary([:])
        ]
        #expect(
            value.description
                == #"["bytes": <00ff>, "empty": [:], "list": [1.5, "a"], "name": "Mono \"2\"", "on": true, "size": 12, "when": 1970-01-01T00:00:00Z]"#)
        #expect((["a": 1] as PropertyListDictionary).description == #"["a": 1]"#)
    }

    @Test func typedArrayGetterGivesSwiftArraysAndRefusesOtherElements() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set(["a", "b"], forKey: "recent")
            #expect(try store.array(of: String.self, forKey: "recent") == ["a", "b"])
            #expect(try store.array(of: String.self, forKey: "missing") == nil)
            try store.set(PropertyList.array(["a", 1]), forKey: "numbered")
            #expect(try store.array(of: String.self, forKey: "numbered") == ["a", "1"])  // as string(forKey:) reads 1
            try store.set(PropertyList.array(["a", ["b": 1]]), forKey: "mixed")
            #expect(preferenceError { _ = try store.array(of: String.self, forKey: "mixed") }?.code == .typeMismatch)
        }
    }
}
