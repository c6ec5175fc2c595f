import Foundation
import TestSupport
import Testing

/// `defaults`' options before the verb (`-currentHost`, `-host NAME`) reach the verb, and an
/// option prefs does not know is a usage error naming it: never the help with status 0 and
/// nothing done, which swift-argument-parser gives a word such as `-host` (read as `-h -o -s -t`).
@Suite("Option spelling")
struct OptionSpellingTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    /// Runs `arguments` on a store holding `d` with `keep = 1` and expects status 2, `fragment`
    /// on stderr, no help on stdout, and the store unchanged.
    func expectUsageError(_ arguments: [String], _ fragment: String) throws {
        #expect(try prefs("write", "d", "keep", "1").status == 0)
        let before = folder.bytes("d.plist")
        let names = folder.names()
        let result = try Shell.prefs(arguments, home: home)
        #expect(result.status == 2, "\(arguments): \(result)")
        #expect(result.stdout.isEmpty, "\(arguments) printed \(result.stdout)")
        #expect(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
        #expect(folder.bytes("d.plist") == before && folder.names() == names, "\(arguments) changed the store")
    }

    /// `-currentHost` and `-host NAME` before the verb, as `defaults` takes them, reach every
    /// verb that takes them (as its `--current-host` and `--host NAME`); what one writes, the
    /// same option reads back.
    @Test(arguments: [["-currentHost"], ["-host", "mac-mini"], ["-host", "Jane’s MacBook Pro"]])
    func hostOptionsBeforeTheVerbReachIt(host: [String]) throws {
        let write = try Shell.prefs(host + ["write", "com.apple.screensaver", "idleTime", "-int", "0"], home: home)
        #expect(write.status == 0 && write.stdout.isEmpty && write.stderr.isEmpty, "\(write)")
        let read = try Shell.prefs(host + ["read", "com.apple.screensaver", "idleTime"], home: home)
        #expect(read.status == 0 && read.stdout == "0\n", "\(read)")
        let spelled = host == ["-currentHost"] ? ["--current-host"] : ["--host", host[1]]
        #expect(try Shell.prefs(["read-type"] + spelled + ["com.apple.screensaver", "idleTime"], home: home).stdout == "Type is integer\n")
        for verb in [["domains"], ["find", "idle"], ["export", "com.apple.screensaver", "-"], ["rename", "com.apple.screensaver", "idleTime", "t"]] {
            let result = try Shell.prefs(host + verb, home: home)
            #expect(result.status == 0 && !result.stdout.contains("USAGE"), "\(host + verb): \(result)")
        }
        #expect(try Shell.prefs(host + ["delete", "com.apple.screensaver"], home: home).status == 0)
    }

    /// The host options go wrong in the ways `defaults` cannot tell apart, each a usage error.
    @Test(
        arguments: [
            (["-host"], "-host needs a host name before the command: prefs -host NAME COMMAND …"),
            (["-host", "write", "d", "k", "v"], #"-host needs a host name before the command (it took "write" for one): prefs -host NAME write …"#),
            (["-host", "-currentHost", "read", "d"], "-host needs a host name"),
            (["-host", "h"], "missing command after -host h"), (["-currentHost"], "missing command after -currentHost"),
            (["-currentHost", "-host", "h", "read", "d"], "-currentHost and -host name two different hosts; give one"),
            (["-host", "h", "doctor"], #"-host applies to read, read-type, write, delete, rename, import, export, find, domains, watch, not to "doctor""#),
            (["read", "-host", "h", "d"], "-host goes before the command, as with defaults (prefs -host NAME COMMAND …), or give --host NAME after it"),
            (["read", "-currentHost", "d"], "-currentHost goes before the command"),
            (["read", "--host", "", "d"], "--host needs a host name; an empty name names none"),
            (["-host", "h", "write", "--current-host", "d", "k", "v"], "--current-host and --host name two different hosts"),
            (["domains", "--current-host", "--host", "h"], "--current-host and --host name two different hosts")
        ])
    func hostOptionMistakesAreUsageErrors(arguments: [String], fragment: String) throws {
        try expectUsageError(arguments, fragment)
    }

    /// A word of one dash and several letters that names no option is refused with its name,
    /// wherever an option goes, not taken for the cluster `-h …` and answered with the help.
    @Test(
        arguments: [
            (["-hx"], #"unknown option "-hx"; see 'prefs --help'"#), (["-help"], #"unknown option "-help""#),
            (["-hidden", "read", "d"], #"unknown option "-hidden""#), (["read", "-hx", "d"], #"unknown option "-hx"; see 'prefs help read'"#),
            (["read", "d", "-hq"], #"unknown option "-hq""#), (["read-type", "d", "keep", "-hv"], #"unknown option "-hv""#),
            (["domains", "-hz"], #"unknown option "-hz""#), (["delete", "d", "-hk"], #"unknown option "-hk""#),
            (["validate", "-hq", "f.plist"], #"unknown option "-hq"; see 'prefs help validate'"#),
            (["palette", "list", "-hx"], #"unknown option "-hx""#), (["write", "-hx", "d", "k", "v"], #"unknown option "-hx" where DOMAIN goes"#),
            (["write", "--file", "x.plist", "-g", "k", "-hx"], "--file and -g name two different targets"),
            (["write", "--to", "json", "d", "k", "-hello"], "--to applies to --file only"), (["-x", "read", "d"], "Unknown option '-x'")
        ])
    func unknownOptionIsAUsageError(arguments: [String], fragment: String) throws {
        try expectUsageError(arguments, fragment)
    }

    /// What only looks like an option stays what it is: after `--` a key, in write a value.
    @Test func wordsThatLookLikeClustersElsewhere() throws {
        #expect(try prefs("write", "d", "--", "-hq", "-string", "-hx").status == 0)
        #expect(try prefs("read", "d", "--", "-hq").stdout == "-hx\n")
        #expect(try prefs("write", "d", "k", "-array", "-string", "-hidden").status == 0)
        #expect(try prefs("read", "-globalDomain").status == 1)
    }
}
