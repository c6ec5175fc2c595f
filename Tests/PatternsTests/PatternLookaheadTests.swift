import TestSupport
import Testing

@testable import Patterns

/// A lookahead whose expression matches one scalar, before an atom that matches one scalar
/// (Chrome's "no colon" `^((?!\:).)*$`), is matched as the one set the two leave, in linear
/// time, with the verdict of Swift `Regex`; a lookahead of any other shape stays refused by name.
@Suite struct PatternLookaheadTests {
    /// Lookaheads before one scalar, as real manifests write them and around them.
    static let patterns = [
        #"^((?!\:).)*$"#, #"^((?!\.).)*$"#, #"(?:(?!\.).)+"#, #"(?![ab])\w"#, #"((?![ab])\w)*"#, #"((?=[a-z]).)*"#,
        #"(?=\d)[^5]"#, #"(?!é)."#, #"((?!é).)+"#, #"((?!\n)[\s\S])*"#, #"((?!\s).)*"#, #"((?!\d)\w)+"#, #"(?!\x{1F600})."#,
        #"((?![:/])\S)*"#, #"(?!\p{Lu})\p{L}"#, #"(?=[[:alpha:]])[^a]"#, #"a(?!b).c"#, #"((?!.)[\s\S])*"#, #"(?![^a])."#,
        #"(?=.)\n|x"#, #"(?!\n)\n"#, #"(?!a)]"#, #"(?!a){"#, #"(?!\u{301})."#, #"((?!\.)\P{L})*"#,
        #"((?!:).|::)*"#, #"(?!a)b(?=c)c"#, #"x((?!\r).)*y"#, #"((?=[^\n]).)*"#
    ]

    /// Strings for the patterns above: colons, dots, newlines, non-ASCII letters, marks and digits.
    static let subjects = [
        "", "a", "b", "ab", "a:b", ":", "a.b", ".", "ab.", "com", "com.example", "x-y", "https://e", "a\n", "\n", "\r", "\r\n",
        "é", "e\u{301}", "\u{301}", "😀", "a😀b", "A", "Éa", "ß", "5", "56", "٣", "²", "Ⅷ", "_", " ", "a b", "\u{85}", "\u{2028}",
        "abc", "ac", "aXc", "a.c", "a\nc", "xy", "x\ry", "xaby", "::", "a::b", "a:b:c", "]", "{", "bc", "Σ", "a\u{A0}"
    ]

