import Testing

@testable import Patterns

/// What the matcher refuses: constructs it cannot match in linear time or does not support,
/// each named in the error, and text that is not a regular expression.
@Suite struct PatternRefusalTests {
    @Test(arguments: [
        ("(a)\\1", "a backreference (\\1)"), ("(?<n>a)\\k<n>", "a backreference (\\k)"), ("(a)\\g1", "a backreference (\\g)"),
        ("(?P<n>a)(?P=n)", "a backreference ((?P=…))"), ("(a*)*\\1c", "a backreference (\\1)"), ("(?=ab)a", "a lookahead ((?=…))"),
        ("(?!b)a*", "a lookahead ((?!…))"), ("(?<=a)b", "a lookbehind ((?<=…))"), ("(?<!a)b", "a lookbehind ((?<!…))"),
        ("a*+", "a possessive quantifier (*+)"), ("a++", "a possessive quantifier (++)"), ("a?+", "a possessive quantifier (?+)"),
        ("a{2}+", "a possessive quantifier ({…}+)"), ("(?>a)", "an atomic group ((?>…))"), ("(?(1)a|b)", "a conditional ((?(…))"),
        ("(a(?R)?)", "recursion or a subroutine call ((?R…))"), ("(a)(?1)", "recursion or a subroutine call ((?1…))"),
        ("(?i)a", "inline options ((?i…))"), ("(?i:a)", "inline options ((?i…))"), ("(?x)a", "inline options ((?x…))"),
        ("(?|a)", "a branch reset group ((?|…))"), ("\\bfoo", "a word boundary (\\b)"), ("a\\B", "a word boundary (\\B)"),
        ("a{1001}", "a repetition count above 1000"), ("a{2,5000}", "a repetition count above 1000"),
        ("(a{1000}){1000}", "repetitions that would compile to more than 30000 instructions"), ("\\p{Greek}", "the character property \\p{Greek}"),
        ("\\p{Alphabetic}", "the character property \\p{Alphabetic}"), ("[[:word:]]", "the POSIX class [:word:]"),
        ("[[:graph:]]", "the POSIX class [:graph:]"), ("[a[bc]]", "a nested class or set operation ([)"),
        ("[a-z&&[^x]]", "a nested class or set operation (&&)"), ("[a-z--x]", "a nested class or set operation (--)"),
        ("[=-[]", "a nested class or set operation ([)"),
        ("\\X", "the escape \\X"), ("\\R", "the escape \\R"), ("\\G", "the escape \\G"), ("\\y", "the escape \\y"),
        ("\\N{LATIN SMALL LETTER A}", "the escape \\N"), ("a{1, 2}", "an interval with spaces or without numbers"),
        ("[:alpha:]", "a POSIX class outside brackets"), ("(*FAIL)", "a backtracking verb ((*…))"),
        (String(repeating: "(", count: 101) + String(repeating: ")", count: 101), "groups nested more than 100 deep")
    ])
    func unsupportedConstructsAreRefusedByName(pattern: String, construct: String) {
        #expect {
            _ = try PatternProgram(compiling: pattern)
        } throws: { error in
            guard case .unsupported(let named, _) = error as? PatternError else { return false }
            return named == construct
        }
    }

    @Test(arguments: ["[unclosed", "(a", "a)", ")", "*a", "a**", "a{2}{3}", "^*", "a{3,2}", "[]a]", "[z-a]", "[\\d-z]", "\\", "\\é", "[ab\\]", "\\Qab\\E+"])
    func textThatIsNotARegularExpressionIsInvalid(pattern: String) {
        #expect {
            _ = try PatternProgram(compiling: pattern)
        } throws: { error in
            guard case .invalid = error as? PatternError else { return false }
            return true
        }
        #expect(throws: (any Error).self) { _ = try Regex(pattern) }
    }

    @Test func aDeeplyNestedPatternIsRefusedWithoutExhaustingTheStack() {
        let pattern = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(throws: PatternError.self) { _ = try PatternProgram(compiling: pattern) }
    }

    @Test func aVeryLongPatternIsRefusedBeforeItIsParsed() {
        #expect {
            _ = try PatternProgram(compiling: String(repeating: "(?:a)", count: 30_000))
        } throws: { error in
            (error as? PatternError)
                == .unsupported(
                    construct: "more than 100000 characters", reason: "the compiled pattern must stay small for matching to stay fast")
        }
    }

    @Test func theMessageNamesTheConstructAndWhy() {
        let error = PatternError.unsupported(construct: "a backreference (\\1)", reason: "matching it can take exponential time")
        #expect(error.description == "uses a backreference (\\1), which prefs does not support: matching it can take exponential time")
    }
}
