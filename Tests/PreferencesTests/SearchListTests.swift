import Foundation
import Preferences
import PropertyLists
import Testing

/// The search list of `UserDefaults`: argument domain, then the app's domain, then
/// `NSGlobalDomain`, then the registration domain.
@Suite("Lookups follow the UserDefaults search list")
struct SearchListTests {
    static let arguments = ["prog", "-fontSize", "14", "-list", "<array><string>a</string></array>"]

    /// Puts "fontSize" in all four layers and one key in each combination of the lower three.
    private func layeredStore(in scratch: Scratch) throws -> PreferenceStore {
        try scratch.store(DomainName.global.rawValue).update { global in
            global["fontSize"] = 10
            global["globalOnly"] = "global"
            global["globalAndDomain"] = "global"
        }
        try scratch.store().update { domain in
            domain["fontSize"] = 12
            domain["globalAndDomain"] = "domain"
            domain["domainOnly"] = "domain"
            domain["list"] = ["from domain"]
        }
        let store = try scratch.store(arguments: Self.arguments)
        store.register(
            defaults: [
                "fontSize": 8, "globalOnly": "registered", "domainOnly": "registered", "registeredOnly": "registered"
            ] as PropertyListDictionary)
        return store
    }

    @Test func argumentDomainBeatsDomainBeatsGlobalBeatsRegistered() throws {
        try withScratch { scratch throws in
            let store = try layeredStore(in: scratch)
            #expect(try store.object(forKey: "fontSize") == "14")
            #expect(try store.integer(forKey: "fontSize") == 14)
            #expect(try store.stringArray(forKey: "list") == ["a"])
            #expect(try store.string(forKey: "globalAndDomain") == "domain")
            #expect(try store.string(forKey: "domainOnly") == "domain")
            #expect(try store.string(forKey: "globalOnly") == "global")
            #expect(try store.string(forKey: "registeredOnly") == "registered")
            #expect(try store.object(forKey: "nowhere") == nil)
        }
    }

    @Test func removingAValueUncoversTheNextLayer() throws {
        try withScratch { scratch throws in
            let store = try layeredStore(in: scratch)
            let withoutArguments = try scratch.store()
            withoutArguments.register(defaults: ["fontSize": 8] as PropertyListDictionary)
            #expect(try withoutArguments.integer(forKey: "fontSize") == 12)
            try store.removeObject(forKey: "fontSize")
            #expect(try withoutArguments.integer(forKey: "fontSize") == 10)
            #expect(try store.integer(forKey: "fontSize") == 14, "the argument domain still wins")
            try scratch.store(DomainName.global.rawValue).removeObject(forKey: "fontSize")
            #expect(try withoutArguments.integer(forKey: "fontSize") == 8)
        }
    }

    @Test func argumentValuesAreNeverWrittenToTheDomainFile() throws {
        try withScratch { scratch throws in
            let store = try scratch.store(arguments: Self.arguments)
            try store.set("x", forKey: "other")
            #expect(try pythonReading(scratch.domainPath()) == #"{"other": "x"}"#)
            try store.set(20, forKey: "fontSize")
            #expect(try store.integer(forKey: "fontSize") == 14)
            #expect(try scratch.store().integer(forKey: "fontSize") == 20)
        }
    }

    @Test func dictionaryRepresentationMergesTheLayersInSearchOrder() throws {
        try withScratch { scratch throws in
            let store = try layeredStore(in: scratch)
            let expected: PropertyListDictionary = [
                "fontSize": "14", "list": ["a"], "globalAndDomain": "domain", "domainOnly": "domain",
                "globalOnly": "global", "registeredOnly": "registered"
            ]
            #expect(try store.dictionaryRepresentation() == expected)
        }
    }

    @Test func globalDomainStoreSeesItsOwnValuesOverRegisteredOnes() throws {
        try withScratch { scratch throws in
            let global = try scratch.store("NSGlobalDomain")
            try global.set("mine", forKey: "k")
            global.register(defaults: ["k": "registered", "r": "registered"] as PropertyListDictionary)
            #expect(try global.string(forKey: "k") == "mine")
            #expect(try global.dictionaryRepresentation() == ["k": "mine", "r": "registered"])
        }
    }

    @Test func argumentParsingSkipsLongOptionsLoneDashesAndEverythingAfterDoubleDash() throws {
        try withScratch { scratch throws in
            let store = try scratch.store(arguments: [
                "prog", "-a", "1", "--b", "2", "-", "x", "-c", "<array>", "-d", "<integer>5</integer>",
                "--", "-e", "5", "-f"
            ])
            #expect(store.argumentDomain == ["a": "1", "c": "<array>", "d": 5])
            #expect(try store.object(forKey: "b") == nil)
            #expect(try store.object(forKey: "-b") == nil)
            #expect(try store.object(forKey: "e") == nil)
            #expect(try store.string(forKey: "c") == "<array>", "a malformed plist value stays a string")
            #expect(try store.integer(forKey: "d") == 5)
        }
    }

    @Test func trailingKeyWithoutAValueIsIgnored() throws {
        try withScratch { scratch throws in
            let store = try scratch.store(arguments: ["prog", "-k", "v", "-dangling"])
            #expect(store.argumentDomain == ["k": "v"])
        }
    }

    @Test func registerWithAPropertyListDictionary() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            store.register(defaults: ["fontSize": 12, "theme": "light"] as PropertyListDictionary)
            store.register(defaults: ["theme": "dark"] as PropertyListDictionary)
            #expect(try store.integer(forKey: "fontSize") == 12)
            #expect(try store.string(forKey: "theme") == "dark", "a value registered again replaces the old one")
            #expect(try scratch.names() == [], "registered values live in memory only")
        }
    }

    @Test func registerWithSwiftValues() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            let when = Date(timeIntervalSince1970: 86_400.9)
            try store.register(defaults: [
                "fontSize": 12, "ratio": 1.5, "on": true, "name": "x", "recent": ["a", "b"],
                "when": when, "blob": Data([7]), "nested": ["k": 1], "big": UInt64.max, "small": Int32(-2),
                "single": Float(0.5), "site": URL(string: "https://example.com")!
            ])
            let expected: PropertyListDictionary = [
                "fontSize": 12, "ratio": 1.5, "on": true, "name": "x", "recent": ["a", "b"],
                "when": .date(PropertyListDate(secondsSince1970: 86_400)!), "blob": .data([7]), "nested": ["k": 1],
                "big": .integer(.max), "small": -2, "single": 0.5, "site": "https://example.com"
            ]
            #expect(try store.dictionaryRepresentation() == expected)
            #expect(try scratch.names() == [])
        }
    }

    @Test func registerRefusesAValueWithNoPropertyListFormAndRegistersNothing() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            let error = preferenceError {
                try store.register(defaults: ["ok": 1, "bad": Date(timeIntervalSince1970: 1e15)])
            }
            #expect(error?.code == .invalidArgument)
            #expect(try store.object(forKey: "ok") == nil)
        }
    }
}
