import Testing

@testable import Patterns

/// Where Swift `Regex` matching by scalar is wrong, prefs gives the answer ICU gives.
@Suite struct PatternOracleFaultTests {
    @Test func wordMatchesAnASCIIDigitOrUnderscoreBeforeAnyScalar() throws {
        let program = try PatternProgram(compiling: "\\w\\w")
        for string in ["0Σ", "_Ⅷ", "9Σ", "0é", "aΣ"] { #expect(program.matchesWhole(string) == true, "\(string.debugDescription)") }
        #expect(try PatternProgram(compiling: "^(\\w+\\s?)*$").matchesWhole("0Σ") == true)
    }

    @Test func invertedClassesTakeCarriageReturnLineFeedAsTwoScalars() throws {
        for pattern in ["\\D", "\\W", "\\H", "[^a]"] {
            #expect(try PatternProgram(compiling: pattern).matchesWhole("\r\n") == false, "\(pattern)")
            #expect(try PatternProgram(compiling: pattern + pattern).matchesWhole("\r\n") == true, "\(pattern)")
        }
    }
}
