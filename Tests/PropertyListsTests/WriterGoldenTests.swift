import Foundation
import PropertyLists
import TestSupport
import Testing

/// The writer against files Python's plistlib wrote (Fixtures/make_golden.py), byte for byte.
@Suite("Canonical writer")
struct WriterGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Golden")

    static func date(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> PropertyList {
        .date(PropertyListDate(year: y, month: m, day: d, hour: h, minute: mi, second: s)!)
    }

    static let values: [(String, PropertyList)] = [
        (
            "scalars",
            [
                "string": "Ada Lovelace", "empty": "", "integer": 42, "negative": -7, "zero": 0,
                "int64min": .integer(.min), "uint64max": .integer(.max), "true": true, "false": false,
                "real": 1.5, "negativeReal": -2.25, "half": 0.5,
                "date": date(2024, 2, 29, 12, 34, 56), "epoch": date(1970, 1, 1), "early": date(1, 1, 1), "late": date(9999, 12, 31, 23, 59, 59)
            ]
        ),
        ("escaping", ["a&b": "x < y > z & w", "quote\"apostrophe'": "\"'", "tab": "a\tb", "newline": "line1\nline2"]),
        ("unicode", ["café": "NFC", "cafe\u{301}": "NFD", "emoji😀": "👨‍👩‍👧", "日本": "語", "flag": "🏳️‍🌈"]),
        ("containers", ["emptyDict": .dictionary([:]), "emptyArray": [], "nested": ["a": [1, [2, [3, ["b": []]]], .dictionary([:])], "c": ["d": ["e": "f"]]]]),
        (
            "data",
            [
                "empty": .data([]), "short": .data([0, 1, 2]), "exact57": .data(Array(0..<57)),
                "long": .data(Array(repeating: Array(0...255), count: 3).flatMap { $0 }),
                "deep": [[[[[[.data(Array(0..<100))]]]]]]
            ]
        ),
        ("root_array", ["one", 2, [3], ["four": 4]]),
        ("root_string", "just a string")
    ]

    /// Writes what plistlib writes, byte for byte.
    @Test(arguments: values.map(\.0))
    func writesGoldenBytes(name: String) throws {
        let value = try #require(Self.values.first { $0.0 == name }?.1)
        let expected = try [UInt8](Data(contentsOf: Self.golden.appendingPathComponent(name + ".plist")))
        let written = try PropertyListWriter().write(value)
        #expect(written == expected, "\(String(decoding: written, as: UTF8.self))")
        #expect(try PropertyListReader().read(expected) == value)
    }

    /// The NFC and NFD spellings of a key are two keys.
    @Test func keepsNormalizationVariantsApart() throws {
        let value = try PropertyListReader().read(Data(contentsOf: Self.golden.appendingPathComponent("unicode.plist")).map { $0 })
        let dictionary = try #require(value.dictionaryValue)
        #expect(dictionary.count == 5)
        #expect(dictionary["café"] == "NFC")
        #expect(dictionary["cafe\u{301}"] == "NFD")
    }

    /// Keys sort by UTF-16 code units, as CoreFoundation sorts them.
    @Test func sortsKeysByUTF16() throws {
        // U+FFFD sorts after 😀 (D83D DE00) in UTF-16 but before it by code point.
        let written = String(decoding: try PropertyListWriter().write(["\u{FFFD}": 1, "😀": 2, "a": 3]), as: UTF8.self)
        let order = ["<key>a</key>", "<key>😀</key>", "<key>\u{FFFD}</key>"].map { written.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
    }

    /// Reals print as %.17g with CoreFoundation's special cases, but negative zero as `-0.0`, as
    /// plistlib writes it (CoreFoundation's `0.0` would lose the sign).
    @Test(
        arguments: [
            (1.0, "1"), (0.1, "0.10000000000000001"), (1e100, "1e+100"), (-2.5, "-2.5"), (0.0, "0.0"), (-0.0, "-0.0"),
            (Double.nan, "nan"), (Double.infinity, "+infinity"), (-Double.infinity, "-infinity"), (123456789.125, "123456789.125")
        ])
    func formatsReals(value: Double, expected: String) throws {
        #expect(RealFormat.string(value) == expected)
        let written = String(decoding: try PropertyListWriter().write(.real(value)), as: UTF8.self)
        #expect(written.contains("<real>\(expected)</real>\n"))
    }

    /// Reals spelled without printf match glibc's %.17g digit for digit, halfway cases and every magnitude included.
    @Test func formatsRealsAsPrintfDoes() {
        var random = SplitMix(seed: 17)
        var values: [Double] = [
            .leastNonzeroMagnitude, 1e-7, 1e-6, 9.999999999999999e-6, 1e-5, 1e-4, 0.5, 2.5, 1e16, 1e17 - 1, 1e17, 1e17 + 8,
            9.999999999999999e16, Double("99999999999999999")!, 1.7976931348623157e308, 0x1p75, 0x1p127, 0x1p128, 3.4e38
        ]
        for power in -40...40 {
            values.append(Double(sign: .plus, exponent: power, significand: 1))
            values.append(Double("1e\(power)")!)
        }
        for _ in 0..<20_000 {
            values.append(Double(bitPattern: random.next()))  // any magnitude
            values.append(Double(random.next() % (1 << 53)) / Double(1 << 40))  // everyday reals
            values.append(Double.random(in: 0..<1000, using: &random))  // what the benchmarks write
            values.append(Double(Int64(bitPattern: random.next()) >> (random.next() % 64)))  // integral reals, halfway cases
        }
        for value in values where value.isFinite && value != 0 {
            for signed in [value, -value] where RealFormat.string(signed) != String(format: "%.17g", signed) {
                Issue.record("\(signed.bitPattern): \(RealFormat.string(signed)) != \(String(format: "%.17g", signed))")
            }
        }
    }

    /// Text is escaped alike wherever its characters fall, across eight-byte words and their edges.
    @Test func escapesTextAnywhere() throws {
        var random = SplitMix(seed: 12)
        let pieces = ["a", "Z", " ", "%", "'", ";", "=", "?", "&", "<", ">", "\r", "\t", "\n", "é", "\u{FFFD}", "\u{EFFF}", "😀", "~"]
        for _ in 0..<2000 {
            let text = (0..<Int(random.next() % 40)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let expected = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\r", with: "&#13;")
            let written = String(decoding: try PropertyListWriter().write(.string(text)), as: UTF8.self)
            #expect(written.contains("<string>\(expected)</string>\n"), "\(Array(text.utf8))")
            for bad in ["\u{1}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"] {
                let at = text.index(text.startIndex, offsetBy: Int(random.next() % UInt64(text.count + 1)))
                #expect(throws: PropertyListError.self) { try PropertyListWriter().write(.string(text[..<at] + bad + text[at...])) }
            }
        }
    }

    /// Data lines are 76 − 8 × depth columns and indented by depth tabs, depth counted up to 8 as CoreFoundation counts it.
    @Test func wrapsDataByDepth() throws {
        var value = PropertyList.data(Array(repeating: 0xAB, count: 300))
        for depth in 0...10 {
            let lines = String(decoding: try PropertyListWriter().write(value), as: UTF8.self).split(separator: "\n")
            let base64 = lines.filter { !$0.contains("<") }
            let tabs = min(depth, 8)
            let width = 76 - 8 * tabs
            #expect(base64.allSatisfy { $0.prefix(while: { $0 == "\t" }).count == tabs }, "depth \(depth)")
            #expect(base64.dropLast().allSatisfy { $0.count == tabs + width }, "depth \(depth)")
            #expect(lines.contains { $0 == String(repeating: "\t", count: depth) + "</data>" }, "depth \(depth)")
            value = [value]
        }
    }

    /// Data 10 deep is written as CoreFoundation writes it: lines at 8 tabs, the element at 10.
    @Test func writesDeepDataAsCoreFoundation() throws {
        var value = PropertyList.data([0, 1, 2])
        for _ in 0..<10 { value = [value] }
        let written = String(decoding: try PropertyListWriter().write(value), as: UTF8.self)
        let tabs = { (count: Int) in String(repeating: "\t", count: count) }
        let opening = (0..<10).map { tabs($0) + "<array>\n" }.joined()
        let closing = (0..<10).reversed().map { tabs($0) + "</array>\n" }.joined()
        #expect(written.hasSuffix(opening + tabs(10) + "<data>\n" + tabs(8) + "AAEC\n" + tabs(10) + "</data>\n" + closing + "</plist>\n"))
    }

    /// A carriage return is written &#13; and reads back exactly.
    @Test func carriageReturnRoundTrips() throws {
        let value: PropertyList = ["k": "a\r\nb\rc"]
        let written = try PropertyListWriter().write(value)
        #expect(String(decoding: written, as: UTF8.self).contains("a&#13;\nb&#13;c"))
        #expect(try PropertyListReader().read(written) == value)
    }

    /// Text XML cannot carry is refused with the key path.
    @Test(arguments: ["\u{1}", "\u{0}", "a\u{1F}b", "\u{FFFE}", "\u{FFFF}"])
    func refusesUnrepresentableText(text: String) throws {
        let error = #expect(throws: PropertyListError.self) { try PropertyListWriter().write(["outer": ["inner": .string(text)]]) }
        #expect(error?.code == .unrepresentable)
        #expect(error?.message.contains("outer.inner") == true, "\(error?.message ?? "")")
        let keyError = #expect(throws: PropertyListError.self) { try PropertyListWriter().write([text: 1]) }
        // The key is quoted as every message quotes a name: `\x01`, never Swift's `\u{1}`.
        #expect(keyError?.message.contains("the key \(text.quotedForMessage())") == true, "\(keyError?.message ?? "")")
    }

    /// Nesting beyond the limit is refused by the writer, so prefs never writes what it cannot read.
    @Test func refusesTooDeepNesting() throws {
        var value: PropertyList = "leaf"
        for _ in 0..<PropertyListLimits.maxNestingDepth { value = [value] }
        let written = try PropertyListWriter().write(value)
        #expect(try PropertyListReader().read(written) == value)
        let error = #expect(throws: PropertyListError.self) { try PropertyListWriter().write([value]) }
        #expect(error?.code == .tooLarge)
    }
}
