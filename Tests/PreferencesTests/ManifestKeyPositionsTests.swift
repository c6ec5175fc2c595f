import Testing

@testable import Preferences

/// A manifest level's keys found by name as a `[String: Int]` finds them: by canonical
/// equivalence, whether the names are ASCII (hashed by their bytes) or not.
@Suite("Manifest key positions")
struct ManifestKeyPositionsTests {
    /// The positions a `[String: Int]` gives, to compare with.
    static func expected(_ names: [String], _ name: String) -> Int? {
        Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })[name]
    }

    @Test func everyNameOfAThousandIsFoundAtItsPositionAndNoOtherIs() throws {
        let names = (0..<1_000).map { "key\($0)" }
        let positions = try #require(ManifestKeyPositions(names))
        for (position, name) in names.enumerated() { #expect(positions.position(of: name) == position) }
        for name in ["key1000", "key", "", "Key1", "key01"] { #expect(positions.position(of: name) == nil) }
    }

    @Test(
        arguments: [
            (["Key", "other"], "\u{212A}ey"),  // KELVIN SIGN is canonically K
            (["a;b"], "a\u{037E}b"),  // GREEK QUESTION MARK is canonically ;
            (["caf\u{E9}", "tea"], "cafe\u{301}"),
            (["cafe\u{301}", "tea"], "caf\u{E9}"),
            (["caf\u{E9}", "tea"], "tea"),
            (["caf\u{E9}", "tea"], "cafe"),
            (["Key"], "key")
        ])
    func aNameIsFoundAsADictionaryOfStringsFindsIt(names: [String], name: String) throws {
        let positions = try #require(ManifestKeyPositions(names))
        #expect(positions.position(of: name) == Self.expected(names, name))
    }

    @Test(arguments: [["a", "b", "a"], ["caf\u{E9}", "cafe\u{301}"], ["x", "y", "z", "x"]])
    func namesThatAreEqualAreRefused(names: [String]) {
        #expect(ManifestKeyPositions(names) == nil)
    }
}
