import Foundation
import PropertyLists
import Testing

@testable import Preferences

/// `pfm_format` matched by prefs's linear-time matcher, compiled at once or when first used,
/// with the same verdict as Swift `Regex` on every string.
@Suite("pfm_format matching")
struct ManifestFormatTests {
    static let subjects = [
        "", "a", "abc", "aXc", "a\nc", "a\tc", "é", "ab", "bcbcd", "d", "x", "xx", "xxx", "xxxx", "value 12 xx", "value x", "value 7 ",
        "com.example", "org.a.b", "a@b", "@", " ", "ABCDEF01-2345-6789-abcd-ef0123456789", "abcdef01-2345-6789-abcd-ef012345678",
        "1.2.3", "v1.2", "#%&=~'\"<>!", "a b_c,d/e@f", "z{2}", "]", "-"
    ]

    static let patterns = [
        "value [0-9]+ x*", "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}", "(a|bc)*d?", "x{2,3}",
        "x{2,}", "x{2}", "[^a-c]+", ".+@.+", "a.c", "(ab)+|c", "^[a-z]+$", "[0-9]+(.[0-9]+)*", "[a b_c,d/e@f]+", "#%&=~'\"<>!",
        "(com|org)(.[a-z])+", "[.]", "a?b?c?",
        "^(com|org)\\.[a-z]+$", "[a-z]+(\\.[a-z]+)*", "\\d+", "(?:ab)+", "a*?b", "[[:alpha:]]+", "[a-]+", "x{,2}", "^$", "a|", "",
        "[:a]+", "z{2}}"
    ]

    @Test(arguments: patterns)
    func everyStringGetsTheVerdictOfSwiftRegex(pattern: String) throws {
        let regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
        let compiled = try ManifestPattern(pattern)
        let lazy = ManifestPattern(uncompiled: pattern)
        for subject in Self.subjects {
            let expected = try regex.wholeMatch(in: subject) != nil
            #expect(compiled.matchesWhole(subject) == expected, "\(pattern) on \(subject.debugDescription)")
            #expect(lazy.matchesWhole(subject) == expected, "\(pattern) on \(subject.debugDescription)")
        }
    }
}
