import Foundation
import PropertyLists
import TestSupport
import Testing

/// Every value survives every format prefs writes, of its own type and with its own bits: the
/// GNUstep typed forms of old-style text, and the sign of a zero, in XML, binary, JSON,
/// old-style and `.strings` text, checked against Python's `plistlib` where it writes them too.
@Suite("Values survive every format")
struct ValueSurvivalTests {
    /// Reals whose every bit must come back: both zeros, the float `-float 0.1` stores, the
    /// double nearest 0.1, the extremes, a subnormal, the infinities and NaN.
    static let reals: [Double] = [
        0, -0.0, 1, -1, 1.5, -2.5, 0.1, Double(Float(0.1)), 1e100, -1e-300, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        -.leastNormalMagnitude, 123_456_789.125, 1e16, 9_007_199_254_740_993, .infinity, -.infinity, .nan
    ]

    /// A value of every GNUstep typed form, and of every other type, nested.
    static let everyType: PropertyList = [
        "integer": 5, "negative": -9_223_372_036_854_775_808, "large": .integer(.max), "real": 1.5, "zero": 0.0, "negativeZero": -0.0,
        "yes": true, "no": false, "date": BinaryReaderTests.date(2024, 1, 1, 10, 0, 0), "first": .date(.earliest), "last": .date(.latest),
        "data": .data([0x0A, 0xFF]), "empty": .data([]), "string": "hello", "number": "5", "list": [1, "1", 1.0, true, -0.0, ["k": -0.0]]
    ]

    /// Values compare as they read back: `-0.0` and `0.0` apart, every NaN together. The other
    /// tests of values surviving rely on `==` for this.
    @Test func equalityKeepsTheSignOfZeroApartAndNaNTogether() {
        #expect(PropertyList.real(-0.0) != .real(0.0))
        #expect(PropertyList.real(.nan) == .real(.nan))
        #expect(PropertyList.real(1.5) == .real(1.5))
        #expect(Set<PropertyList>([.real(0.0), .real(-0.0), .real(.nan), .real(-.nan)]).count == 3)
    }

    /// A dictionary whose `0.0` is replaced by `-0.0` has changed, so a write of `-0.0` over
    /// `0.0` is written (the stamp is how a store tells whether to write at all).
    @Test func replacingZeroByNegativeZeroIsAChange() {
        var dictionary = PropertyListDictionary()
        dictionary["k"] = 0.0
        let stamp = dictionary.stamp
        dictionary["k"] = -0.0
        #expect(dictionary.stamp != stamp)
    }

    /// Each GNUstep typed form reads as its type; written back as old-style text, it is the same
    /// form, and reads back as the same value to the bit.
    @Test(
        arguments: [
            ("<*I5>", PropertyList.integer(PropertyListInteger(5))), ("<*I-9223372036854775808>", .integer(.min)), ("<*I18446744073709551615>", .integer(.max)),
            ("<*R1.5>", .real(1.5)), ("<*R-0>", .real(-0.0)), ("<*R0.1>", .real(0.1)), ("<*R0.10000000149011612>", .real(Double(Float(0.1)))),
            ("<*R1e+300>", .real(1e300)), ("<*R+infinity>", .real(.infinity)), ("<*R-infinity>", .real(-.infinity)), ("<*Rnan>", .real(.nan)),
            ("<*BY>", .bool(true)), ("<*BN>", .bool(false)),
            ("<*D2024-01-01 10:00:00 +0000>", BinaryReaderTests.date(2024, 1, 1, 10)),
            ("<*D0001-01-01 00:00:00 +0000>", .date(.earliest)), ("<*D9999-12-31 23:59:59 +0000>", .date(.latest)),
            ("<0aff>", .data([0x0A, 0xFF])), ("<[Cv8=]>", .data([0x0A, 0xFF]))
        ])
    func typedFormRoundTripsThroughOldStyle(form: String, expected: PropertyList) throws {
        let read = try OpenStepReader().read("{ k = \(form); other = x; }")
        #expect(read == ["k": expected, "other": "x"])
        let written = try OpenStepWriter().write(read)
        let reread = try OpenStepReader().read(written)
        #expect(reread == read, "\(written)")
        let strings = try OpenStepWriter().write(stringsFile: read.dictionaryValue!)
        #expect(try OpenStepReader().read(strings) == read, "\(strings)")
    }

    /// Text of strings, data and containers is plain OpenStep; a number, Boolean or date at any
    /// depth takes a typed form.
    @Test func tellsWhetherTextTakesTypedForms() {
        #expect(!OpenStepWriter.usesTypedForms(["a": ["b", .data([1]), ["c": "d"]], "e": .dictionary([:])]))
        for leaf: PropertyList in [1, -0.0, true, BinaryReaderTests.date(2024, 1, 1)] {
            #expect(OpenStepWriter.usesTypedForms(["a": ["b", ["c": leaf]]]))
        }
    }

    /// A date written with another zone's offset reads as the moment it names and is written
    /// back in UTC, the same moment.
    @Test func typedDateInAnotherZoneKeepsItsMoment() throws {
        let read = try OpenStepReader().read("<*D2024-01-01 10:00:00 -0130>")
        #expect(read == BinaryReaderTests.date(2024, 1, 1, 11, 30))
        #expect(try OpenStepWriter().write(read) == "<*D2024-01-01 11:30:00 +0000>\n")
    }

