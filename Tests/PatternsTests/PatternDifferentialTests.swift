import TestSupport
import Testing

@testable import Patterns

/// prefs's linear-time matcher gives every string the verdict of Swift `Regex` matching by
/// Unicode scalar, for patterns covering each construct it supports.
@Suite struct PatternDifferentialTests {
    /// Patterns in the supported syntax, each construct at least once.
    static let patterns = [
        // Literals, `.`, concatenation, alternation, groups.
        "", "a", "abc", "é", "e\u{301}", "😀", "a.c", ".", "..", ".*", ".+", "a|b", "a|", "|", "ab|cd|", "(a|b)c", "(?:ab)+",
        "(?<name>a)b", "(?P<name>a)b", "(?'name'a)b", "()", "(|a)+", "(a|ab)(c|bcd)", "((a)|b)+", "(?#a comment)a", "a(?#x)b",
        "]", "}", "{", "a{", "a{1", "a{x}", "z{2}}", "x{,2}", "-", "a-b",
        // Quantifiers and their lazy forms.
        "a*", "a+", "a?", "a{2}", "a{2,}", "a{2,3}", "a{0}", "a{0,1}", "(a{0})*", "a*?", "a+?", "a??", "a{2,3}?", "a{1,}?",
        "(ab)*", "(a*)*", "(a*)+b", "(a|b)*c", "(a+)+", "(a|a)*", "(.*a){3}", "((a|b){2}c?)+", "a*b*c*", "(a?){3}a{3}",
        "[ab]{2,4}", "(?:a|é)+", "x*y+z?", "(a{2}){2}", "a{1000}",
        // Anchors.
        "^a", "a$", "^a$", "^$", "^", "$", "a^", "$a", "^(a|b)*$", "\\Aa\\z", "a\\Z", "a\\Z\\n", "a\\Z\\r", "a$\\n", "a\\n$",
        "a\\z\\n", "(^a|b)+", "(a$|b)+", "a\\Z.", "\\A\\Aa",
        // Escapes.
        "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\h", "\\H", "\\v", "\\V", "\\d+", "\\w+\\s?", "\\t", "\\n", "\\r", "\\f",
        "\\e", "\\a", "\\0", "\\012", "\\0123", "\\\\", "\\.", "\\*", "\\+", "\\?", "\\(", "\\)", "\\[", "\\]", "\\{", "\\}",
        "\\|", "\\^", "\\$", "\\-", "\\_", "\\ ", "\\/", "\\x41", "\\x4", "\\x{e9}", "\\x{1F600}", "\\u00e9", "\\u{301}",
        "\\U0001F600", "\\Qa.b\\E", "\\Qa.", "\\Q\\E", "\\p{L}", "\\p{Lu}", "\\p{Ll}", "\\p{N}", "\\p{Nd}",
        "\\p{No}", "\\p{P}", "\\p{S}", "\\p{Z}", "\\p{M}", "\\p{Mn}", "\\p{C}", "\\p{Cc}", "\\P{L}", "\\p{L&}", "\\p{LC}",
        "\\p{lu}", "\\p{gc=Lu}", "\\p{Letter}",
        // Brackets.
        "[abc]", "[^abc]", "[a-c]", "[^a-c]+", "[a-]", "[-a]", "[:a]", "[.]", "[a\\]]", "[\\d]", "[\\D]", "[^\\d]", "[\\w-]",
        "[\\s.]", "[\\x41-\\x43]", "[a-\\x{63}]", "[\\u00e0-\\u00ff]", "[é-ü]", "[\\p{L}\\d]", "[^\\P{L}]", "[\\^]", "[a^]",
        "[\\n\\r]", "[\\\\]", "[\\Q]\\E]", "[[:alpha:]]", "[[:alnum:]]", "[[:digit:]]", "[[:upper:]]", "[[:lower:]]",
        "[[:space:]]", "[[:blank:]]", "[[:xdigit:]]", "[[:cntrl:]]", "[[:punct:]]", "[[:^alpha:]]", "[^[:alpha:]]",
        "[[:alpha:][:digit:]_]+", "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}", "[a-z]+(\\.[a-z]+)*", "[ -~]*",
        // Manifest-like formats.
        "^(\\w+\\s?)*$", "(com|org)\\.[a-z]+", "^[0-9]+(\\.[0-9]+){0,2}$", "[^@]+@[^@]+\\.[a-z]{2,}", "\\d{1,3}(,\\d{3})*", "(a|b|c|é)*\\d?", "[^\\s]+",
        // Too many states for the deterministic automaton: simulated on ASCII strings too.
        "(a|b)*a(a|b){9}", "[ab]*a[ab]{8}c?"
    ]

