import Foundation
import PropertyLists
import TestSupport
import Testing

/// Generated values of every type: `read(write(v)) == v`, and writing is deterministic.
@Suite("Round trip")
struct RoundTripTests {
    /// Random property list values drawn from a seeded ``SplitMix``.
    struct Generator {
        var random: SplitMix
        mutating func next() -> UInt64 { random.next() }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        mutating func string() -> String {
            let pieces = ["a", "Z", "0", " ", "\t", "\n", "\r", "&", "<", ">", "\"", "é", "e\u{301}", "😀", "👨‍👩‍👧", "日", "\u{FFFD}", "]]>"]
            return (0..<below(8)).map { _ in pieces[below(pieces.count)] }.joined()
        }

        mutating func value(depth: Int = 0) -> PropertyList {
            switch below(depth > 4 ? 6 : 8) {
            case 0: return .string(string())
            case 1:
                let magnitude = next() >> UInt64(below(64))
                return .integer(PropertyListInteger(isNegative: below(2) == 0, magnitude: min(magnitude, UInt64(Int64.max))) ?? .max)
            case 2:
                let specials: [Double] = [0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1]
                return .real(
                    below(4) == 0
                        ? specials[below(specials.count)] : Double(bitPattern: next()).isFinite ? Double(bitPattern: next() & 0x7FEF_FFFF_FFFF_FFFF) : 1.5)
            case 3: return .bool(below(2) == 0)
            case 4:
                let seconds = Int64(below(Int(PropertyListDate.latest.secondsSince1970 - PropertyListDate.earliest.secondsSince1970)))
                return .date(PropertyListDate(secondsSince1970: PropertyListDate.earliest.secondsSince1970 + seconds)!)
            case 5: return .data((0..<below(120)).map { _ in UInt8(truncatingIfNeeded: next()) })
            case 6: return .array((0..<below(5)).map { _ in value(depth: depth + 1) })
            default:
                var dictionary = PropertyListDictionary()
                for _ in 0..<below(5) { dictionary[string()] = value(depth: depth + 1) }
                return .dictionary(dictionary)
            }
        }
    }

    /// 500 generated values read back equal and write identically twice.
    @Test func generatedValuesRoundTrip() throws {
        var generator = Generator(random: SplitMix(seed: 20_261_122))
        for index in 0..<500 {
            let value = generator.value()
            let written = try PropertyListWriter().write(value)
            let read = try PropertyListReader().read(written)
            #expect(read == value, "value \(index)")
            #expect(try PropertyListWriter().write(read) == written, "value \(index)")
        }
    }

    /// A document of many pieces is the canonical text, every piece but the last at least pieceSize bytes.
    @Test func piecesMakeTheCanonicalText() throws {
        var dictionary = PropertyListDictionary()
        var entries = ""
        // Added in reverse, so the writer sorts them; the expected text is built independently.
        for index in (0..<20_000).reversed() { dictionary[String(format: "k%05d", index)] = .string("value \(index) & <more>") }
        for index in 0..<20_000 { entries += String(format: "\t<key>k%05d</key>\n", index) + "\t<string>value \(index) &amp; &lt;more&gt;</string>\n" }
        let expected =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
            + "<plist version=\"1.0\">\n<dict>\n" + entries + "</dict>\n</plist>\n"
        var pieces: [[UInt8]] = []
        try PropertyListWriter().write(.dictionary(dictionary)) { pieces.append(Array($0)) }
        #expect(pieces.count > 10)
        #expect(pieces.dropLast().allSatisfy { $0.count >= PropertyListWriter.pieceSize })
        #expect(String(decoding: pieces.flatMap { $0 }, as: UTF8.self) == expected)
    }

    /// Written in pieces, a document over the size limit is refused before more than the limit goes out.
    @Test func piecesStopAtTheSizeLimit() throws {
        let text = PropertyList.string(String(repeating: "x", count: 60_000))
        let value = PropertyList.array(Array(repeating: text, count: PropertyListLimits.maxInputSize / 60_000 + 10))
        var emitted = 0
        let error = #expect(throws: PropertyListError.self) {
            try PropertyListWriter().write(value) { emitted += $0.count }
        }
        #expect(error?.code == .tooLarge)
        #expect(emitted > 0 && emitted <= PropertyListLimits.maxInputSize)
    }

    /// JSON: generated values without NaN or infinities survive JSON and back where JSON has the type.
    @Test func jsonRoundTripOfJSONTypes() throws {
        let value: PropertyList = [
            "s": "x\u{1}\"\\", "i": .integer(.max), "n": .integer(.min), "r": 0.1, "b": false,
            "a": [1, "two", [:]], "d": ["é": "e\u{301}", "e\u{301}": "é"]
        ]
        let json = try JSONWriter().write(value)
        #expect(try JSONReader().read(json) == value)
        #expect(try JSONReader().read(try JSONWriter(prettyPrinted: false).write(value)) == value)
    }
}

@Suite("JSON")
struct JSONTests {
    /// Dates become ISO 8601 strings and data Base64 strings, keys sorted.
    @Test func mapsDatesAndData() throws {
        let value: PropertyList = ["z": .date(PropertyListDate(year: 2024, month: 2, day: 29, hour: 1, minute: 2, second: 3)!), "a": .data([0, 1, 2])]
        #expect(try JSONWriter(prettyPrinted: false).write(value) == #"{"a":"AAEC","z":"2024-02-29T01:02:03Z"}"#)
    }

    /// Numbers: integers exactly, reals as reals.
    @Test(
        arguments: [
            ("18446744073709551615", PropertyList.integer(.max)), ("-9223372036854775808", .integer(.min)), ("1.5", 1.5), ("1e3", 1000.0), ("0", 0)
        ])
    func readsNumbers(text: String, expected: PropertyList) throws {
        #expect(try JSONReader().read(text) == expected)
    }

    /// Refuses null, duplicate keys, lone surrogates, trailing text and out-of-range integers.
    @Test(
        arguments: [
            "null", "{\"a\": 1, \"a\": 2}", "\"\\ud800\"", "[1] x", "18446744073709551616", "[1,]", "01", "{\"a\" 1}",
            "\"\\u+041\"", "\"\\u-000\""
        ])
    func refusesBadJSON(text: String) throws {
        #expect(throws: PropertyListError.self) { try JSONReader().read(text) }
    }

    /// NaN and infinities have no JSON form.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func refusesNonFiniteReals(value: Double) throws {
        let error = #expect(throws: PropertyListError.self) { try JSONWriter().write(["k": .real(value)]) }
        #expect(error?.message.contains("\"k\"") == true)
    }
}
