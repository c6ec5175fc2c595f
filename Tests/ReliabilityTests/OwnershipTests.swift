import Foundation
import TestSupport
import Testing

/// Whose files prefs trusts: a store folder or domain file that another user owns (root
/// excepted) or that others may write is refused with a message saying how to fix it, as
/// OpenSSH's StrictModes does; root writing into a user's store leaves the user's files theirs.
/// Runs prefs as another user with `setpriv`, so it needs root.
@Suite("Ownership and permissions", .enabled(if: getuid() == 0 && Shell.has("setpriv"), "needs root to act as other users"))
struct OwnershipTests {
    static let user: UInt32 = 65534
    static let stranger: UInt32 = 12345

    let parent = TemporaryFolder()
    var home: String { parent.file("store") }

    init() throws {
        // The user must be able to reach the store through the test's folder.
        chmod(parent.path, 0o755)
        try FileManager.default.createDirectory(
            atPath: parent.file("store"), withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        chown(parent.file("store"), Self.user, Self.user)
    }

    /// Runs prefs as user 65534 on the store.
    private func prefsAsUser(_ arguments: [String]) throws -> CommandResult {
        try Shell.run(
            "/usr/bin/setpriv", ["--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", Shell.prefs] + arguments,
            environment: ["PREFS_HOME": home])
    }

    private func owner(_ path: String) -> UInt32? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_uid : nil
    }

