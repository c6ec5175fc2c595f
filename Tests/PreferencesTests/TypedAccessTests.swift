import Foundation
import Preferences
import PropertyLists
import Testing

/// The typed getters, checked against what `UserDefaults` documents for `NSNumber` and
/// `NSString` conversions. Every value goes through the file: it is written by one store and read
/// by a new instance.
@Suite("Typed getters convert stored values the way UserDefaults does")
struct TypedAccessTests {
    /// Stores `value` under "k" and returns a fresh store instance to read it back.
    private func storing(_ value: PropertyList, in scratch: Scratch) throws -> PreferenceStore {
        try scratch.store().set(value, forKey: "k")
        return try scratch.store()
    }

    /// integer(forKey:) converts strings, reals and Booleans.
    @Test(
        arguments: [
            (PropertyList.string("42"), 42), (.string("  -17 apples"), -17), (.string("+8"), 8), (.string("abc"), 0),
            (.string("0x1F"), 0), (.string("99999999999999999999"), Int.max), (.string("-99999999999999999999"), Int.min),
            (.real(3.9), 3), (.real(-3.9), -3), (.bool(true), 1), (.bool(false), 0), (PropertyList(integerLiteral: 7), 7),
            (.data([1]), 0), (.array(["1"]), 0)
        ] as [(PropertyList, Int)])
    func integerConversion(stored: PropertyList, expected: Int) throws {
        try withScratch { scratch throws in
            #expect(try storing(stored, in: scratch).integer(forKey: "k") == expected)
        }
    }

    /// bool(forKey:) follows NSString.boolValue and NSNumber.boolValue.
    @Test(
        arguments: [
            (PropertyList.string("YES"), true), (.string("yes"), true), (.string("true"), true), (.string("1"), true),
            (.string("Y"), true), (.string("t"), true), (.string("  +007"), true), (.string("-1"), true), (.string("9x"), true),
            (.string("0"), false), (.string("no"), false), (.string(""), false), (.string("false"), false),
            (.string("000"), false), (.string("nope"), false), (.string(" "), false),
            (PropertyList(integerLiteral: 0), false), (PropertyList(integerLiteral: 2), true), (PropertyList(integerLiteral: -1), true), (.real(0), false),
            (.real(0.5), true),
            (.bool(true), true), (.bool(false), false), (.data([1]), false)
        ] as [(PropertyList, Bool)])
    func boolConversion(stored: PropertyList, expected: Bool) throws {
        try withScratch { scratch throws in
            #expect(try storing(stored, in: scratch).bool(forKey: "k") == expected)
        }
    }

    /// double(forKey:) and float(forKey:) convert strings by their leading number.
    @Test(
        arguments: [
            (PropertyList.string("2.5"), 2.5), (.string("  -1e3x"), -1000), (.string("1.5.3"), 1.5), (.string(".25"), 0.25),
            (.string("abc"), 0), (.string("0x1A"), 0), (PropertyList(integerLiteral: 7), 7), (PropertyList(integerLiteral: -3), -3), (.bool(true), 1),
            (.real(-0.125), -0.125), (.date(PropertyListDate(secondsSince1970: 5)!), 0)
        ] as [(PropertyList, Double)])
    func doubleConversion(stored: PropertyList, expected: Double) throws {
        try withScratch { scratch throws in
            let store = try storing(stored, in: scratch)
            #expect(try store.double(forKey: "k") == expected)
            #expect(try store.float(forKey: "k") == Float(expected))
        }
    }

    /// string(forKey:) prints numbers in decimal and Booleans as 1 or 0.
    @Test(
        arguments: [
            (PropertyList.string("text"), "text"), (PropertyList(integerLiteral: 42), "42"), (PropertyList(integerLiteral: -5), "-5"),
            (.integer(.max), "18446744073709551615"), (.real(2.5), "2.5"), (.real(3), "3"),
            (.bool(true), "1"), (.bool(false), "0"), (.data([0x41]), nil), (.array(["a"]), nil), (.dictionary([:]), nil),
            (.date(PropertyListDate(secondsSince1970: 0)!), nil)
        ] as [(PropertyList, String?)])
    func stringConversion(stored: PropertyList, expected: String?) throws {
        try withScratch { scratch throws in
            #expect(try storing(stored, in: scratch).string(forKey: "k") == expected)
        }
    }

