import Foundation
import TestSupport
import Testing

/// `-currentHost` and `-host NAME` before the verb, as `defaults` takes them: the domain's values
/// for one host, in `ByHost/DOMAIN.HOST.plist` (this machine's id is `/etc/machine-id`), read
/// before the values for any host.
@Suite("ByHost domains on the command line", .enabled(if: FileManager.default.fileExists(atPath: "/etc/machine-id")))
struct ByHostCLITests {
    let folder = TemporaryFolder()
    var home: String { folder.path }
    var machine: String {
        (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8))?.split(separator: "\n").first.map(String.init) ?? ""
    }

    private func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    /// This machine's id is checked as `-host NAME` is: an `/etc/machine-id` (bind-mounted
    /// over, in a mount namespace of the test's own) whose first line could name a file
    /// elsewhere makes `-currentHost` fail with status 2 naming it, writes nothing, and leaves
    /// the other domains' reads without ByHost values.
    @Test(.enabled(if: getuid() == 0 && Shell.has("unshare"), "needs root to mount over /etc/machine-id"))
    func machineIDThatIsNoHostNameIsRefused() throws {
        try folder.write("x/../../com.victim\n", to: "machine-id")
        #expect(try prefs("write", "com.victim", "k", "original").status == 0)
        #expect(try prefs("-host", "x", "write", "d", "k", "host x").status == 0)
        let script = """
            mount --bind "$1" /etc/machine-id || exit 99
            "$PREFS" -currentHost write d k changed; echo "write=$?"
            "$PREFS" -currentHost read d k; echo "read=$?"
            "$PREFS" read d k; echo "plain=$?"
            """
        let result = try Shell.run(
            "/usr/bin/unshare", ["-m", "/bin/sh", "-c", script, "sh", folder.file("machine-id")],
            environment: ["PREFS_HOME": home, "PREFS": Shell.prefs])
        #expect(result.stdout == "write=2\nread=2\nplain=1\n", "\(result)")
        #expect(result.stderr.contains("this machine's id \"x/../../com.victim\" (/etc/machine-id) is not a valid host name"), "\(result.stderr)")
        #expect(try prefs("read", "com.victim", "k").stdout == "original\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("ByHost")) == ["d.x.plist"])
    }

    /// A blank machine id (one space), one padded with white space, and one too long for a
    /// file name are refused as `-host` names are (status 2, naming the id and the rule), and
    /// no ByHost file is made; `-host` with the same names is refused alike.
    @Test(
        .enabled(if: getuid() == 0 && Shell.has("unshare"), "needs root to mount over /etc/machine-id"),
        arguments: [(" ", "white space"), (" abc", "white space"), ("abc\t", "control characters"), (String(repeating: "a", count: 300), "300 bytes long")])
    func machineIDThatIsBlankOrTooLongIsRefused(id: String, rule: String) throws {
        try folder.write(id + "\n", to: "machine-id")
        let script = """
            mount --bind "$1" /etc/machine-id || exit 99
            "$PREFS" -currentHost write com.t k v; echo "write=$?"
            """
        let result = try Shell.run(
            "/usr/bin/unshare", ["-m", "/bin/sh", "-c", script, "sh", folder.file("machine-id")],
            environment: ["PREFS_HOME": home, "PREFS": Shell.prefs])
        #expect(result.stdout == "write=2\n", "\(result)")
        #expect(result.stderr.contains("(/etc/machine-id) is not a valid host name") && result.stderr.contains(rule), "\(result.stderr)")
        let host = try prefs("-host", id, "write", "com.t", "k", "v")
        #expect(host.status == 2 && host.stderr.contains("invalid host name") && host.stderr.contains(rule), "\(host)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("ByHost")))
    }

    @Test func currentHostValuesLiveInTheirOwnFileAndComeFirst() throws {
        #expect(try prefs("write", "d", "size", "-int", "1").status == 0)
        #expect(try prefs("-currentHost", "write", "d", "size", "-int", "2").status == 0)
        #expect(try prefs("-host", "other", "write", "d", "size", "-int", "3").status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("ByHost/d.\(machine).plist")))
        #expect(FileManager.default.fileExists(atPath: folder.file("ByHost/d.other.plist")))
        #expect(try prefs("read", "d", "size").stdout == "2\n")
        #expect(try prefs("read", "d", "size", "--show-origin").stdout == "file:\(folder.file("ByHost/d.\(machine).plist"))\t2\n")
        #expect(try prefs("read", "d", "--json").stdout == "{\n  \"size\": 1\n}\n", "the whole domain is its values for any host")
        #expect(try prefs("-currentHost", "read", "d", "--json").stdout == "{\n  \"size\": 2\n}\n")
        #expect(try prefs("-host", "other", "read", "d", "size").stdout == "3\n")
        #expect(try prefs("-currentHost", "domains").stdout == "d\n")
        #expect(try prefs("-currentHost", "delete", "d", "size").status == 0)
        #expect(try prefs("read", "d", "size").stdout == "1\n")
    }

    @Test func hostOptionsThatNameNoHostAreUsageErrors() throws {
        for arguments in [["-host", "write", "d", "k", "v"], ["-currentHost", "write", "--file", folder.file("x.plist"), "k", "v"]] {
            let result = try Shell.prefs(arguments, home: home)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try prefs("-host", "../x", "write", "d", "k", "v").status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.file("ByHost")))
    }
}