    /// Every real comes back with its bits from every format that can hold it; JSON refuses
    /// NaN and the infinities rather than change them.
    @Test(arguments: PropertyListFormat.allCases)
    func everyRealSurvives(format: PropertyListFormat) throws {
        for real in Self.reals {
            let value: PropertyList = ["r": .real(real), "list": [.real(real)]]
            if format == .json, !real.isFinite {
                #expect(throws: PropertyListError.self) { try format.encode(value) }
                continue
            }
            let bytes = try format.encode(value)
            let read = try PropertyListReader().read(anyFormat: bytes)
            #expect(read.format == format)
            #expect(read.value == value, "\(real) through \(format): \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// A value of every type comes back identical from every format but JSON (which has no
    /// dates or data): old-style text included, and as a `.strings` file.
    @Test(arguments: [PropertyListFormat.xml, .binary, .openStep])
    func everyTypeSurvives(format: PropertyListFormat) throws {
        let read = try PropertyListReader().read(anyFormat: try format.encode(Self.everyType))
        #expect(read.value == Self.everyType)
        let strings = try OpenStepWriter().write(stringsFile: Self.everyType.dictionaryValue!)
        #expect(try OpenStepReader().read(strings) == Self.everyType, "\(strings)")
    }

    /// A JSON writer for a file that must keep every type refuses dates and data, naming the key
    /// path; the default writer maps them to strings.
    @Test func jsonWriterRefusesDatesAndDataWhenAsked() throws {
        let value: PropertyList = ["list": [1, .data([0x0A])], "when": BinaryReaderTests.date(2024, 1, 1)]
        let error = #expect(throws: PropertyListError.self) { try JSONWriter(refusesDatesAndData: true).write(value) }
        #expect(error?.message == "the value at key path \"list.1\" is data, which JSON holds only as a string that reads back as a string")
        #expect(try JSONWriter(prettyPrinted: false).write(value) == #"{"list":[1,"Cg=="],"when":"2024-01-01T00:00:00Z"}"#)
        #expect(try JSONWriter(refusesDatesAndData: true).write(["r": -0.0, "i": 1]) == "{\n  \"i\": 1,\n  \"r\": -0.0\n}\n")
    }

    /// ``RealFormat/exact(_:)`` is the shortest text that reads back as the same double, and
    /// ``RealFormat/shortest(_:)`` keeps the sign of zero as `defaults read` prints it.
    @Test func realTextKeepsTheSign() {
        #expect(RealFormat.exact(-0.0) == "-0" && RealFormat.exact(0) == "0")
        #expect(RealFormat.shortest(-0.0) == "-0" && RealFormat.shortest(0) == "0")
        #expect(RealFormat.string(-0.0) == "-0.0" && RealFormat.string(0) == "0.0")
        #expect(RealFormat.exact(Double(Float(0.1))) == "0.10000000149011612" && RealFormat.shortest(Double(Float(0.1))) == "0.1")
        for real in Self.reals where real.isFinite {
            #expect(Double(RealFormat.exact(real))?.bitPattern == real.bitPattern, "\(real)")
        }
    }

    /// Python's plistlib writes the same XML and binary bytes for -0.0, reads -0.0 back from
    /// each of prefs' formats, and prefs reads plistlib's and `json`'s output back as -0.0.
    /// (plistlib's binary writer shares one object between `0.0` and `-0.0`, as Python finds
    /// them equal, so the value holds no positive zero: the XML golden test covers `0.0`.)
    @Test func plistlibAgreesOnNegativeZero() throws {
        let folder = TemporaryFolder()
        let value: PropertyList = ["p": 1.5, "z": -0.0, "list": [-0.0]]
        for format in [PropertyListFormat.xml, .binary, .json] {
            try Data(try format.encode(value)).write(to: URL(fileURLWithPath: folder.file("ours.\(format.rawValue)")))
        }
        let script = """
            import json, math, plistlib, sys
            folder = sys.argv[1]
            value = {"p": 1.5, "z": -0.0, "list": [-0.0]}
            for name, load in [("xml", plistlib.load), ("binary", plistlib.load), ("json", json.load)]:
                with open(f"{folder}/ours.{name}", "rb") as f:
                    read = load(f)
                print(name, math.copysign(1, read["z"]), math.copysign(1, read["p"]), math.copysign(1, read["list"][0]))
            with open(f"{folder}/python.xml", "wb") as f:
                plistlib.dump(value, f)
            with open(f"{folder}/python.binary", "wb") as f:
                plistlib.dump(value, f, fmt=plistlib.FMT_BINARY)
            with open(f"{folder}/python.json", "w") as f:
                json.dump(value, f)
            """
        let python = try Shell.run("/usr/bin/python3", ["-c", script, folder.path])
        #expect(python.status == 0, "\(python)")
        #expect(python.stdout == "xml -1.0 1.0 -1.0\nbinary -1.0 1.0 -1.0\njson -1.0 1.0 -1.0\n", "\(python)")
        for format in [PropertyListFormat.xml, .binary] {
            #expect(folder.bytes("python.\(format.rawValue)") == folder.bytes("ours.\(format.rawValue)"), "\(format)")
        }
        for format in [PropertyListFormat.xml, .binary, .json] {
            let read = try PropertyListReader().read(anyFormat: folder.bytes("python.\(format.rawValue)") ?? [])
            #expect(read.value == value, "\(format)")
        }
    }
}
