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
        #expect(!pattern.matchesWhole("aaaaaaaaaaaaaaaaaaaa!"))
        #expect(!pattern.matchesWhole(String(repeating: "aaaaaaaaaa ", count: 2_000) + "!"))
    }

    @Test func aLongNonASCIIStringFinishes() throws {
        let subject = String(repeating: "é😀 ", count: 5_000)
        #expect(try PatternProgram(compiling: "(\\w*\\W*)*x").matchesWhole(subject) == false)
        #expect(try PatternProgram(compiling: "([é😀]|\\s)+").matchesWhole(subject))
    }
}
