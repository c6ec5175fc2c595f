import TestSupport
import Testing

@testable import Patterns

/// Random patterns over a small alphabet of syntax: prefs never accepts one Swift `Regex`
/// rejects, never crashes on one, and gives every string `Regex`'s verdict on those it accepts.
@Suite struct PatternRandomTests {
    static let syntax: [String] = [
        "a", "b", "é", "(", ")", "(?:", "|", "*", "+", "?", "{", "}", ",", "1", "2", "[", "]", "^", "$", ".", "\\", "\\d", "\\w", "\\s",
        "-", ":", "[:alpha:]", "\\Z", "\\z", "\\A", "\\.", "\\x{e9}", "\\P{L}", "(?=", "(?!"
    ]

    @Test(arguments: 0..<8)
    func randomPatternsAgreeWithSwiftRegex(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9)
        let strings = ["", "a", "b", "é", "ab", "ba", "aab", "a1", "1", "12", "a b", "-", ":", ".", "\n", "a\n", "éa", "aé", "{", "}", "{1}", ",", "|"]
        var compared = 0
        for _ in 0..<2_000 {
            let pattern = (0..<Int.random(in: 1...9, using: &random)).map { _ in Self.syntax.randomElement(using: &random)! }.joined()
            let regex = try? Regex(pattern).matchingSemantics(.unicodeScalar)
            let program: PatternProgram
            do {
                program = try PatternProgram(compiling: pattern)
            } catch {
                continue
            }
            guard let regex else {
                Issue.record("prefs accepts \(pattern.debugDescription), which Swift Regex rejects")
                continue
            }
            compared += 1
            for string in strings where !PatternDifferentialTests.oracleIsWrong(pattern: pattern, string: string) {
                let expected = try regex.wholeMatch(in: string) != nil
                #expect(program.matchesWhole(string) == expected, "\(pattern.debugDescription) on \(string.debugDescription)")
            }
        }
        // Most random patterns are not regular expressions; enough are.
        #expect(compared >= 300, "\(compared)")
    }
}
