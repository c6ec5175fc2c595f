import Foundation
import PropertyLists
import TestSupport
import Testing

/// A `pfm_format` prefs cannot match in linear time is not enforced, and the rest of the manifest
/// is: `check-manifest` warns naming the manifest's line, the key and the construct (`--strict`:
/// an error); leading lookaheads are enforced.
@Suite struct ManifestFormatCLITests {
    let folder = TemporaryFolder()

    /// A manifest with one string key `k` whose format is `pattern`.
    static func manifest(format pattern: String) -> String {
        let escaped = pattern.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return """
            <plist>
            <dict><key>pfm_domain</key><string>d</string><key>pfm_subkeys</key><array>
            <dict><key>pfm_name</key><string>k</string><key>pfm_type</key><string>string</string><key>pfm_format</key><string>\(escaped)</string></dict>
            <dict><key>pfm_name</key><string>n</string><key>pfm_type</key><string>integer</string><key>pfm_range_max</key><integer>5</integer></dict>
            </array></dict>
            </plist>
            """
    }

    @Test(arguments: [
        ("(a)\\1", "a backreference (\\1), which prefs does not support: matching it can take exponential time"),
        ("(a*)*\\1c", "a backreference (\\1)"), ("(?<n>a)\\k<n>", "a backreference (\\k)"), ("a(?=a)", "a lookahead ((?=…))"),
        ("(?<!a)b", "a lookbehind ((?<!…))"), ("a*+", "a possessive quantifier (*+)"), ("(?>a)", "an atomic group ((?>…))"),
        ("(?(1)a|b)", "a conditional ((?(…))"), ("(a(?R)?)", "recursion or a subroutine call ((?R…))"),
        ("(?i)a", "inline options ((?i…))"), ("\\bword\\b", "a word boundary (\\b)"), ("a{5000}", "a repetition count above 1000"),
        ("(a{1000}){1000}", "repetitions that would compile to more than 30000 instructions"),
        ("\\p{Greek}", "the character property \\p{Greek}"), ("[[:graph:]]", "the POSIX class [:graph:]"),
        ("[a-z&&[^x]]", "a nested class or set operation (&&)"), ("\\X", "the escape \\X")
    ])
    func aFormatWithAnUnsupportedConstructIsAWarningAndTheRestIsEnforced(pattern: String, construct: String) throws {
        try folder.write(Self.manifest(format: pattern), to: "m.plist")
        try folder.write("<plist><dict><key>k</key><string>zzz</string><key>n</key><integer>9</integer></dict></plist>", to: "d.plist")
        let manifest = folder.file("m.plist")
        let result = try Shell.prefs(["validate", "-q", "--manifest", manifest, folder.file("d.plist")], home: folder.file("home"))
        #expect(result.status == 3 && result.stdout == "")
        #expect(result.stderr == "\(folder.file("d.plist")):1: error: key \"n\": is 9, above the maximum 5\n", "\(result.stderr)")
        let lint = try Shell.prefs(["check-manifest", "-q", manifest], home: folder.file("home"))
        #expect(lint.status == 0, "\(lint)")
        #expect(lint.stderr.hasPrefix("\(manifest):3: warning: key \"k\": pfm_format \(pattern.quotedForMessage()) uses \(construct)"), "\(lint.stderr)")
        #expect(lint.stderr.hasSuffix("; not enforced\n"))
        let strict = try Shell.prefs(["check-manifest", "-q", "--strict", manifest], home: folder.file("home"))
        #expect(strict.status == 3 && strict.stderr.hasPrefix("\(manifest):3: error: key \"k\": pfm_format"), "\(strict)")
    }

