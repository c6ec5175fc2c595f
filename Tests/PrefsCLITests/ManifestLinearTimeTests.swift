import Foundation
import TestSupport
import Testing

/// A document checked against a manifest takes time linear in it, however many strings meet a
/// costly `pfm_format` and however long a `pfm_range_list` is. Before, each string rebuilt the
/// format's automaton states (1,000 strings of 20 characters: 25 s) and each value was
/// compared with every choice (2.4 MB against 10,000 choices: 26 s); the inputs here would
/// take minutes so, past the time limit, and take well under a second now.
@Suite(.timeLimit(.minutes(1))) struct ManifestLinearTimeTests {
    let folder = TemporaryFolder()

    /// A format of about 27,000 instructions: every string of 1 to 9,000 scalars but a line
    /// break matches it, and a match builds a state of thousands of instructions per position.
    static let costlyFormat = "((.?){1000}){1,9}"

    /// A manifest of the key `values`, an array whose items are described by `item`.
    static func manifest(items item: String, rootKeys: String = "") -> String {
        """
        <plist><dict><key>pfm_domain</key><string>d</string><key>pfm_subkeys</key><array>
        <dict><key>pfm_name</key><string>values</string><key>pfm_type</key><string>array</string>
        <key>pfm_subkeys</key><array><dict>\(item)</dict></array></dict>\(rootKeys)
        </array></dict></plist>
        """
    }

    /// `count` strings of 20 letters and digits, the same every run.
    static func words(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(seed: seed)
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return (0..<count).map { _ in String((0..<20).map { _ in letters.randomElement(using: &generator)! }) }
    }

    func validate(_ manifest: String, _ domain: String) throws -> CommandResult {
        try folder.write(manifest, to: "m.plist")
        try folder.write(domain, to: "d.plist")
        return try Shell.prefs(["validate", "-q", "--manifest", folder.file("m.plist"), folder.file("d.plist")], home: folder.file("home"))
    }

    @Test func twentyThousandStringsInAnArrayMeetACostlyFormat() throws {
        let strings = Self.words(count: 20_000, seed: 30) + ["two\nlines"]
        let item = "<key>pfm_type</key><string>string</string><key>pfm_format</key><string>\(Self.costlyFormat)</string>"
        let domain = "<plist><dict><key>values</key><array><string>" + strings.joined(separator: "</string><string>") + "</string></array></dict></plist>"
        let result = try validate(Self.manifest(items: item), domain)
        #expect(result.status == 3, "\(result.stderr.suffix(300))")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains(#"key "values.20000": is "two\nlines", which does not match the format "((.?){1000}){1,9}""#), "\(result.stderr)")
    }

    /// The same format on 3,000 root keys: keys of one expression share its compiled program,
    /// and the domain's strings its automaton.
    @Test func threeThousandKeysOfOneCostlyFormat() throws {
        let strings = Self.words(count: 3_000, seed: 31)
        let keys = strings.indices.map {
            "<dict><key>pfm_name</key><string>k\($0)</string><key>pfm_type</key><string>string</string><key>pfm_format</key><string>\(Self.costlyFormat)</string></dict>"
        }
        let manifest = Self.manifest(items: "<key>pfm_type</key><string>string</string>", rootKeys: keys.joined())
        let domain = "<plist><dict>" + strings.enumerated().map { "<key>k\($0)</key><string>\($1)</string>" }.joined() + "</dict></plist>"
        let result = try validate(manifest, domain)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr.prefix(300))")
    }

    /// 40,000 values against 20,000 choices: each value is looked up, not compared with every
    /// choice.
    @Test func fortyThousandValuesMeetTwentyThousandChoices() throws {
        let choices = Self.words(count: 20_000, seed: 32)
        var generator = SplitMix(seed: 33)
        let values = (0..<40_000).map { _ in choices.randomElement(using: &generator)! } + ["nope"]
        let item =
            "<key>pfm_type</key><string>string</string><key>pfm_range_list</key><array><string>"
            + choices.joined(separator: "</string><string>") + "</string></array>"
        let domain = "<plist><dict><key>values</key><array><string>" + values.joined(separator: "</string><string>") + "</string></array></dict></plist>"
        let result = try validate(Self.manifest(items: item), domain)
        #expect(result.status == 3, "\(result.stderr.suffix(300))")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains(#"key "values.40000": is "nope", not one of \#(choices.prefix(10).joined(separator: ", ")) or 19990 more"#))
    }

    /// 100,000 numbers, integers and reals, against 20,000 numeric choices: looked up by their
    /// exact values, so an integer finds the real of its value.
    @Test func aHundredThousandNumbersMeetTwentyThousandNumericChoices() throws {
        let choices = (0..<20_000).map { $0 % 2 == 0 ? "<integer>\($0 * 3)</integer>" : "<real>\(Double($0 * 3) + 0.5)</real>" }
        let values = (0..<100_000).map { index -> String in
            let choice = (index * 7) % 20_000
            return choice % 2 == 0 ? "<real>\(Double(choice * 3))</real>" : "<real>\(Double(choice * 3) + 0.5)</real>"
        }
        let item = "<key>pfm_type</key><string>real</string><key>pfm_range_list</key><array>" + choices.joined() + "</array>"
        let domain = "<plist><dict><key>values</key><array>" + values.joined() + "<integer>6</integer><integer>4</integer></array></dict></plist>"
        let result = try validate(Self.manifest(items: item), domain)
        #expect(result.status == 3, "\(result.stderr.suffix(300))")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains(#"key "values.100001": is 4, not one of 0, 3.5, 6, "#), "\(result.stderr.prefix(300))")
    }
}
