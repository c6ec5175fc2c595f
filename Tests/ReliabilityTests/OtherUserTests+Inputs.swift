import Foundation
import TestSupport
import Testing

/// Root reads nothing through a link another user planted: every file a command takes as input
/// is opened through the same walk as a domain, and a folder walk reports such a link.
extension OtherUserTests {
    /// A root-only file holding `TOPSECRET`, and a folder of `prefs-test-other` holding that
    /// user's links to it (`in.plist`) and to its folder (`dl`).
    private func plantLinks() throws -> (folder: String, secretFolder: String) {
        let secretFolder = parent.file("qs")
        #expect(mkdir(secretFolder, 0o700) == 0)
        try parent.write("<plist version=\"1.0\"><dict><key>secret</key><string>TOPSECRET</string></dict></plist>\n", to: "qs/secret.plist")
        chmod(secretFolder + "/secret.plist", 0o600)
        let folder = parent.file("o")
        #expect(mkdir(folder, 0o755) == 0 && chown(folder, Self.other, Self.other) == 0)
        #expect(symlink(secretFolder + "/secret.plist", folder + "/in.plist") == 0 && lchown(folder + "/in.plist", Self.other, Self.other) == 0)
        #expect(symlink(secretFolder, folder + "/dl") == 0 && lchown(folder + "/dl", Self.other, Self.other) == 0)
        return (folder, secretFolder)
    }

    /// Every command that reads a file named on its command line refuses a planted link to a
    /// root-only file, or one on the way to it, with exit 3, and prints and writes nothing of it.
    @Test func rootReadsNoInputThroughAPlantedLink() throws {
        let (folder, _) = try plantLinks()
        let home = parent.file("home")
        let commands: [[String]] = [
            ["convert", folder + "/in.plist", "--to", "json", "--output", folder + "/conv.json"],
            ["convert", folder + "/dl/secret.plist", "--to", "json", "--output", folder + "/conv.json"],
            ["import", "com.n", folder + "/in.plist"],
            ["import", "com.m", folder + "/dl/secret.plist"],
            ["validate", folder + "/in.plist"],
            ["check-manifest", folder + "/in.plist"],
            ["validate", "--manifest", folder + "/in.plist", parent.file("qs/secret.plist")],
            ["palette", "import", folder + "/in.plist"]
        ]
        for arguments in commands {
            let result = try Shell.prefs(arguments, home: home)
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(!result.stdout.contains("TOPSECRET") && !result.stderr.contains("TOPSECRET"), "\(arguments): \(result)")
            #expect(result.stderr.contains("symbolic link"), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/conv.json"))
        #expect(try Shell.prefs(["export", "com.n", "-"], home: home).stdout.contains("TOPSECRET") == false)
        // Root's own link, in root's own folder, is followed as before.
        #expect(symlink(parent.file("qs/secret.plist"), parent.file("mine.plist")) == 0)
        let own = try Shell.prefs(["convert", parent.file("mine.plist"), "--to", "json", "--output", "-"], home: home)
        #expect(own.status == 0 && own.stdout.contains("TOPSECRET"), "\(own)")
    }

    /// The folder walk of `validate` reports a planted link by the link's name, exit 3, and
    /// never opens or quotes its target.
    @Test func folderWalkReportsAPlantedLink() throws {
        let (folder, secretFolder) = try plantLinks()
        try parent.write("not a plist TOPSECRET line\n", to: "qs/shadow")
        chmod(secretFolder + "/shadow", 0o600)
        #expect(symlink(secretFolder + "/shadow", folder + "/sh.plist") == 0 && lchown(folder + "/sh.plist", Self.other, Self.other) == 0)
        for arguments in [["validate", folder], ["check-manifest", folder]] {
            let result = try Shell.prefs(arguments, home: parent.file("home"))
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(!result.stdout.contains("TOPSECRET") && !result.stderr.contains("TOPSECRET"), "\(arguments): \(result)")
            let output = result.stdout + result.stderr
            #expect(output.contains("sh.plist") && output.contains("in.plist") && output.contains("symbolic link"), "\(arguments): \(result)")
        }
    }

    /// A folder whose only `*.plist` is a FIFO is reported naming it, exit 3, without waiting on it.
    @Test func folderWalkReportsAFIFOByName() throws {
        let folder = parent.file("fifo")
        #expect(mkdir(folder, 0o700) == 0 && mkfifo(folder + "/pipe.plist", 0o600) == 0)
        let result = try Shell.prefs(["validate", folder], home: parent.file("home"))
        #expect(result.status == 3, "\(result)")
        #expect((result.stdout + result.stderr).contains("pipe.plist") && (result.stdout + result.stderr).contains("FIFO"), "\(result)")
    }

    /// `doctor` says what `read` does with a link planted in another user's store: neither.
    @Test func doctorSaysPrefsDoesNotReadAPlantedLink() throws {
        let store = parent.file("store")
        #expect(mkdir(store, 0o700) == 0 && chown(store, Self.other, Self.other) == 0)
        try parent.write("<plist version=\"1.0\"><dict/></plist>", to: "target.plist")
        #expect(symlink(parent.file("target.plist"), store + "/d.plist") == 0 && lchown(store + "/d.plist", Self.other, Self.other) == 0)
        let doctor = try Shell.prefs(["doctor"], home: store)
        #expect(doctor.stderr.contains("neither reads nor writes through it") && !doctor.stderr.contains("reads through it but"), "\(doctor)")
        #expect(try Shell.prefs(["read", "d"], home: store).status == 3)
    }
}
