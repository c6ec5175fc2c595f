import Foundation
import TestSupport
import Testing

/// Files in the store that are not what their names say: FIFOs, devices and links where a
/// domain, lock or temporary file should be, and domains named like prefs' own files. Every
/// command answers at once with an error naming the file, and no file is changed.
@Suite("Special files in the store")
struct SpecialFileTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    /// Every verb that reads a domain or lists the store, with what it exits with.
    static let verbs: [[String]] = [
        ["read", "x"], ["read", "x", "k"], ["write", "x", "k", "v"], ["delete", "x"], ["delete", "x", "k"],
        ["export", "x", "-"], ["rename", "x", "a", "b"], ["import", "x", "-"], ["find", "anything"], ["doctor"],
        ["palette", "--domain", "x", "list"], ["read"]
    ]

    /// Runs `prefs` under `timeout`, so a hang fails the test instead of stopping the suite.
    private func prefs(_ arguments: [String], input: String = "<plist><dict/></plist>") throws -> CommandResult {
        try Shell.run("/usr/bin/timeout", ["-s", "KILL", "10", Shell.prefs] + arguments, environment: ["PREFS_HOME": home], input: input)
    }

    /// A FIFO named like a domain is refused by every verb with exit 3, never waited on.
    @Test(arguments: verbs)
    func fifoIsRefused(arguments: [String]) throws {
        #expect(mkfifo(folder.file("x.plist"), 0o600) == 0)
        _ = try Shell.prefs(["write", "other", "anything", "found"], home: home)
        let result = try prefs(arguments)
        #expect(result.status == 3, "\(arguments): \(result)")
        #expect(result.stderr.contains("x.plist") && result.stderr.contains("FIFO"), "\(arguments): \(result.stderr)")
        if arguments == ["find", "anything"] {
            #expect(result.stdout == "other: anything = found\n", "find reports the FIFO and goes on")
        }
    }

    /// A link to a FIFO or to /dev/zero is refused as quickly.
    @Test(arguments: ["fifo", "/dev/zero"])
    func linkToSpecialFileIsRefused(target: String) throws {
        if target == "fifo" { #expect(mkfifo(folder.file("fifo"), 0o600) == 0) }
        #expect(symlink(target == "fifo" ? folder.file("fifo") : target, folder.file("x.plist")) == 0)
        let link = folder.file("x.plist")
        for arguments in [
            ["read", "x"], ["write", "x", "k", "v"], ["validate", link], ["read", "--file", link], ["convert", link],
            ["convert", link, "--from", "binary"], ["import", "y", link], ["palette", "--domain", "x", "list"]
        ] {
            let result = try prefs(arguments)
            #expect(result.status == 3 || result.status == 4, "\(arguments): \(result)")
            #expect(result.stderr.contains("x.plist"), "\(arguments): \(result.stderr)")
        }
    }

    /// validate of a FIFO among files reports it and checks the others.
    @Test func validateReportsFifoAndGoesOn() throws {
        #expect(mkfifo(folder.file("x.plist"), 0o600) == 0)
        try folder.write("<plist version=\"1.0\"><dict/></plist>", to: "good.plist")
        let result = try prefs(["validate", folder.file("x.plist"), folder.file("good.plist")])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("x.plist") && result.stderr.contains("FIFO"), "\(result.stderr)")
        #expect(result.stdout.contains("good.plist: OK"), "\(result.stdout)")
    }

    /// palette import of a FIFO or /dev/zero is refused at once; an endless standard input stops at 64 MiB.
    @Test func paletteImportOfSpecialInputIsBounded() throws {
        #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
        for path in [folder.file("fifo"), "/dev/zero"] {
            let result = try prefs(["palette", "import", path])
            #expect(result.status == 3 && result.stderr.contains("not a regular file"), "\(path): \(result)")
        }
        let endless = try Shell.sh("yes | timeout -s KILL 60 \"$PREFS\" palette import -", home: home)
        #expect(endless.status == 3 && endless.stderr.contains("more than"), "\(endless)")
        #expect(folder.names() == ["fifo"], "nothing was written")
    }

    /// A domain named like another domain's temporary file is never swept, by writes or doctor --fix.
    @Test func domainNamedLikeATemporaryFileSurvives() throws {
        for name in ["a.plist.tmp-x", "a.plist.tmp-1-2", "a.plist.lock"] {
            #expect(try Shell.prefs(["write", name, "k", name], home: home).status == 0)
        }
        #expect(try Shell.prefs(["write", "a", "k", "v"], home: home).status == 0)
        let doctor = try Shell.prefs(["doctor", "--fix"], home: home)
        #expect(doctor.status == 0, "\(doctor)")
        for name in ["a.plist.tmp-x", "a.plist.tmp-1-2", "a.plist.lock"] {
            #expect(try Shell.prefs(["read", name, "k"], home: home).stdout == name + "\n")
        }
        #expect(folder.names() == ["a.plist", "a.plist.lock.plist", "a.plist.tmp-1-2.plist", "a.plist.tmp-x.plist"])
    }

    /// doctor --fix removes only temporary files prefs could have made: its own, regular, of an idle domain.
    @Test func doctorRemovesOnlyItsOwnTemporaryFiles() throws {
        _ = try Shell.prefs(["write", "a", "k", "v"], home: home)
        try folder.write("half", to: ".a.plist.tmp-123-456")
        try folder.write("a user's file", to: ".a.plist.tmp-123-456.bak")
        #expect(symlink("/etc/hostname", folder.file(".a.plist.tmp-1-2")) == 0)
        let report = try Shell.prefs(["doctor"], home: home)
        #expect(report.status == 3 && report.stderr.contains(".a.plist.tmp-123-456:"), "\(report)")
        #expect(!report.stderr.contains(".bak") && !report.stderr.contains("tmp-1-2"), "\(report.stderr)")
        #expect(try Shell.prefs(["doctor", "--fix"], home: home).status == 0)
        #expect(folder.names() == [".a.plist.tmp-1-2", ".a.plist.tmp-123-456.bak", "a.plist"])
    }

    /// A `.locks/d.plist.lock` that an earlier version's lock folder could hold, planted as a
    /// hard link, a link or a FIFO, is ignored: prefs locks the domain file itself, so it neither
    /// opens nor changes the planted file, and the write goes on.
    @Test(
        arguments: ["hard link", "symbolic link", "FIFO"])
    func plantedOldLockFileIsIgnored(kind: String) throws {
        _ = try Shell.prefs(["write", "d", "k", "v"], home: home)
        let victim = TemporaryFolder()
        try victim.write("precious", to: "victim")
        #expect(mkdir(folder.file(".locks"), 0o700) == 0)
        let lock = folder.file(".locks/d.plist.lock")
        switch kind {
        case "hard link": #expect(link(victim.file("victim"), lock) == 0)
        case "symbolic link": #expect(symlink(victim.file("victim"), lock) == 0)
        default: #expect(mkfifo(lock, 0o600) == 0)
        }
        var before = stat()
        #expect(stat(victim.file("victim"), &before) == 0)
        let result = try prefs(["write", "d", "k", "changed"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(try prefs(["read", "d", "k"]).stdout == "changed\n")
        #expect(victim.bytes("victim") == Array("precious".utf8))
        var after = stat()
        #expect(stat(victim.file("victim"), &after) == 0)
        #expect(after.st_uid == before.st_uid && after.st_mode == before.st_mode && after.st_ctim.tv_nsec == before.st_ctim.tv_nsec)
    }

    /// Under the lock a domain file that is a symbolic link is refused, never followed; the target is unchanged.
    @Test func symbolicLinkIsNotFollowedUnderTheLock() throws {
        let other = TemporaryFolder()
        try other.write("<plist version=\"1.0\"><dict><key>secret</key><string>s</string></dict></plist>", to: "victim.plist")
        #expect(symlink(other.file("victim.plist"), folder.file("d.plist")) == 0)
        let before = other.bytes("victim.plist")
        for arguments in [["write", "d", "k", "v"], ["delete", "d", "secret"], ["delete", "d"], ["rename", "d", "secret", "x"]] {
            let result = try prefs(arguments)
            #expect(result.status == 4 && result.stderr.contains("symbolic link"), "\(arguments): \(result)")
        }
        #expect(other.bytes("victim.plist") == before)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.file("d.plist"))) == other.file("victim.plist"))
    }

    /// A racer swapping the domain file for a link never gets another file's contents copied in.
    @Test func symbolicLinkRaceCopiesNothing() throws {
        let other = TemporaryFolder()
        try other.write("<plist version=\"1.0\"><dict><key>secret</key><string>s</string></dict></plist>", to: "victim.plist")
        _ = try Shell.prefs(["write", "d", "k", "0"], home: home)
        let racer = try Shell.start(
            """
            end=$(($(date +%s) + 3))
            while [ "$(date +%s)" -lt "$end" ]; do
                mv -f "$PREFS_HOME/d.plist" "$PREFS_HOME/real" 2>/dev/null
                ln -sf '\(other.file("victim.plist"))' "$PREFS_HOME/d.plist"
                mv -f "$PREFS_HOME/real" "$PREFS_HOME/d.plist" 2>/dev/null
            done
            """, home: home)
        for index in 1...100 {
            _ = try Shell.prefs(["write", "d", "k\(index)", "v"], home: home)
        }
        racer.process.waitUntilExit()
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.file("d.plist"))) != nil {
            try FileManager.default.removeItem(atPath: folder.file("d.plist"))
            try FileManager.default.moveItem(atPath: folder.file("real"), toPath: folder.file("d.plist"))
        }
        let secret = try Shell.prefs(["read", "d", "secret"], home: home)
        #expect(secret.status == 1, "the victim's key was copied into the domain: \(secret)")
        #expect(other.bytes("victim.plist").map { String(decoding: $0, as: UTF8.self).contains("<key>k") } == false)
    }
}