    /// A domain file another user owns is refused for reading and writing, and left as it was.
    @Test func strangersDomainFileIsRefused() throws {
        #expect(try prefsAsUser(["write", "d", "k", "mine"]).status == 0)
        chown(home + "/d.plist", Self.stranger, Self.stranger)
        let before = FileManager.default.contents(atPath: home + "/d.plist")
        for arguments in [["read", "d"], ["read", "d", "k"], ["write", "d", "k", "v"], ["delete", "d"], ["export", "d", "-"]] {
            let result = try prefsAsUser(arguments)
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.stderr.contains("belongs to user \(Self.stranger)") && result.stderr.contains("chown"), "\(arguments): \(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: home + "/d.plist") == before)
        let doctor = try prefsAsUser(["doctor"])
        #expect(doctor.status == 3 && doctor.stderr.contains("d.plist: the file belongs to user \(Self.stranger)"), "\(doctor)")
    }

    /// A store folder another user owns is refused; one root owns is trusted.
    @Test func strangersFolderIsRefused() throws {
        chown(home, Self.stranger, Self.stranger)
        chmod(home, 0o755)
        let refused = try prefsAsUser(["read", "d"])
        #expect(refused.status == 3 && refused.stderr.contains("the folder belongs to user \(Self.stranger)"), "\(refused)")
        #expect(try Shell.prefs(["write", "d", "k", "v"], home: home).status == 0, "root writes into any store")
        chown(home, 0, 0)
        chown(home + "/d.plist", 0, 0)
        chmod(home + "/d.plist", 0o644)
        let trusted = try prefsAsUser(["read", "d", "k"])
        #expect(trusted.status == 0 && trusted.stdout == "v\n", "\(trusted)")
    }

    /// A folder or domain file that others may write is refused, even for root.
    @Test(arguments: ["folder", "file"])
    func writableByOthersIsRefused(what: String) throws {
        #expect(try Shell.prefs(["write", "d", "k", "v"], home: home).status == 0)
        chmod(what == "folder" ? home : home + "/d.plist", what == "folder" ? 0o777 : 0o666)
        let before = FileManager.default.contents(atPath: home + "/d.plist")
        for arguments in [["read", "d", "k"], ["write", "d", "k", "changed"]] {
            let result = try Shell.prefs(arguments, home: home)
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.stderr.contains("chmod go-w"), "\(arguments): \(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: home + "/d.plist") == before)
        let doctor = try Shell.prefs(["doctor"], home: home)
        #expect(doctor.status == 3 && doctor.stderr.contains("others may change it"), "\(doctor)")
    }

    /// A shared folder such as `/tmp` (mode 1777) or a group's such as `/var/mail` (mode 2775)
    /// is refused as a store with its whole mode, and the message never advises a chmod that
    /// would break it for everyone else.
    @Test(arguments: [0o1777, 0o2775] as [mode_t])
    func sharedFolderIsRefusedWithoutAdviceToWeakenIt(mode: mode_t) throws {
        let shared = TemporaryFolder()
        chmod(shared.path, mode)
        for arguments in [["write", "d", "k", "v"], ["read", "d", "k"]] {
            let result = try Shell.prefs(arguments, home: shared.path)
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.stderr.contains("mode \(String(mode, radix: 8))"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("chmod"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("a folder of your own"), "\(arguments): \(result.stderr)")
        }
        let doctor = try Shell.prefs(["doctor"], home: shared.path)
        #expect(doctor.status == 3 && !doctor.stderr.contains("chmod"), "\(doctor)")
        var status = stat()
        #expect(stat(shared.path, &status) == 0 && status.st_mode & 0o7777 == mode, "the folder is as it was")
    }

    /// `doctor` on a folder that holds more than preferences, as `/etc` or `/` would be, names
    /// that others may read it but never advises the `chmod 700` that would lock every other
    /// user out of it.
    @Test func doctorNeverAdvisesMakingASystemFolderPrivate() throws {
        let system = TemporaryFolder()
        chmod(system.path, 0o755)
        try system.write("root:x:0:0::/root:/bin/sh\n", to: "passwd")
        try FileManager.default.createDirectory(atPath: system.file("bin"), withIntermediateDirectories: false)
        let doctor = try Shell.prefs(["doctor"], home: system.path)
        #expect(doctor.stderr.contains("so others may read it"), "\(doctor)")
        #expect(!doctor.stderr.contains("chmod"), "\(doctor)")
        #expect(doctor.stderr.contains("a folder of their own"), "\(doctor)")
    }

    /// Root reading a domain passes over an administrator's file (in `$XDG_CONFIG_DIRS/prefs`)
    /// that another user owns, or that lies in a folder another user owns, or that a link leads
    /// to, with a warning naming it: every user's values, root's too, come from that layer.
    @Test(arguments: ["file", "folder", "link"])
    func rootPassesOverAnAdministratorsFileAnotherUserOwns(what: String) throws {
        let system = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: system.file("prefs"), withIntermediateDirectories: false)
        chmod(system.file("prefs"), 0o755)
        let value = "<plist version=\"1.0\"><dict><key>proxy</key><string>theirs</string></dict></plist>"
        switch what {
        case "file":
            try system.write(value, to: "prefs/d.plist")
            chown(system.file("prefs/d.plist"), Self.stranger, Self.stranger)
        case "folder":
            try system.write(value, to: "prefs/d.plist")
            chown(system.file("prefs"), Self.stranger, Self.stranger)
        default:
            try system.write(value, to: "theirs.plist")
            chown(system.file("theirs.plist"), Self.stranger, Self.stranger)
            try FileManager.default.createSymbolicLink(atPath: system.file("prefs/d.plist"), withDestinationPath: system.file("theirs.plist"))
        }
        let read = try Shell.prefs(["read", "d", "proxy"], home: home, environment: ["XDG_CONFIG_DIRS": system.path])
        #expect(read.status == 1 && read.stdout.isEmpty, "\(read)")
        #expect(read.stderr.hasPrefix("Warning: \(system.path)/prefs"), "\(read)")
        #expect(read.stderr.contains("belongs to user \(Self.stranger)") && read.stderr.contains("passed over"), "\(read)")
        #expect(read.stderr.contains("must be root's: chown root"), "the administrator's file is root's to fix: \(read)")
    }

    /// Root writing into a user's store leaves the domain to the user, and nothing else there.
    @Test func rootLeavesTheUsersFilesTheirs() throws {
        #expect(try Shell.prefs(["write", "d", "k", "by root"], home: home).status == 0)
        #expect(owner(home + "/d.plist") == Self.user)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home) == ["d.plist"])
        #expect(try prefsAsUser(["read", "d", "k"]).stdout == "by root\n")
        #expect(try prefsAsUser(["write", "d", "k", "by the user"]).status == 0)
        #expect(try Shell.prefs(["write", "d", "k2", "by root again"], home: home).status == 0)
        #expect(owner(home + "/d.plist") == Self.user)
        #expect(try prefsAsUser(["read", "d", "k"]).stdout == "by the user\n")
    }
}
