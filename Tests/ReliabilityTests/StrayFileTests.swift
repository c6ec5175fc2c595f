import Foundation
import TestSupport
import Testing

/// After any command the user's folders hold only what the user asked for: a file is locked
/// through its own inode, so nothing lies beside it; commands that change nothing create
/// nothing, and a lone file keeps its mode.
@Suite("No stray files")
struct StrayFileTests {
    let folder = TemporaryFolder()
    var home: String { folder.file("store") }

    private func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    private func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Commands that change nothing create nothing, not even the store folder.
    @Test func failedCommandsCreateNothing() throws {
        for arguments in [
            ["delete", "d"], ["delete", "d", "k"], ["rename", "d", "a", "b"], ["read", "d"], ["read", "d", "k"],
            ["domains"], ["find", "x"], ["export", "d", "-"], ["doctor"]
        ] {
            _ = try Shell.prefs(arguments, home: home)
            #expect(!FileManager.default.fileExists(atPath: home), "\(arguments) created the store")
        }
        #expect(try prefs("write", "d", "k", "v").status == 0)
        for arguments in [["delete", "other"], ["rename", "other", "a", "b"], ["delete", "d", "missing"]] {
            _ = try Shell.prefs(arguments, home: home)
        }
        #expect(names(home) == ["d.plist"])
    }

    /// Deleting a domain leaves nothing beside the other domains.
    @Test func deletedDomainLeavesNothingBehind() throws {
        _ = try prefs("write", "d", "k", "v")
        _ = try prefs("write", "e", "k", "v")
        #expect(try prefs("delete", "d").status == 0)
        #expect(names(home) == ["e.plist"])
    }

    /// --file writes leave only the file, with its mode kept (a new file is 0600): no lock or
    /// lock folder beside it.
    @Test func loneFileKeepsItsModeAndIsLockedAsADomainIs() throws {
        let own = TemporaryFolder()
        try own.write("<plist version=\"1.0\"><dict/></plist>", to: "f.plist")
        chmod(own.file("f.plist"), 0o644)
        #expect(try Shell.prefs(["write", "--file", own.file("f.plist"), "k", "v"], home: home).status == 0)
        #expect(try Shell.prefs(["delete", "--file", own.file("f.plist"), "k"], home: home).status == 0)
        #expect(try Shell.prefs(["write", "--file", own.file("new.plist"), "k", "v"], home: home).status == 0)
        #expect(names(own.path) == ["f.plist", "new.plist"])
        var status = stat()
        #expect(stat(own.file("f.plist"), &status) == 0 && status.st_mode & 0o777 == 0o644)
        #expect(stat(own.file("new.plist"), &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(!FileManager.default.fileExists(atPath: home), "--file does not touch the store")
    }

    /// A store domain that others may read is tightened to 0600 when written.
    @Test func storeDomainIsTightened() throws {
        _ = try prefs("write", "d", "k", "v")
        chmod(home + "/d.plist", 0o640)
        #expect(try prefs("write", "d", "k", "w").status == 0)
        var status = stat()
        #expect(stat(home + "/d.plist", &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    /// --file in a missing folder names the folder, not a lock file.
    @Test func loneFileInMissingFolderNamesTheFolder() throws {
        let result = try Shell.prefs(["write", "--file", folder.file("nodir/x.plist"), "k", "v"], home: home)
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("the folder \(folder.file("nodir")) does not exist"), "\(result.stderr)")
        #expect(!result.stderr.contains("lock"), "\(result.stderr)")
    }
}
