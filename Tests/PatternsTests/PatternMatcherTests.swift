import TestSupport
import Testing

@testable import Patterns

/// One matcher for the strings of a document: each string gets the verdict it gets alone, and
/// the automaton states one string builds serve the next, so many short strings cost time
/// linear in their total length. A matcher that rebuilt the states for every string, as each
/// match did before, runs into the suite's time limit.
@Suite(.timeLimit(.minutes(1))) struct PatternMatcherTests {
    static let patterns = [
        "value [0-9]+ x*", "(a|bc)*d?", "x{2,3}", "[^a-c]+", ".+@.+", "a.c", "(ab)+|c", "^[a-z]+$", "[0-9]+(.[0-9]+)*", "\\d+",
        "a*?b", "[a-z]+\\Z", "a\\Z", ".*a.{3}", "(.*a){3}", "(a|b)*a(a|b){9}", "[é😀]+x?", "\\w+\\s?\\W*", "", "^$"
    ]
    static let subjects = [
        "", "a", "abc", "aXc", "a\nc", "é", "ab", "bcbcd", "d", "x", "xx", "xxx", "xxxx", "value 12 xx", "value x", "com.example",
        "a@b", "@", " ", "1.2.3", "abc\n", "a\n", "aaaa", "baaab", "abababababab", "bbbbbbbbbbbabbbbbbbbbbb", "é😀é😀x", "word  !",
        "😀", "a\r\n"
    ]

    /// The subjects twice, forwards then backwards, through one matcher: the second pass meets
    /// states the first built.
    @Test(arguments: patterns)
    func everyStringGetsTheVerdictItGetsAlone(pattern: String) throws {
        let program = try PatternProgram(compiling: pattern)
        var matcher = PatternMatcher(program)
        var work = PatternWork()
        for subject in Self.subjects + Self.subjects.reversed() {
            #expect(matcher.matchesWhole(subject, work: &work) == program.matchesWhole(subject), "\(pattern) on \(subject.debugDescription)")
        }
    }

    /// 50,000 strings of 20 letters and digits (1 MB) against a format of about 27,000
    /// instructions, too many for eager states: each string took 17 ms rebuilding the states of
    /// its positions (25 s for 1,000 strings in a release build); one matcher builds each once.
    @Test func aMegabyteOfShortStringsSharesTheAutomatonsStates() throws {
        let program = try PatternProgram(compiling: "((.?){1000}){1,9}")
        var generator = SplitMix(seed: 30)
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var matcher = PatternMatcher(program)
        var work = PatternWork()
        var verdicts: [Bool?: Int] = [:]
        for _ in 0..<50_000 {
            let string = String((0..<20).map { _ in letters.randomElement(using: &generator)! })
            verdicts[matcher.matchesWhole(string, work: &work), default: 0] += 1
        }
        #expect(verdicts == [true: 50_000])
        #expect(matcher.matchesWhole("abc\ndef", work: &work) == false)
    }
}
