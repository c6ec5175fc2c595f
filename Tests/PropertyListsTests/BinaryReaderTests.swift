import Foundation
import PropertyLists
import TestSupport
import Testing

/// The binary reader against files another implementation wrote (Fixtures/make_binary.py):
/// plistlib's writer, hand-made forms it never writes, and a hostile corpus.
@Suite("Binary reader")
struct BinaryReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Binary")

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name + ".bplist")))
    }

    static func date(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> PropertyList {
        .date(PropertyListDate(year: y, month: m, day: d, hour: h, minute: mi, second: s)!)
    }

    static func uid(_ n: UInt64) -> PropertyList { ["CF$UID": .integer(PropertyListInteger(n))] }

    /// The values make_binary.py gave plistlib, spelled again in Swift.
    static let golden: [(String, PropertyList)] = [
        (
            "scalars",
            [
                "string": "Ada Lovelace", "empty": "", "integer": 42, "negative": -7, "zero": 0,
                "int64min": .integer(.min), "int64max": .integer(PropertyListInteger(Int64.max)), "uint64max": .integer(.max),
                "above_int64": .integer(PropertyListInteger(UInt64(1) << 63)), "byte": 255, "short": 65535, "word": 4_294_967_295,
                "true": true, "false": false, "real": 1.5, "negativeReal": -2.25, "tiny": .real(.leastNonzeroMagnitude),
                "date": date(2024, 2, 29, 12, 34, 56), "epoch2001": date(2001, 1, 1), "before2001": date(1969, 7, 20, 20, 17, 40),
                "early": date(1, 1, 1), "late": date(9999, 12, 31, 23, 59, 59)
            ]
        ),
        ("unicode", ["café": "NFC", "cafe\u{301}": "NFD", "emoji😀": "👨‍👩‍👧", "日本": "語", "long": .string(String(repeating: "é", count: 40))]),
        (
            "containers",
            [
                "emptyDict": .dictionary([:]), "emptyArray": [],
                "nested": ["a": [1, [2, [3, ["b": []]]], .dictionary([:])], "c": ["d": ["e": "f"]]],
                "long": .array((0..<20).map { .integer(PropertyListInteger($0)) }), "shared": ["x", "x", "x"]
            ]
        ),
        ("data", ["empty": .data([]), "short": .data([0, 1, 2]), "long": .data(Array(repeating: Array(0...255), count: 3).flatMap { $0 })]),
        ("uid", ["$top": ["root": uid(1)], "$objects": ["$null", uid(300), uid(4_294_967_295)]]),
        ("root_array", ["one", 2, [3], ["four": 4]]),
        ("root_string", "just a string"),
        (
            "many_objects",
            .dictionary(
                {
                    var dictionary = PropertyListDictionary()
                    for i in 0..<300 { dictionary[String(format: "k%03d", i)] = .string(String(format: "v%03d", i)) }
                    return dictionary
                }())
        )
    ]

    /// Reads what plistlib wrote to the exact values.
    @Test(arguments: golden.map(\.0))
    func readsGoldenFiles(name: String) throws {
        let expected = try #require(Self.golden.first { $0.0 == name }?.1)
        #expect(try BinaryPropertyListReader().read(Self.bytes(name)) == expected)
    }

    /// Writes what plistlib writes, byte for byte.
    @Test(arguments: golden.map(\.0))
    func writesGoldenBytes(name: String) throws {
        let value = try #require(Self.golden.first { $0.0 == name }?.1)
        #expect(try BinaryPropertyListWriter().write(value) == Self.bytes(name))
    }

    /// Reads forms plistlib never writes: 16-byte small integers, 4-byte reals, surrogate pairs, wide offsets.
    @Test func readsCraftedForms() throws {
        #expect(try BinaryPropertyListReader().read(Self.bytes("crafted_forms")) == ["small": 5, "negative": -1, "float": 1.5, "utf16": "a😀"])
        #expect(try BinaryPropertyListReader().read(Self.bytes("crafted_widths")) == ["x", Self.uid(258)])
    }

    static let hostile: [String] =
        (try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent("Hostile").path))?
        .filter { $0.hasSuffix(".bplist") }.map { String($0.dropLast(7)) }.sorted() ?? []

    /// The hostile corpus is complete.
    @Test func hostileCorpusIsThere() {
        #expect(Self.hostile.count == 42)
    }

    /// Hostile files are refused with FILE: error, in bounded time.
    @Test(arguments: hostile)
    func refusesHostileFile(name: String) throws {
        let bytes = try Self.bytes("Hostile/" + name)
        let start = ContinuousClock.now
        let error = #expect(throws: PropertyListError.self) { try BinaryPropertyListReader().read(bytes, fileName: name) }
        // Bounds blow-ups (object graphs that explode when followed), not speed.
        #expect(ContinuousClock.now - start < .seconds(patience))
        #expect(error?.description.hasPrefix("\(name): error: binary property list: ") == true, "\(error?.description ?? "")")
    }

    /// Cycles, bombs and deep nesting are named for what they are.
    @Test(
        arguments: [
            ("cycle_pair", "reference cycle"), ("bomb_arrays", "expands to more than"), ("bomb_strings", "expands to more than"),
            ("deep_nesting", "nest deeper than 200"), ("int128_above_uint64", "outside Int64.min…UInt64.max"),
            ("utf16_lone_high", "lone surrogate"), ("set", "is a set"), ("ref_size_too_small", "cannot name all 301 objects"),
            ("shared_offsets", "objects share bytes"), ("overlapping_arrays", "objects share bytes")
        ])
    func namesTheProblem(name: String, phrase: String) throws {
        let error = #expect(throws: PropertyListError.self) { try BinaryPropertyListReader().read(Self.bytes("Hostile/" + name)) }
        #expect(error?.message.contains(phrase) == true, "\(error?.message ?? "")")
    }

    /// An offset table that names one 200,000-reference array 200,000 times (1.6 MB) is refused
    /// at once, not read once per entry (35 s before).
    @Test func refusesOffsetTableNamingOneArrayManyTimes() throws {
        let file = HostileInputs.binaryNamingOneArray(entries: 200_000)
        let start = ContinuousClock.now
        let error = #expect(throws: PropertyListError.self) { try BinaryPropertyListReader().read(file, fileName: "shared") }
        let partial = #expect(throws: PropertyListError.self) { try BinaryPropertyListReader().read(file, fileName: "shared", rootKey: "k") }
        #expect(ContinuousClock.now - start < .seconds(patience))
        #expect(error?.message.contains("objects share bytes") == true, "\(error?.message ?? "")")
        #expect(partial?.diagnostics == error?.diagnostics)
    }

    /// A shared subtree is built once, not copied for every reference.
    @Test func sharesRepeatedObjects() throws {
        // 20 arrays each holding the next twice: 2^20 leaves expanded, under the limits.
        var objects: [[UInt8]] = (0..<20).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        var value = try BinaryPropertyListReader().read(Self.assemble(objects))
        var leaves = 1
        while case .array(let elements) = value, elements.count == 2 {
            leaves *= 2
            value = elements[0]
        }
        #expect(leaves == 1 << 20 && value == true)
    }

    /// A date's fraction of a second is dropped, as CoreFoundation drops it writing XML, before and after 2001.
    @Test(
        arguments: [(0.5, "2001-01-01T00:00:00Z"), (-0.5, "2000-12-31T23:59:59Z"), (730_000_000.999, "2024-02-19T01:46:40Z")])
    func dropsFractionsOfSeconds(seconds: Double, expected: String) throws {
        let date = Self.assemble([[0x33] + Self.bigEndian(seconds.bitPattern)])
        guard case .date(let read) = try BinaryPropertyListReader().read(date) else {
            Issue.record("not a date")
            return
        }
        #expect(read.iso8601 == expected)
    }

    /// Keys in CoreFoundation's hash order read like sorted ones, and a repeated one is still caught.
    @Test func readsUnsortedKeys() throws {
        let unsorted = Self.assemble([[0xD3, 1, 2, 3, 4, 4, 4], [0x51, UInt8(ascii: "b")], [0x51, UInt8(ascii: "a")], [0x51, UInt8(ascii: "c")], [0x09]])
        #expect(try BinaryPropertyListReader().read(unsorted) == ["a": true, "b": true, "c": true])
        let repeated = Self.assemble([[0xD3, 1, 2, 1, 3, 3, 3], [0x51, UInt8(ascii: "b")], [0x51, UInt8(ascii: "a")], [0x09]])
        let error = #expect(throws: PropertyListError.self) { try BinaryPropertyListReader().read(repeated) }
        #expect(error?.message.contains("has the key \"b\" twice") == true, "\(error?.message ?? "")")
    }

    /// Reading one key builds that entry alone but refuses what a whole read refuses, with the same error.
    @Test(
        arguments: golden.map(\.0) + ["crafted_forms", "crafted_widths"] + hostile.map { "Hostile/" + $0 })
    func readsOneKeyAsAWholeReadDoes(name: String) throws {
        try Self.expectOneKeyReadsAgree(Self.bytes(name), name: name)
    }

    /// Reading one key finds repeated, unsorted, UTF-16 and non-string keys, and cycles beside the key read.
    @Test func readsOneKeyOfCraftedDictionaries() throws {
        let a = [0x51, UInt8(ascii: "a")]
        let b = [0x51, UInt8(ascii: "b")]
        let c = [0x51, UInt8(ascii: "c")]
        let files: [[[UInt8]]] = [
            [[0xD3, 1, 2, 3, 4, 4, 4], b, a, c, [0x09]],  // unsorted
            [[0xD3, 1, 2, 1, 3, 3, 3], b, a, [0x09]],  // "b" twice, unsorted
            [[0xD2, 1, 2, 3, 3], a, a, [0x09]],  // "a" twice, as two objects
            [[0xD2, 1, 1, 2, 2], [0x61, 0x00, 0xE9], [0x09]],  // "é" in UTF-16 twice
            [[0xD2, 1, 2, 3, 3], [0x61, 0x00, 0xE9], a, [0x09]],  // "é" in UTF-16, then "a"
            [[0xD1, 1, 2], [0x10, 5], [0x09]],  // an integer key
            [[0xD1, 1, 2], [0x80, 5], [0x09]],  // a UID key
            [[0x80, 21]],  // a root UID, which reads as the dictionary {"CF$UID": 21}
            [[0xD2, 1, 2, 3, 4], a, b, [0x09], [0xD2, 5, 5, 3, 3], c],  // "c" twice one level down
            [[0xD2, 1, 2, 3, 4], a, b, [0x09], [0xA1, 4]],  // a cycle beside "a"
            [[0xD2, 1, 2, 3, 4], a, b, [0x09], [0xA2, 3, 5], [0x00]],  // null beside "a"
            [[0xD2, 1, 2, 3, 4], a, b, [0x09], [0x61, 0xD8, 0x00]],  // a lone surrogate beside "a"
            [[0xD2, 1, 2, 3, 4], a, b, [0x09], [0x52, 0x41, 0xC3]]  // a non-ASCII byte beside "a"
        ]
        for (number, objects) in files.enumerated() {
            try Self.expectOneKeyReadsAgree(Self.assemble(objects), name: "crafted \(number)")
        }
    }

    /// Reads `bytes` whole and one key at a time (every key of a root dictionary, and keys it
    /// lacks), and expects the same entries or the same error.
    static func expectOneKeyReadsAgree(_ bytes: [UInt8], name: String) throws {
        let reader = BinaryPropertyListReader()
        let whole = Result { () throws(PropertyListError) in try reader.read(bytes, fileName: name) }
        var keys = ["absent", "", "a", "b", "c", "é", "x", "key"]
        if case .success(.dictionary(let root)) = whole { keys += root.keys }
        for key in keys {
            let one = Result { () throws(PropertyListError) in try reader.read(bytes, fileName: name, rootKey: key) }
            if case .success(let value) = one { #expect(try PropertyListReader().read(bytes, fileName: name, rootKey: key) == value) }
            switch (whole, one) {
            case (.success(.dictionary(let root)), .success(let value)):
                var expected = PropertyListDictionary()
                expected[key] = root[key]
                #expect(value == .dictionary(expected), "\(name), key \(key)")
            case (.success(let root), .success(let value)):
                #expect(value == root, "\(name), key \(key)")
            case (.failure(let wholeError), .failure(let oneError)):
                #expect(oneError.description == wholeError.description, "\(name), key \(key)")
            default:
                Issue.record("\(name), key \(key): a whole read gives \(whole), one key \(one)")
            }
        }
    }

    /// A bplist00 file of `objects` (fewer than 256, each under 256 bytes in all), object 0 on top.
    static func assemble(_ objects: [[UInt8]]) -> [UInt8] {
        var file = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(file.count))
            file += object
        }
        let table = file.count
        return file + offsets + [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(UInt64(objects.count)) + bigEndian(0) + bigEndian(UInt64(table))
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
}