    /// Strings chosen for the patterns above.
    static let subjects = [
        "", "a", "b", "c", "ab", "abc", "aa", "aaa", "aaaa", "aaaaaa", "ac", "bc", "abcd", "bcd", "aab", "aac", "abab", "é",
        "e\u{301}", "e", "😀", "A", "Z", "_", "-", ".", " ", "\t", "\n", "\r", "\r\n", "a\n", "a\r", "a\r\n", "a\n\n", "a\n.",
        "\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{200B}", "\u{0}", "\u{1B}", "\u{07}", "S", "\n3", "²",
        "٣", "Ⅷ", "½", "Ａ", "ǅ", "ª", "\u{301}", "$", "+", "!", "\\", "*", "?", "(", ")", "[", "]", "{", "}", "|", "^", "/",
        "a{", "a{1", "a{x}", "zz}", "xx", "x", "", "a-b", "a.c", "a.b", "a.", "hello world", "hello  world", "com.example",
        "org.a", "1.2.3", "1.2.3.4", "1,234,567", "a@b.cd", "ABCDEF01-2345", "abc.def", "aaaaaaaaaaaaaaaaaaaa!", "a b", "ab ", "a1_ b2", "0Σ", "_Ⅷ",
        "Σ0", "é😀 ", "x{2}", "a\\", "abcabc", "cab", "ba", "aabbcc", "\u{2029}", "a\u{2028}"
    ]

    /// The scalars random strings are drawn from: ASCII letters and punctuation the patterns
    /// name, newlines, and non-ASCII letters, digits, marks and spaces.
    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "c", "e", "x", "z", "A", "0", "1", "9", "_", "-", ".", " ", "\t", "\n", "\r", "@", "é", "ü", "Ⅷ", "²", "٣",
        "\u{301}", "\u{A0}", "\u{85}", "😀", "Σ"
    ]

    @Test(arguments: patterns)
    func everyStringGetsTheVerdictOfSwiftRegex(pattern: String) throws {
        let regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
        let program = try PatternProgram(compiling: pattern)
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: pattern.unicodeScalars.reduce(7) { $0 &* 31 &+ Int($1.value) }))
        var strings = Self.subjects
        for _ in 0..<300 {
            let length = Int.random(in: 0...8, using: &random)
            strings.append(String(String.UnicodeScalarView((0..<length).map { _ in Self.alphabet.randomElement(using: &random)! })))
        }
        for string in strings where !Self.oracleIsWrong(pattern: pattern, string: string) {
            let expected = try regex.wholeMatch(in: string) != nil
            #expect(program.matchesWhole(string) == expected, "\(pattern.debugDescription) on \(string.debugDescription)")
        }
    }

    /// Whether `string` meets one of the two faults of Swift `Regex` (6.3) matching by scalar,
    /// where prefs gives ICU's answer instead (see ``PatternOracleFaultTests``):
    /// - `\w` does not match an ASCII digit or `_` followed by a scalar of U+0300 or above
    ///   (`\w\w` fails on `0Σ`, though it matches `0é` and `aΣ`);
    /// - `\D`, `\W`, `\H`, `\S` and `\V` take `\r\n` as one scalar.
    static func oracleIsWrong(pattern: String, string: String) -> Bool {
        let scalars = Array(string.unicodeScalars)
        let digitBeforeHigh = zip(scalars, scalars.dropFirst()).contains { first, second in
            (("0"..."9").contains(first) || first == "_") && second.value >= 0x300
        }
        let crlf = zip(scalars, scalars.dropFirst()).contains { $0 == "\r" && $1 == "\n" }
        return (digitBeforeHigh && (pattern.contains("\\w") || pattern.contains("\\W")))
            || (crlf && ["\\D", "\\W", "\\H", "\\S", "\\V"].contains { pattern.contains($0) })
    }

    /// A small program's ASCII automaton is built whole when it is compiled; one that needs
    /// more states gets the first 256, and a large program only its start, the rest built as
    /// strings need them.
    @Test func aSmallProgramGetsItsAutomatonAtOnceAndALargeOneAsNeeded() throws {
        let small = try #require(try PatternProgram(compiling: "value [0-9]+ x*").dfa)
        #expect(small.threads.count > 1 && !small.transitions.contains(PatternDFA.unknown))
        #expect(try PatternProgram(compiling: "(a|b)*a(a|b){9}").dfa?.threads.count ?? 0 > PatternDFA.eagerStates)
        #expect(try PatternProgram(compiling: "a{1000}b{1000}c").dfa?.threads.count == 1)
        #expect(
            try PatternProgram(compiling: "a{1000}b{1000}c").matchesWhole(String(repeating: "a", count: 1000) + String(repeating: "b", count: 1000) + "c")
                == true)
    }

    @Test func theCorpusCoversEnoughPatternsAndStrings() {
        #expect(Self.patterns.count >= 200)
        #expect(Self.subjects.count >= 100)
    }
}
