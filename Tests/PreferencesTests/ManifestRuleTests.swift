import Foundation
import Preferences
import PropertyLists
import TestSupport
import Testing

/// Each rule of the `pfm_*` format prefs checks, the exact message of each, and nesting.
@Suite("Manifest rules")
struct ManifestRuleTests {
    typealias F = ManifestFixtures

    /// One rule broken: the key's description, the value stored, the message expected.
    struct Case: CustomTestStringConvertible, Sendable {
        let key: PropertyList
        let value: PropertyList
        let message: String?
        var testDescription: String { message ?? "passes: \(value)" }
    }

    static let cases: [Case] = [
        Case(key: F.key("k", "integer"), value: "14", message: #"is a string, "14", not an integer"#),
        Case(key: F.key("k", "string"), value: ["a"], message: "is an array, not a string"),
        Case(key: F.key("k", "boolean"), value: 1, message: "is an integer, 1, not a boolean"),
        Case(key: F.key("k", "dictionary"), value: .data([1, 2]), message: "is data, not a dictionary"),
        Case(key: F.key("k", "real"), value: 3, message: nil),
        Case(key: F.key("k", "float"), value: .real(2.5), message: nil),
        Case(key: F.key("k", "float"), value: "2.5", message: #"is a string, "2.5", not a real"#),
        Case(key: F.key("k", "integer", ["pfm_range_min": 6]), value: 2, message: "is 2, below the minimum 6"),
        Case(key: F.key("k", "integer", ["pfm_range_min": 6]), value: 6, message: nil),
        Case(key: F.key("k", "integer", ["pfm_range_max": 400]), value: 900, message: "is 900, above the maximum 400"),
        Case(key: F.key("k", "integer", ["pfm_range_max": 400]), value: 400, message: nil),
        Case(key: F.key("k", "integer", ["pfm_range_max": .integer(.max)]), value: .integer(PropertyListInteger(UInt64.max - 1)), message: nil),
        Case(
            key: F.key("k", "integer", ["pfm_range_min": .integer(PropertyListInteger(UInt64.max))]),
            value: .integer(PropertyListInteger(UInt64.max - 1)), message: "is 18446744073709551614, below the minimum 18446744073709551615"),
        Case(key: F.key("k", "real", ["pfm_range_max": .real(1.5)]), value: .real(2.5), message: "is 2.5, above the maximum 1.5"),
        Case(key: F.key("k", "real", ["pfm_range_min": .real(0.5)]), value: 0, message: "is 0, below the minimum 0.5"),
        // Integers and reals compare exactly: beyond 2^53, against infinities and NaN, -0.0 as 0.
        Case(key: F.key("k", "real", ["pfm_range_min": 0]), value: .real(.nan), message: "is nan, which is not a number, so no range holds it"),
        Case(key: F.key("k", "real", ["pfm_range_max": .real(1)]), value: .real(.nan), message: "is nan, which is not a number, so no range holds it"),
        Case(
            key: F.key("k", "real", ["pfm_range_max": .real(9_007_199_254_740_992)]), value: .integer(PropertyListInteger(9_007_199_254_740_993)),
            message: "is 9007199254740993, above the maximum 9007199254740992"),
        Case(
            key: F.key("k", "real", ["pfm_range_min": .integer(PropertyListInteger(9_007_199_254_740_993))]), value: .real(9_007_199_254_740_992),
            message: "is 9007199254740992, below the minimum 9007199254740993"),
        Case(
            key: F.key("k", "real", ["pfm_range_max": .integer(.max)]), value: .real(18_446_744_073_709_551_616),
            message: "is 1.8446744073709552e+19, above the maximum 18446744073709551615"),
        Case(
            key: F.key("k", "real", ["pfm_range_max": .integer(.max)]), value: .real(.infinity), message: "is +infinity, above the maximum 18446744073709551615"
        ),
        Case(key: F.key("k", "real", ["pfm_range_min": .integer(.min)]), value: .real(-9_223_372_036_854_775_808), message: nil),
        Case(
            key: F.key("k", "real", ["pfm_range_min": .integer(.min)]), value: .real(-.infinity),
            message: "is -infinity, below the minimum -9223372036854775808"),
        Case(
            key: F.key("k", "real", ["pfm_range_min": .integer(.min)]), value: .real(-9_223_372_036_854_777_856),
            message: "is -9.2233720368547779e+18, below the minimum -9223372036854775808"),
        Case(key: F.key("k", "real", ["pfm_range_min": 0]), value: .real(-0.0), message: nil),
        Case(key: F.key("k", "real", ["pfm_range_max": .real(0.5)]), value: 1, message: "is 1, above the maximum 0.5"),
        Case(
            key: F.key("k", "real", ["pfm_range_list": [.integer(PropertyListInteger(9_007_199_254_740_993))]]), value: .real(9_007_199_254_740_992),
            message: "is 9007199254740992, not one of 9007199254740993"),
        Case(key: F.key("k", "real", ["pfm_range_list": [.real(0)]]), value: .real(-0.0), message: nil),
        Case(key: F.key("k", "string", ["pfm_range_list": ["light", "dark"]]), value: "sepia", message: #"is "sepia", not one of light, dark"#),
        Case(key: F.key("k", "string", ["pfm_range_list": ["light", "dark"]]), value: "dark", message: nil),
        Case(key: F.key("k", "integer", ["pfm_range_list": [1, 2]]), value: 3, message: "is 3, not one of 1, 2"),
        Case(key: F.key("k", "string", ["pfm_format": "[0-9]+"]), value: "12a", message: #"is "12a", which does not match the format "[0-9]+""#),
        Case(
            key: F.key("k", "string", ["pfm_format": "a\\Z"]), value: "a\n\t\"",
            message: #"is "a\n\t\"", which does not match the format "a\\Z""#),
        Case(key: F.key("k", "string", ["pfm_format": "[0-9]+"]), value: "123", message: nil),
        Case(key: F.key("k", "array", ["pfm_repetition_min": 1]), value: [], message: "has 0 items, fewer than the minimum 1"),
        Case(key: F.key("k", "array", ["pfm_repetition_max": 2]), value: [1, 2, 3], message: "has 3 items, more than the maximum 2"),
        Case(key: F.key("k", "array", ["pfm_repetition_max": 2]), value: [1, 2], message: nil),
        Case(
            key: F.key("k", "array", ["pfm_subkeys": [F.key("", "string")]]), value: ["a", 2],
            message: "is an integer, 2, not a string"),
        // pfm_value_unique, on the array or (as Chrome's and Apple's manifests put it) on its items.
        Case(
            key: F.key("k", "array", ["pfm_value_unique": true]), value: ["theme", "app", "theme"],
            message: #"has "theme" more than once (items 0 and 2), but its items must be unique"#),
        Case(
            key: F.key("k", "array", ["pfm_subkeys": [F.key("", "string", ["pfm_value_unique": true])]]), value: ["a", "b", "b"],
            message: #"has "b" more than once (items 1 and 2), but its items must be unique"#),
        Case(key: F.key("k", "array", ["pfm_subkeys": [F.key("", "string", ["pfm_value_unique": true])]]), value: ["a", "A", "é", "e\u{301}"], message: nil),
        Case(key: F.key("k", "array", ["pfm_value_unique": false]), value: ["a", "a"], message: nil),
        Case(key: F.key("k", "array"), value: ["a", "a"], message: nil),
        Case(
            key: F.key("k", "array", ["pfm_subkeys": [F.key("", "real", ["pfm_value_unique": true])]]), value: [2, 1, .real(1)],
            message: "has 1 more than once (items 1 and 2), but its items must be unique"),
        Case(
            key: F.key("k", "array", ["pfm_value_unique": true]), value: [.real(0), .real(-0.0)],
            message: "has 0.0 more than once (items 0 and 1), but its items must be unique"),
        Case(
            key: F.key("k", "array", ["pfm_value_unique": true]), value: [.integer(PropertyListInteger(9_007_199_254_740_993)), .real(9_007_199_254_740_992)],
            message: nil),
        Case(
            key: F.key("k", "array", ["pfm_value_unique": true]), value: [["a": 1], ["a": 2], ["a": 1]],
            message: "has a dictionary of 1 keys more than once (items 0 and 2), but its items must be unique")
    ]

    /// Each rule passes or fails its value with the exact message.
    @Test(arguments: cases)
    func ruleReportsItsMessage(_ rule: Case) throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest([rule.key], in: scratch)
            let violations = manifest.check(["k": rule.value])
            #expect(violations.map(\.message) == (rule.message.map { [$0] } ?? []))
            #expect(violations.allSatisfy { $0.severity == .error })
        }
    }

    @Test func aRequiredKeyMissingIsAnErrorAndPresentIsNot() throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest([F.key("name", "string", ["pfm_require": "always"])], in: scratch)
            #expect(manifest.check([:]).map(\.description) == [#"key "name": is required but missing"#])
            #expect(manifest.check(["name": "x"]).isEmpty)
        }
    }

    @Test func unknownKeysWarnAndAreErrorsWhenStrict() throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest([F.key("known", "string")], in: scratch)
            let lax = manifest.check(["other": 1])
            #expect(lax == [ManifestViolation(path: ["other"], message: "is not in the manifest", severity: .warning)])
            #expect(manifest.check(["other": 1], strict: true).map(\.severity) == [.error])
        }
    }

    @Test func deprecatedKeysWarn() throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest([F.key("old", "string", ["pfm_deprecated": true])], in: scratch)
            #expect(manifest.check(["old": "x"]) == [ManifestViolation(path: ["old"], message: "is deprecated", severity: .warning)])
        }
    }

    @Test func payloadKeysDescribeTheProfileWrapperAndAreIgnored() throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest(
                [
                    F.key("PayloadType", "string", ["pfm_require": "always"]),
                    F.key("PayloadUUID", "string", ["pfm_require": "always"]),
                    F.key("fontSize", "integer")
                ], in: scratch)
            #expect(manifest.keys.all.map(\.name) == ["fontSize"])
            #expect(manifest.check(["fontSize": 3, "PayloadVersion": 1]).isEmpty)
        }
    }

    @Test func nestedRulesReportTheFullKeyPathOfDictionariesInArraysInDictionaries() throws {
        try withScratch { scratch throws in
            let item = F.key(
                "", "dictionary",
                [
                    "pfm_subkeys": [
                        F.key("name", "string", ["pfm_require": "always"]),
                        F.key("size", "integer", ["pfm_range_max": 10])
                    ]
                ])
            let manifest = try F.manifest(
                [
                    F.key("outer", "dictionary", ["pfm_subkeys": [F.key("items", "array", ["pfm_subkeys": [item]])]])
                ], in: scratch)
            let domain: PropertyListDictionary = ["outer": ["items": [["name": "a", "size": 3], ["size": 11, "extra": true]]]]
            #expect(
                manifest.check(domain).map(\.description) == [
                    #"key "outer.items.1.size": is 11, above the maximum 10"#,
                    #"key "outer.items.1.extra": is not in the manifest"#,
                    #"key "outer.items.1.name": is required but missing"#
                ])
        }
    }

    /// Each repeated value is named once, at its first two places, however often it recurs;
    /// an array item's own `pfm_value_unique` is a rule of the array that holds it.
    @Test func uniqueItemsNameEachRepeatedValueOnceAndApplyToTheArrayThatHoldsThem() throws {
        try withScratch { scratch throws in
            let pairs = F.key("", "array", ["pfm_value_unique": true, "pfm_subkeys": [F.key("", "string")]])
            let manifest = try F.manifest(
                [F.key("tags", "array", ["pfm_value_unique": true]), F.key("rows", "array", ["pfm_subkeys": [pairs]])], in: scratch)
            #expect(manifest.keys.all.map(\.itemsAreUnique) == [true, true])
            #expect(manifest.keys.all[1].itemKey?.itemsAreUnique == false)
            #expect(
                manifest.check(["tags": ["a", "b", "a", "a", "b", "c"], "rows": [["x", "x"], ["y"], ["x", "x"]]]).map(\.description) == [
                    #"key "tags": has "a" more than once (items 0 and 2), but its items must be unique"#,
                    #"key "tags": has "b" more than once (items 1 and 4), but its items must be unique"#,
                    #"key "rows": has an array of 2 items more than once (items 0 and 2), but its items must be unique"#
                ])
        }
    }

    /// Repeats are found by hashing: 200,000 items, distinct but for one pair at the ends, are
    /// checked at once (comparing every pair would take 2 × 10^10 comparisons).
    @Test func uniqueItemsAreCheckedInLinearTime() throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest([F.key("k", "array", ["pfm_value_unique": true])], in: scratch)
            let items = (0..<200_000).map { PropertyList.string("item \($0)") } + ["item 0"]
            let start = Date()
            #expect(
                manifest.check(["k": .array(items)]).map(\.message) == [
                    #"has "item 0" more than once (items 0 and 200000), but its items must be unique"#
                ])
            #expect(Date().timeIntervalSince(start) < patience, "took \(Date().timeIntervalSince(start)) s")
        }
    }

    @Test func aKeyPathWithADotEscapesItInMessages() {
        #expect(ManifestViolation(path: ["a.b", "c"], message: "m").description == #"key "a\.b.c": m"#)
    }

    @Test func checkingOneKeyForAWriteIgnoresTheRestAndRefusesRemovingARequiredKey() throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest(
                [
                    F.key("size", "integer", ["pfm_range_max": 10]), F.key("name", "string", ["pfm_require": "always"])
                ], in: scratch)
            #expect(manifest.check(5, forKey: "size").isEmpty)
            #expect(manifest.check("x", forKey: "unknown").isEmpty)
            #expect(manifest.check(11, forKey: "size").map(\.message) == ["is 11, above the maximum 10"])
            #expect(manifest.check(nil, forKey: "name").map(\.message) == ["is required, so it may not be removed"])
        }
    }

    @Test func defaultsAndDescriptionsAreFoundAlongKeyPaths() throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest(
                [
                    F.key("window", "dictionary", ["pfm_default": ["width": 800], "pfm_subkeys": [F.key("width", "integer")]]),
                    F.key("panel", "dictionary", ["pfm_subkeys": [F.key("side", "string", ["pfm_default": "left"])]]),
                    F.key("list", "array", ["pfm_subkeys": [F.key("", "integer")]])
                ], in: scratch)
            #expect(manifest.defaultValue(at: ["window", "width"]) == 800)
            #expect(manifest.defaultValue(at: ["panel", "side"]) == "left")
            #expect(manifest.defaultValue(at: ["panel"]) == nil)
            #expect(manifest.defaults == ["window": ["width": 800]])
            #expect(manifest.key(at: ["list", "3"])?.type == .integer)
            #expect(manifest.key(at: ["list", "x"]) == nil)
            #expect(manifest.key(at: ["panel", "side"])?.defaultValue == "left")
        }
    }

    @Test func anInferredManifestDescribesTheDomainItCameFrom() throws {
        try withScratch { scratch throws in
            let domain: PropertyListDictionary = [
                "size": 12, "name": "x", "list": [["a": 1], ["b": true]], "mixed": [1, "a"], "nested": ["deep": .real(1.5)]
            ]
            let path = scratch.file("inferred.plist")
            try Data(try PropertyListWriter().write(.dictionary(Manifest.inferred(domain: "d", from: domain)))).write(to: URL(fileURLWithPath: path))
            let manifest = try Manifest(contentsOf: path)
            #expect(manifest.domain == "d")
            #expect(manifest.check(domain, strict: true).isEmpty)
            #expect(manifest.key(at: ["list", "0", "b"])?.type == .boolean)
            #expect(manifest.key(at: ["mixed", "0"]) == nil)
            #expect(manifest.defaultValue(at: ["size"]) == 12)
        }
    }
}
