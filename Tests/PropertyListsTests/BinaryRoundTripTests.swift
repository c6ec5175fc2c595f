import PropertyLists
import Testing

/// XML → binary → XML, byte for byte, for every type and edge.
@Suite("Binary round trip")
struct BinaryRoundTripTests {
    static let values: [(String, PropertyList)] = [
        (
            "integers",
            [
                0, 1, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296, -1, .integer(.min),
                .integer(PropertyListInteger(Int64.max)), .integer(PropertyListInteger(UInt64(1) << 63)), .integer(.max)
            ]
        ),
        ("reals", [0.0, -0.0, 1.5, -2.25, 1e308, .real(.leastNonzeroMagnitude), .real(.infinity), .real(-.infinity), .real(.nan), 0.1]),
        (
            "dates",
            [
                BinaryReaderTests.date(1, 1, 1), BinaryReaderTests.date(1969, 12, 31, 23, 59, 59), BinaryReaderTests.date(2000, 12, 31, 23, 59, 59),
                BinaryReaderTests.date(2001, 1, 1), BinaryReaderTests.date(9999, 12, 31, 23, 59, 59)
            ]
        ),
        ("strings", ["", "ascii", "café", "cafe\u{301}", "😀 emoji", "\u{FFFD}", "日本語", .string(String(repeating: "x", count: 70_000)), "a\r\nb"]),
        ("data", [.data([]), .data([0]), .data(Array(0...255)), [[[[[[[[[[.data(Array(0..<100))]]]]]]]]]]]),
        (
            "uids",
            [
                "$objects": [BinaryReaderTests.uid(0), BinaryReaderTests.uid(255), BinaryReaderTests.uid(256), BinaryReaderTests.uid(4_294_967_295)],
                "notUID": ["CF$UID": .integer(.max)], "alsoNotUID": ["CF$UID": "1", "x": 1]
            ]
        ),
        (
            "containers",
            [
                "emptyArray": [], "emptyDict": .dictionary([:]), "nested": [[[], .dictionary([:])], ["k": ["v"]]],
                "shared": ["same", "same", 1, 1, true, true, 1.0, 1.0]
            ]
        ),
        ("many", .array((0..<70_000).map { .string("item \($0)") })),
        ("bools", [true, false, 0, 1, 0.0, 1.0])
    ]

    @Test func thousandsOfObjectsEachNamedSeveralTimesReadBackInPlace() throws {
        // Each string and integer is written once and referenced from three places.
        let items: [PropertyList] = (0..<3_000).map { $0 % 2 == 0 ? .string("s\($0 / 2 % 1_000)") : .integer(PropertyListInteger($0 / 2 % 1_000)) }
        let value = PropertyList.dictionary(["items": .array(items), "again": .array(items.reversed())])
        #expect(try BinaryPropertyListReader().read(BinaryPropertyListWriter().write(value)) == value)
    }

    /// XML → binary → XML is the same bytes.
    @Test(arguments: values.map(\.0))
    func roundTripsThroughBinary(name: String) throws {
        let value = try #require(Self.values.first { $0.0 == name }?.1)
        let xml = try PropertyListWriter().write(value)
        let binary = try BinaryPropertyListWriter().write(PropertyListReader().read(xml))
        #expect(try PropertyListWriter().write(BinaryPropertyListReader().read(binary)) == xml)
    }

    /// Binary keeps -0.0 apart from 0.0 and an integer apart from an equal real or Boolean.
    @Test func keepsTypesAndSignsApart() throws {
        let value: PropertyList = [0.0, -0.0, 1, 1.0, true]
        guard case .array(let read) = try BinaryPropertyListReader().read(BinaryPropertyListWriter().write(value)) else {
            Issue.record("not an array")
            return
        }
        #expect(read.map(\.typeName) == ["real", "real", "integer", "real", "boolean"])
        if case .real(let negativeZero) = read[1] { #expect(negativeZero.sign == .minus) }
    }

    /// Nesting beyond the limit is refused by the writer, not written.
    @Test func refusesDeepNesting() {
        var value: PropertyList = true
        for _ in 0...PropertyListLimits.maxNestingDepth { value = [value] }
        #expect(throws: PropertyListError.self) { try BinaryPropertyListWriter().write(value) }
    }

    /// A value beyond the size limit is refused by the writer as its table grows, before anything is encoded.
    @Test func refusesOversizedValue() {
        let half = PropertyListLimits.maxInputSize / 2
        let value: PropertyList = [.data([UInt8](repeating: 0, count: half)), .data([UInt8](repeating: 1, count: half))]
        let error = #expect(throws: PropertyListError.self) { try BinaryPropertyListWriter().write(value) }
        #expect(error?.message.contains("would be more than \(PropertyListLimits.maxInputSize) bytes in binary") == true, "\(error?.message ?? "")")
    }

    /// Text writers stop at the size limit on a value whose shared parts expand it, rather than fill memory.
    @Test func textWritersStopAtTheLimit() {
        var value: PropertyList = .string(String(repeating: "x", count: 100_000))
        for _ in 0..<12 { value = [value, value] }  // 400 MB of text once expanded
        let json = #expect(throws: PropertyListError.self) { try JSONWriter().write(value) }
        #expect(json?.code == .tooLarge)
        let text = #expect(throws: PropertyListError.self) { try OpenStepWriter().write(value) }
        #expect(text?.code == .tooLarge)
        let xml = #expect(throws: PropertyListError.self) { try PropertyListWriter().write(value) }
        #expect(xml?.code == .tooLarge)
    }
}
