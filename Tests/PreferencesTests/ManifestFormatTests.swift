import Foundation
import PropertyLists
import Testing

@testable import Preferences

/// `pfm_format` matched by glibc where ICU's syntax and POSIX's agree, and by Swift `Regex`
/// elsewhere, with the same verdict as `Regex` on every string.
@Suite("pfm_format matching")
struct ManifestFormatTests {
    static let subjects = [
        "", "a", "abc", "aXc", "a\nc", "a\tc", "é", "ab", "bcbcd", "d", "x", "xx", "xxx", "xxxx", "value 12 xx", "value x", "value 7 ",
        "com.example", "org.a.b", "a@b", "@", " ", "ABCDEF01-2345-6789-abcd-ef0123456789", "abcdef01-2345-6789-abcd-ef012345678",
        "1.2.3", "v1.2", "#%&=~'\"<>!", "a b_c,d/e@f", "z{2}", "]", "-"
    ]

    static let patterns = [
        // In the part both syntaxes share: glibc matches printable ASCII.
        "value [0-9]+ x*", "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}", "(a|bc)*d?", "x{2,3}",
        "x{2,}", "x{2}", "[^a-c]+", ".+@.+", "a.c", "(ab)+|c", "^[a-z]+$", "[0-9]+(.[0-9]+)*", "[a b_c,d/e@f]+", "#%&=~'\"<>!",
        "(com|org)(.[a-z])+", "[.]", "a?b?c?",
        // Outside it: Regex matches.
        "^(com|org)\\.[a-z]+$", "[a-z]+(\\.[a-z]+)*", "\\d+", "(?:ab)+", "a*?b", "[[:alpha:]]+", "[a-]+", "x{,2}", "^$", "a|", "",
        "[:a]+", "z{2}}", "(a)\\1"
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

    @Test(arguments: [
        ("value [0-9]+ x*", true), ("[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}", true), ("(a|bc)*d?", true), ("^[a-z]+$", true),
        ("\\d+", false), ("(?:ab)+", false), ("a*?b", false), ("a**", false), ("[a-]", false), ("[:a]", false), ("[z-a]", false),
        ("()", false), ("(a|)", false), ("a$b", false), ("x{300}", false), ("x{3,2}", false), ("é", false), ("a{2}{3}", false)
    ])
    func onlyTheSharedPartIsMatchedByGlibc(pattern: String, shared: Bool) {
        #expect(POSIXPattern.isShared(Array(pattern.utf8)) == shared)
        #expect((POSIXPattern(pattern) != nil) == shared)
    }
}
