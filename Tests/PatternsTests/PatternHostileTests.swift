import TestSupport
import Testing

@testable import Patterns

/// Patterns that make a backtracking engine take exponential time finish on long strings:
/// a hang would run into the suite's time limit.
@Suite(.timeLimit(.minutes(1))) struct PatternHostileTests {
    static let long = String(repeating: "a", count: 10_000)

    @Test(arguments: [
        ("^(\\w+\\s?)*$", long + "!", false), ("^(\\w+\\s?)*$", long, true), ("(a+)+b", long, false), ("(a+)+b", long + "b", true),
        ("(a|a)*c", long, false), ("(a|a)*c", long + "c", true), ("(.*a){20}", long, true), ("(.*a){20}", long + "b", false),
        ("(a*)*b", long, false), ("(a?){1000}a{1000}", String(repeating: "a", count: 1000), true),
        ("([a-z]+\\.?)+@", long + ".", false), ("(\\d|\\w|[a-z])*!", long, false)
    ])
    func backtrackingKillersFinishOnTenThousandScalars(pattern: String, subject: String, matches: Bool) throws {
        #expect(try PatternProgram(compiling: pattern).matchesWhole(subject) == matches)
    }

    @Test func theTestersHangingValueIsRefusedQuickly() throws {
        let pattern = try PatternProgram(compiling: "^(\\w+\\s?)*$")
        #expect(pattern.matchesWhole("aaaaaaaaaaaaaaaaaaaa!") == false)
        #expect(pattern.matchesWhole(String(repeating: "aaaaaaaaaa ", count: 2_000) + "!") == false)
    }

    @Test func aLongNonASCIIStringFinishes() throws {
        let subject = String(repeating: "é😀 ", count: 5_000)
        #expect(try PatternProgram(compiling: "(\\w*\\W*)*x").matchesWhole(subject) == false)
        #expect(try PatternProgram(compiling: "([é😀]|\\s)+").matchesWhole(subject) == true)
    }

    /// A megabyte against formats that keep up to a thousand alternatives open gets its verdict
    /// at once (16 to 48 s before): the automaton builds each state once and reuses it.
    @Test func aMegabyteGetsItsVerdictAtOnce() throws {
        let megabyte = 1 << 20
        let cases: [(String, String, Bool)] = [
            ("(.*a){1000}", String(repeating: "a", count: megabyte), true),
            ("(.*a){1000}", String(repeating: "a", count: megabyte) + "b", false),
            (".*a.{1000}", String(repeating: "a", count: megabyte), true),
            (".*a.{1000}", String(repeating: "é", count: megabyte / 2) + "a" + String(repeating: "b", count: 1000), true),
            ("(.*[aé]){1000}", String(repeating: "aé", count: megabyte / 3), true)
        ]
        for (pattern, subject, verdict) in cases {
            let program = try PatternProgram(compiling: pattern)
            let start = ContinuousClock.now
            #expect(program.matchesWhole(subject) == verdict, "\(pattern)")
            #expect(ContinuousClock.now - start < .seconds(10), "\(pattern) took \(ContinuousClock.now - start)")
        }
    }

    /// Where the automaton would need more states than a match may build (`.*a.{1000}` on
    /// random letters: one per window of the last thousand), the match stops at the work limit
    /// with no verdict, in time linear in the string, instead of simulating a thousand
    /// alternatives at every scalar; a pattern whose states are many but whose alternatives are
    /// few still gets its verdict.
    @Test func aCostlyMatchIsStoppedAtTheWorkLimit() throws {
        var generator = SplitMix(seed: 21)
        let random = String((0..<(1 << 18)).map { _ in Bool.random(using: &generator) ? "a" : "b" })
        let cases: [(String, String, Bool?)] = [
            (".*a.{1000}", random, nil),
            (".*a.{1000}", String(random.map { $0 == "a" ? "a" : "é" }), nil),
            ("[ab]*a[ab]{12}", random, random.utf8.dropLast(12).last == UInt8(ascii: "a"))
        ]
        for (pattern, subject, verdict) in cases {
            let program = try PatternProgram(compiling: pattern)
            let start = ContinuousClock.now
            #expect(program.matchesWhole(subject) == verdict, "\(pattern)")
            #expect(ContinuousClock.now - start < .seconds(patience), "\(pattern) took \(ContinuousClock.now - start)")
        }
    }
}