    @Test func aFormatThatIsNotARegularExpressionIsAWarning() throws {
        try folder.write(Self.manifest(format: "(a"), to: "m.plist")
        let manifest = folder.file("m.plist")
        let result = try Shell.prefs(["check-manifest", manifest], home: folder.file("home"))
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("\(manifest):3: warning: key \"k\": pfm_format \"(a\" is not a regular expression: expected ')'"))
    }

    /// A lookahead at the start is a prefix test, enforced in linear time.
    @Test func aLeadingLookaheadIsEnforced() throws {
        try folder.write(Self.manifest(format: "(?=a)(?!ab)[a-z]+"), to: "m.plist")
        let manifest = folder.file("m.plist")
        #expect(try Shell.prefs(["check-manifest", "-q", "--strict", manifest], home: folder.file("home")).status == 0)
        for (value, passes) in [("abc", false), ("acb", true), ("bca", false), ("a", true)] {
            try folder.write("<plist><dict><key>k</key><string>\(value)</string></dict></plist>", to: "d.plist")
            let result = try Shell.prefs(["validate", "-q", "--manifest", manifest, folder.file("d.plist")], home: folder.file("home"))
            #expect((result.status == 0) == passes, "\(value): \(result)")
        }
    }

    /// Chrome's and Brave's "no colon" and "no dot" formats, a lookahead before one scalar,
    /// are enforced without a warning: the lookahead and `.` match the set `.` ∖ `:`.
    @Test(arguments: [
        (#"^((?!\:).)*$"#, ["ab", "", "https", "é.b"], ["a:b", ":", "ab\n"]),
        (#"^((?!\.).)*$"#, ["ab", "exe", "a:b"], ["a.b", ".exe", "a\nb"])
    ])
    func chromesLookaheadBeforeOneScalarIsEnforced(pattern: String, accepted: [String], refused: [String]) throws {
        try folder.write(Self.manifest(format: pattern), to: "m.plist")
        let manifest = folder.file("m.plist")
        let lint = try Shell.prefs(["check-manifest", "--strict", manifest], home: folder.file("home"))
        #expect(lint.status == 0 && lint.stderr == "" && lint.stdout == "\(manifest): OK\n", "\(lint)")
        for value in accepted + refused {
            try folder.write("<plist><dict><key>k</key><string>\(value)</string></dict></plist>", to: "d.plist")
            let result = try Shell.prefs(["validate", "-q", "--manifest", manifest, folder.file("d.plist")], home: folder.file("home"))
            if accepted.contains(value) {
                #expect(result.status == 0 && result.stderr == "", "\(value.debugDescription): \(result)")
            } else {
                let quoted = value.debugDescription.dropFirst().dropLast()
                #expect(result.status == 3, "\(value.debugDescription): \(result)")
                #expect(
                    result.stderr.contains("key \"k\": is \"\(quoted)\", which does not match the format \(pattern.quotedForMessage())"), "\(result.stderr)")
            }
        }
    }

    @Test func validateChecksAValueThatHangsABacktrackingMatcher() throws {
        try folder.write(Self.manifest(format: "^(\\w+\\s?)*$"), to: "m.plist")
        try folder.write("<plist><dict><key>k</key><string>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!</string></dict></plist>", to: "d.plist")
        let result = try Shell.prefs(["validate", "--manifest", folder.file("m.plist"), folder.file("d.plist")], home: folder.file("home"))
        #expect(result.status == 3)
        #expect(result.stderr.contains(#"key "k": is "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", which does not match the format "^(\\w+\\s?)*$""#))
    }

    /// `count` letters a and b drawn at random, the same every run.
    static func randomLetters(count: Int) -> String {
        var generator = SplitMix(seed: 21)
        return String((0..<count).map { _ in Bool.random(using: &generator) ? "a" : "b" })
    }

    /// Formats that keep hundreds of alternatives open check a 1 MB value at once (48 s and 16 s
    /// before): the automaton's states are built once and reused; a value whose automaton would
    /// explode is refused at the work limit, named as such, instead of checked at length.
    @Test(arguments: [
        ("(.*a){1000}", String(repeating: "a", count: 1 << 20), nil),
        (".*a.{1000}", String(repeating: "é", count: 1 << 19) + "a" + String(repeating: "b", count: 1000), nil),
        (".*a.{1000}", Self.randomLetters(count: 1 << 18), "in time linear in its 262144 bytes")
    ])
    func validateChecksAMegabyteAgainstACostlyFormatAtOnce(pattern: String, value: String, refusal: String?) throws {
        try folder.write(Self.manifest(format: pattern), to: "m.plist")
        try folder.write("<plist><dict><key>k</key><string>\(value)</string></dict></plist>", to: "d.plist")
        let start = Date()
        let result = try Shell.prefs(["validate", "--manifest", folder.file("m.plist"), folder.file("d.plist")], home: folder.file("home"))
        #expect(Date().timeIntervalSince(start) < patience, "took \(Date().timeIntervalSince(start)) s")
        if let refusal {
            #expect(result.status == 3 && result.stderr.contains(refusal), "\(result.stderr.suffix(300))")
            #expect(result.stderr.contains("which prefs cannot check against the format \(pattern.quotedForMessage())"), "\(result.stderr.suffix(300))")
        } else {
            #expect(result.status == 0, "\(result.stderr.suffix(300))")
        }
    }
}
