import PropertyLists
import Testing

@testable import Preferences

/// A `pfm_range_list` is looked up in a hashed set, with the verdict the comparison of the value
/// with each choice gives (``ManifestChecker/compare(_:_:)``): numbers by their exact values
/// across integers and reals, NaN equal to nothing, strings exactly, dates and Booleans when
/// equal.
@Suite("pfm_range_list look-ups")
struct ManifestChoicesTests {
    static let numbers: [PropertyList] = [
        0, 1, 3, -1, .real(0), .real(-0.0), .real(1), .real(1.5), .real(-1), .real(3.0000000000000004),
        .integer(PropertyListInteger(Int64(1) << 53)), .integer(PropertyListInteger(Int64(1) << 53 + 1)), .real(9_007_199_254_740_992),
        .real(9_007_199_254_740_994),
        .integer(PropertyListInteger(UInt64.max)), .integer(PropertyListInteger(Int64.min)), .real(18_446_744_073_709_551_616),
        .real(-9_223_372_036_854_775_808), .real(.infinity), .real(-.infinity), .real(.nan), .real(1e300), .real(.leastNonzeroMagnitude)
    ]
    static let others: [PropertyList] = [
        "é", "e\u{301}", "E", "e", "", "a\u{0}b", "a", .bool(true), .bool(false), .date(PropertyListDate(secondsSince1970: 0)!),
        .date(PropertyListDate(secondsSince1970: 1)!), .date(PropertyListDate(secondsSince1970: -1)!)
    ]

    /// Every value against lists of every size made from the same family, each list once as a
    /// set and once compared choice by choice.
    @Test(arguments: [numbers, others])
    func theSetFindsWhatComparingEachChoiceFinds(family: [PropertyList]) {
        for length in [0, 1, 2, 5, family.count] {
            for offset in stride(from: 0, to: family.count, by: 3) {
                let list = (0..<length).map { family[($0 * 7 + offset) % family.count] }
                let choices = ManifestChoices(list)
                for value in family {
                    let compared = list.contains { ManifestChecker.compare(value, $0) == .equal }
                    #expect(choices.contains(value) == compared, "\(value) in \(list)")
                }
            }
        }
    }
}