    /// The scalars random strings are drawn from.
    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "c", "A", "Z", "5", "_", ":", ".", "/", " ", "\t", "\n", "\r", "é", "Σ", "ß", "²", "٣", "\u{301}", "\u{85}", "\u{2028}", "😀"
    ]

    @Test(arguments: patterns)
    func everyStringGetsTheVerdictOfSwiftRegex(pattern: String) throws {
        let regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
        let program = try PatternProgram(compiling: pattern)
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: pattern.unicodeScalars.reduce(11) { $0 &* 31 &+ Int($1.value) }))
        var strings = Self.subjects
        for _ in 0..<300 {
            let length = Int.random(in: 0...8, using: &random)
            strings.append(String(String.UnicodeScalarView((0..<length).map { _ in Self.alphabet.randomElement(using: &random)! })))
        }
        for string in strings where !PatternDifferentialTests.oracleIsWrong(pattern: pattern, string: string) {
            let expected = try regex.wholeMatch(in: string) != nil
            #expect(program.matchesWhole(string) == expected, "\(pattern.debugDescription) on \(string.debugDescription)")
        }
    }

    /// The atoms random lookaheads are made of, each matching one scalar.
    static let atoms = [
        "a", "é", ".", #"\d"#, #"\w"#, #"\s"#, #"\S"#, #"\D"#, "[a-c]", "[^a]", "[:/]", #"\n"#, #"\."#, #"\:"#, "[[:alpha:]]",
        #"\p{Lu}"#, #"\P{L}"#, "😀", #"\x{301}"#, #"[^\n]"#
    ]

    /// Random lookaheads of the supported shape, inside random surroundings, give every string
    /// the verdict of Swift `Regex`.
    @Test(arguments: 0..<4)
    func randomLookaheadsBeforeOneScalarAgreeWithSwiftRegex(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &* 0x2545_F491)
        for _ in 0..<150 {
            func atom() -> String { Self.atoms.randomElement(using: &random)! }
            let lookahead = "(?\(Bool.random(using: &random) ? "=" : "!")\(atom()))\(atom())"
            let around = ["", "^", "a", "x*", atom()].randomElement(using: &random)!
            let repeated = ["", "*", "+", "?", "{2}"].randomElement(using: &random)!
            let alternative = ["", "|:", "|\(atom())\(atom())"].randomElement(using: &random)!
            let pattern = "\(around)(?:\(lookahead)\(alternative))\(repeated)\(["", "$", around].randomElement(using: &random)!)"
            let regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
            let program = try PatternProgram(compiling: pattern)
            var strings = Self.subjects
            for _ in 0..<40 {
                let length = Int.random(in: 0...6, using: &random)
                strings.append(String(String.UnicodeScalarView((0..<length).map { _ in Self.alphabet.randomElement(using: &random)! })))
            }
            for string in strings where !PatternDifferentialTests.oracleIsWrong(pattern: pattern, string: string) {
                let expected = try regex.wholeMatch(in: string) != nil
                #expect(program.matchesWhole(string) == expected, "\(pattern.debugDescription) on \(string.debugDescription)")
            }
        }
    }

    /// A lookahead whose expression is longer than one scalar, that ends the pattern, or that
    /// precedes a quantified atom (`(?!a)b*` repeats `b` alone), a group, an anchor or quoted
    /// text, is refused as a lookahead; so is one under `(?i)`, refused for its inline option,
    /// which prefs never matches, rather than enforced case-sensitively.
    @Test(arguments: [
        ("(?!ab).", "a lookahead ((?!…))"), ("(?=a|b).", "a lookahead ((?=…))"), ("(?!a*).", "a lookahead ((?!…))"),
        ("(?!(a)).", "a lookahead ((?!…))"), ("a(?=b)", "a lookahead ((?=…))"), ("(?!a)b*", "a lookahead ((?!…))"),
        ("(?![ab])\\w+", "a lookahead ((?!…))"), ("(?!a)b{2}", "a lookahead ((?!…))"), ("(?!a)b?", "a lookahead ((?!…))"),
        ("(?!a)(b)", "a lookahead ((?!…))"), ("((?=\\w)(?:é|.))*", "a lookahead ((?=…))"), ("(?!a)(?!b).", "a lookahead ((?!…))"),
        ("(?!a)$", "a lookahead ((?!…))"),
        ("(?!\\Qa\\E).", "a lookahead ((?!…))"), ("(?!\\A).", "a lookahead ((?!…))"), ("(?!a)\\Qb\\E", "a lookahead ((?!…))"),
        ("(?!\\ba).", "a lookahead ((?!…))"), ("(?![z-a]).", "a lookahead ((?!…))"),
        ("(?!a).(?!b)", "a lookahead ((?!…))"), ("(?<!a).", "a lookbehind ((?<!…))"),
        ("(?i)((?!a).)*", "inline options ((?i…))"), ("(?i:(?!a).)", "inline options ((?i…))")
    ])
    func otherLookaheadsAreRefusedByName(pattern: String, construct: String) {
        #expect {
            _ = try PatternProgram(compiling: pattern)
        } throws: { error in
            guard case .unsupported(let named, _) = error as? PatternError else { return false }
            return named == construct
        }
    }

    /// The set a lookahead leaves is tested once per scalar, as a bracket expression is:
    /// a megabyte without a colon matches at once.
    @Test func aLookaheadBeforeOneScalarMatchesAMegabyteInOnePass() throws {
        let program = try PatternProgram(compiling: #"^((?!\:).)*$"#)
        let value = String(repeating: "aé.", count: 1 << 18)
        #expect(program.matchesWhole(value) == true)
        #expect(program.matchesWhole(value + ":") == false)
    }
}