    @Test func missingKeyGivesZeroFalseAndNil() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set("present", forKey: "other")
            #expect(try store.integer(forKey: "k") == 0)
            #expect(try store.double(forKey: "k") == 0)
            #expect(try store.float(forKey: "k") == 0)
            #expect(try store.bool(forKey: "k") == false)
            #expect(try store.string(forKey: "k") == nil)
            #expect(try store.object(forKey: "k") == nil)
            #expect(try store.data(forKey: "k") == nil)
            #expect(try store.date(forKey: "k") == nil)
            #expect(try store.url(forKey: "k") == nil)
            #expect(try store.array(forKey: "k") == nil)
            #expect(try store.stringArray(forKey: "k") == nil)
            #expect(try store.dictionary(forKey: "k") == nil)
        }
    }

    /// stringArray(forKey:) is nil unless every element is a string.
    @Test(
        arguments: [
            (PropertyList.array(["a", "b"]), ["a", "b"]), (.array([]), []), (.array(["a", 1]), nil),
            (.array(["a", ["b"]]), nil), (.string("a"), nil), (.dictionary(["a": "b"]), nil)
        ] as [(PropertyList, [String]?)])
    func stringArrayConversion(stored: PropertyList, expected: [String]?) throws {
        try withScratch { scratch throws in
            #expect(try storing(stored, in: scratch).stringArray(forKey: "k") == expected)
        }
    }

    @Test func arrayAndDictionaryGettersReturnOnlyTheirOwnType() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set(["x", 1] as PropertyList, forKey: "list")
            try store.set(["inner": true] as PropertyList, forKey: "map")
            let reader = try scratch.store()
            #expect(try reader.array(forKey: "list") == ["x", 1])
            #expect(try reader.dictionary(forKey: "map") == ["inner": true])
            #expect(try reader.array(forKey: "map") == nil)
            #expect(try reader.dictionary(forKey: "list") == nil)
        }
    }

    @Test func dataRoundTripsAndOtherTypesGiveNil() throws {
        try withScratch { scratch throws in
            let bytes = Data([0, 1, 2, 0xFE, 0xFF])
            try scratch.store().set(bytes, forKey: "blob")
            try scratch.store().set("AAEC", forKey: "text")
            let reader = try scratch.store()
            #expect(try reader.data(forKey: "blob") == bytes)
            #expect(try reader.data(forKey: "text") == nil)
            #expect(try reader.object(forKey: "blob") == .data([0, 1, 2, 0xFE, 0xFF]))
        }
    }

    /// Dates are stored rounded down to whole seconds.
    @Test(
        arguments: [
            (1_700_000_000.75, 1_700_000_000.0), (1_700_000_000.0, 1_700_000_000.0), (-0.25, -1.0), (0.999, 0.0)
        ])
    func dateRoundsDownToWholeSeconds(interval: Double, stored: Double) throws {
        try withScratch { scratch throws in
            try scratch.store().set(Date(timeIntervalSince1970: interval), forKey: "when")
            let reader = try scratch.store()
            #expect(try reader.date(forKey: "when") == Date(timeIntervalSince1970: stored))
            #expect(try reader.object(forKey: "when") == .date(PropertyListDate(secondsSince1970: Int64(stored))!))
        }
    }

    @Test func dateOutsideTheYearsPropertyListsHoldIsRefusedAndNothingIsWritten() throws {
        try withScratch { scratch throws in
            let error = preferenceError { try scratch.store().set(Date(timeIntervalSince1970: 1e15), forKey: "when") }
            #expect(error?.code == .invalidArgument)
            #expect(try scratch.names() == [])
        }
    }

    @Test func dateGetterGivesNilForAStringThatLooksLikeADate() throws {
        try withScratch { scratch throws in
            try scratch.store().set("2024-02-29T12:34:56Z", forKey: "when")
            #expect(try scratch.store().date(forKey: "when") == nil)
        }
    }

    @Test func fileURLIsStoredAsItsPathAndReadBackAsAFileURL() throws {
        try withScratch { scratch throws in
            let url = URL(fileURLWithPath: "/tmp/some folder/notes.txt")
            try scratch.store().set(url, forKey: "file")
            let reader = try scratch.store()
            #expect(try reader.object(forKey: "file") == .string("/tmp/some folder/notes.txt"))
            let read = try #require(try reader.url(forKey: "file"))
            #expect(read.isFileURL)
            #expect(read.path == "/tmp/some folder/notes.txt")
        }
    }

    @Test func tildePathExpandsHOME() throws {
        try withScratch { scratch throws in
            try scratch.store().set("~/Documents/x.txt", forKey: "file")
            let home = try #require(ProcessInfo.processInfo.environment["HOME"])
            let read = try #require(try scratch.store().url(forKey: "file"))
            #expect(read.isFileURL)
            #expect(read.path == URL(fileURLWithPath: home + "/Documents/x.txt").path)
            #expect(!read.path.contains("~"))
        }
    }

    @Test func webURLIsStoredAsItsAbsoluteStringAndParsedBack() throws {
        try withScratch { scratch throws in
            let url = try #require(URL(string: "https://example.com/a/b?q=1#top"))
            try scratch.store().set(url, forKey: "site")
            try scratch.store().set("https://x", forKey: "short")
            let reader = try scratch.store()
            #expect(try reader.object(forKey: "site") == .string("https://example.com/a/b?q=1#top"))
            #expect(try reader.url(forKey: "site") == url)
            let short = try #require(try reader.url(forKey: "short"))
            #expect(short.scheme == "https")
            #expect(short.host == "x")
            #expect(!short.isFileURL)
        }
    }

    @Test func urlGetterGivesNilForNonStrings() throws {
        try withScratch { scratch throws in
            try scratch.store().set(42, forKey: "k")
            #expect(try scratch.store().url(forKey: "k") == nil)
        }
    }
}
