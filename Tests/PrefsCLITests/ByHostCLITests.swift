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
