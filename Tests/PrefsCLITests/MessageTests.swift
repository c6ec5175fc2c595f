import Foundation
import TestSupport
import Testing

/// Messages name the file or value and say what is wrong with it, once, with the exit status the
/// README documents.
@Suite("Messages")
struct MessageTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    /// convert names its input file when a value has no JSON form, and says error once.
    @Test func convertNamesTheFile() throws {
        try folder.write("<plist><dict><key>r</key><real>nan</real></dict></plist>", to: "nan.plist")
        let file = folder.file("nan.plist")
        let result = try prefs("convert", file, "--to", "json")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "\(file): error: the value at key path \"r\" is nan, which JSON cannot represent\n")
        #expect(result.stdout.isEmpty)
    }

    /// A file that does not read prints its FILE:LINE: error: line once, without a second Error: prefix.
    @Test(
        arguments: [
            ["convert", "@"], ["import", "d", "@"], ["validate", "@"]
        ])
    func fileProblemPrintsOnce(arguments: [String]) throws {
        try folder.write("<plist version=\"1.0\">\n<integer>x</integer></plist>", to: "bad.plist")
        let file = folder.file("bad.plist")
        let result = try Shell.prefs(arguments.map { $0 == "@" ? file : $0 }, home: home)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.hasPrefix("\(file):2:10: error: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("Error:"), "\(result.stderr)")
    }

    /// A directory given as a file exits 3 from every command, naming it.
    @Test(
        arguments: [
            ["import", "d", "@"], ["convert", "@"], ["read", "--file", "@"], ["write", "--file", "@", "k", "v"],
            ["read-type", "--file", "@", "k"], ["delete", "--file", "@", "k"]
        ])
    func directoryAsInputExits3(arguments: [String]) throws {
        let directory = folder.file("directory")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let result = try Shell.prefs(arguments.map { $0 == "@" ? directory : $0 }, home: home)
        #expect(result.status == 3, "\(arguments): \(result)")
        #expect(
            result.stderr.contains("\(directory): error: is a directory") || result.stderr.contains("\(directory) is a directory"),
            "\(result.stderr)")
        #expect(folder.names() == ["directory"], "nothing is created beside it")
        #expect(!result.stderr.contains("Error: \(directory): error"))
    }

    /// Standard input that is a directory exits 3, as a directory named on the command line does.
    @Test(
        arguments: [
            "import d -", "convert -", "validate -"
        ])
    func directoryOnStandardInputExits3(command: String) throws {
        let result = try Shell.sh("exec \"$PREFS\" \(command) < \"$PREFS_HOME\"", home: home)
        #expect(result.status == 3, "\(command): \(result)")
        #expect(result.stderr.hasPrefix("<stdin>"), "\(result.stderr)")
    }

    /// A missing input file still exits 1.
    @Test(arguments: [["import", "d", "@"], ["convert", "@"], ["read", "--file", "@"]])
    func missingInputExits1(arguments: [String]) throws {
        let result = try Shell.prefs(arguments.map { $0 == "@" ? folder.file("missing.plist") : $0 }, home: home)
        #expect(result.status == 1, "\(arguments): \(result)")
    }

    /// Every command that opens a file the user names exits 1 when it is not there: `validate`
    /// (with or without a manifest, the manifest itself included) as `convert` does.
    @Test(arguments: [
        ["validate", "@"], ["validate", "-q", "@"], ["validate", "--", "@"], ["validate", "--manifest", "manifest.plist", "@"],
        ["validate", "--manifest", "@", "manifest.plist"], ["read-type", "--file", "@", "k"], ["palette", "import", "@"]
    ])
    func missingFileExits1FromEveryCommand(arguments: [String]) throws {
        try folder.write("<plist version=\"1.0\"><dict><key>pfm_domain</key><string>d</string></dict></plist>", to: "manifest.plist")
        let result = try Shell.prefs(arguments.map { $0 == "@" ? folder.file("missing.plist") : $0 == "manifest.plist" ? folder.file($0) : $0 }, home: home)
        #expect(result.status == 1, "\(arguments): \(result)")
        #expect(result.stderr.contains("missing.plist"), "\(arguments): \(result)")
    }

    /// A file that does not read outweighs one that is not there.
    @Test func validateOfMissingAndInvalidFilesExits3() throws {
        try folder.write("<plist version=\"1.0\"><integer>x</integer></plist>", to: "bad.plist")
        let result = try Shell.prefs(["validate", folder.file("missing.plist"), folder.file("bad.plist")], home: home)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("missing.plist: error: cannot open") && result.stderr.contains("bad.plist:1:31: error:"), "\(result)")
    }

    /// -date says what is wrong with the date given.
    @Test(
        arguments: [
            ("2023-02-29", "there is no day 29 in 2023-02 (it has 28 days, as 2023 is not a leap year)"),
            ("2024-04-31", "there is no day 31 in 2024-04 (it has 30 days)"),
            ("2024-13-01", "there is no month 13 (months go from 01 to 12)"),
            ("now", "not a date (expected 2024-02-29T12:34:56Z, 2024-02-29 12:34:56 +0000 or 2024-02-29; for the current time give"),
            ("0000-12-31", "year 0000 is out of range (dates have years 0001 through 9999)"),
            ("2024-02-29T24:00:00Z", "hour 24 is out of range (00 through 23)"),
            ("2024-02-29 12:34:56 +01", #"the time zone "+01" is not Z, +HHMM, -HHMM or +HH:MM"#),
            ("9999-12-31T23:59:59-0100", "in UTC this falls outside years 1 through 9999"),
            ("2024-02-29T12:34:56.789Z", "fractional seconds are not stored (property list dates have whole seconds; give 2024-02-29T12:34:56Z)")
        ])
    func dateProblemIsNamed(text: String, problem: String) throws {
        let result = try prefs("write", "d", "k", "-date", text)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: -date \"\(text)\": \(problem)"), "\(result.stderr)")
        #expect(folder.names().isEmpty)
    }

    /// -int, -float and -data say whether the value is out of range or malformed, and where
    /// `defaults` would have stored something else instead of refusing, what it would store.
    @Test(
        arguments: [
            (
                ["-int", "18446744073709551616"],
                "out of range (integers go from -9223372036854775808 to 18446744073709551615; defaults would store 9223372036854775807)"
            ),
            (["-int", "-9223372036854775809"], "out of range"), (["-int", "0x10000000000000000"], "out of range"),
            (["-int", "12abc"], "not an integer"), (["-float", "1.2.3"], "not a number"),
            (
                ["-int", "1.5"],
                "not an integer (expected decimal or 0x hexadecimal digits; integers go from -9223372036854775808 to 18446744073709551615; defaults would store 1)"
            ),
            (
                ["-int", "abc"],
                "not an integer (expected decimal or 0x hexadecimal digits; integers go from -9223372036854775808 to 18446744073709551615; defaults would store 0)"
            ),
            (["-float", "1,5"], "not a number (expected a decimal such as 2.5 or 1e-3, nan, inf or -inf; defaults would store 1)"),
            (["-float", "1e400"], "out of range (beyond ±1.7976931348623157e308; give inf or -inf for infinity; defaults would store inf)"),
            (
                ["-data", "abc"],
                "an odd number of hex digits (3); each byte takes two, such as 0a1b2c (defaults would read the first digit alone as a byte and store 0abc)"
            ),
            (["-data", "0g"], #""g" is not a hexadecimal digit"#)
        ])
    func numberProblemIsNamed(words: [String], problem: String) throws {
        let result = try Shell.prefs(["write", "d", "k"] + words, home: home)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: \(words[0]) \"\(words[1])\": \(problem)"), "\(result.stderr)")
    }

    /// Types take the right article: an integer, an array.
    @Test(
        arguments: [
            (["write", "d", "n", "-array-add", "x"], "the value of n is an integer, not an array"),
            (["write", "d", "arr", "-dict-add", "a", "b"], "the value of arr is an array, not a dictionary"),
            (["write", "d", "--key-path", "n.x", "v"], #"the value before "x" is an integer, not a dictionary or array"#),
            (["write", "d", "<array/>"], "a whole domain must be a dictionary (<dict>…</dict> or { … }), not an array"),
            (["import", "e", "@int"], "a domain's root must be a dictionary, but this is an integer"),
            (["read", "--file", "@int"], "the root of a domain file must be a dictionary, but it is an integer")
        ])
    func articleMatchesTheType(arguments: [String], fragment: String) throws {
        #expect(try prefs("write", "d", "n", "-int", "1").status == 0)
        #expect(try prefs("write", "d", "arr", "-array", "x").status == 0)
        try folder.write("<plist><integer>1</integer></plist>", to: "int.xml")
        let result = try Shell.prefs(arguments.map { $0 == "@int" ? folder.file("int.xml") : $0 }, home: home)
        #expect(result.status != 0)
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
    }
}
