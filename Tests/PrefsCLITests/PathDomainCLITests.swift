import Foundation
import TestSupport
import Testing

/// A path where a domain goes, as `defaults` takes one (`.plist` added when missing):
/// `/Library/Preferences/…` is the administrator's file, `$HOME/Library/Preferences/…` the
/// user's domain or its ByHost values, any other path that file; and domain names that differ
/// only in case are one domain.
@Suite("Path domains and domain names' case")
struct PathDomainCLITests {
    let folder = TemporaryFolder()
    var store: String { folder.file("store") }
    var system: String { folder.file("etc/prefs") }
    var home: String { folder.file("home") }

    /// The environment of a user whose folder of domains is `store`, home `home` and
    /// administrator's folder `system`.
    private var environment: [String: String] { ["HOME": home, "XDG_CONFIG_DIRS": folder.file("etc")] }

    private func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: store, environment: environment) }

    private func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
    }

    /// A relative path is no domain, as with `defaults`: `../evil`, `./x` and `x/y` are refused
    /// (status 2) with a message pointing to an absolute path or `--file`, and nothing is
    /// created beside or below the current folder; so is `~/x` without an absolute HOME.
    @Test(arguments: ["../evil", "./x", "x/y", "../../x.plist"])
    func relativePathDomainIsRefused(path: String) throws {
        let work = folder.file("work/here")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        for arguments in [["write", path, "k", "v"], ["read", path], ["delete", path, "k"], ["import", path, "-"]] {
            let result = try Shell.prefs(arguments, home: store, environment: environment, input: "{}", workingIn: work)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.contains("is a relative path") && result.stderr.contains("--file"), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.file("work")) == ["here"])
        let noHome = try Shell.prefs(["write", "~/x", "k", "v"], home: store, environment: ["HOME": "relative"], workingIn: work)
        #expect(noHome.status == 2 && noHome.stderr.contains("HOME"), "\(noHome)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.file("work")) == ["here"])
    }

    /// `/Library/Preferences/NAME` writes the administrator's file, readable by every user
    /// (folders 0755, file 0644), which the domain's search list then reads below the user's
    /// values; a subfolder is kept; every verb takes the path.
    @Test func libraryPreferencesIsTheAdministratorsLayer() throws {
        #expect(try prefs("write", "/Library/Preferences/com.example.app", "size", "-int", "3").status == 0)
        #expect(mode(folder.file("etc")) == 0o755 && mode(system) == 0o755)
        #expect(mode(system + "/com.example.app.plist") == 0o644)
        #expect(try prefs("read", "com.example.app", "size", "--show-origin").stdout == "file:\(system)/com.example.app.plist\t3\n")
        #expect(try prefs("read", "/Library/Preferences/com.example.app.plist", "size").stdout == "3\n")
        #expect(try prefs("read-type", "/Library/Preferences/com.example.app", "size").stdout == "Type is integer\n")
        #expect(try prefs("rename", "/Library/Preferences/com.example.app", "size", "width").status == 0)
        #expect(try prefs("export", "/Library/Preferences/com.example.app", "-").stdout.contains("<key>width</key>"))
        #expect(try prefs("delete", "/Library/Preferences/com.example.app", "width").status == 0)
        #expect(try prefs("write", "/Library/Preferences/SystemConfiguration/com.example.smb", "k", "v").status == 0)
        #expect(mode(system + "/SystemConfiguration") == 0o755)
        #expect(mode(system + "/SystemConfiguration/com.example.smb.plist") == 0o644)
        #expect(!FileManager.default.fileExists(atPath: store), "nothing is written in the user's folder")
    }

    /// `$HOME/Library/Preferences/NAME`, with or without `.plist`, and `~/Library/…` that the
    /// shell left alone, are the user's domain NAME; `…/ByHost/NAME.HOST` its values for HOST.
    @Test func homeLibraryPreferencesIsTheUsersDomain() throws {
        #expect(try prefs("write", home + "/Library/Preferences/com.example.app", "a", "-int", "1").status == 0)
        #expect(try prefs("write", home + "/Library/Preferences/com.example.app.plist", "b", "-int", "2").status == 0)
        #expect(try prefs("write", "~/Library/Preferences/com.example.app.plist", "c", "-int", "3").status == 0)
        #expect(try prefs("read", "com.example.app", "--json").stdout == "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n")
        #expect(try prefs("write", home + "/Library/Preferences/ByHost/com.example.app.HOST1", "d", "-int", "4").status == 0)
        #expect(FileManager.default.fileExists(atPath: store + "/ByHost/com.example.app.HOST1.plist"))
        #expect(try prefs("-host", "HOST1", "read", "com.example.app", "d").stdout == "4\n")
        #expect(try prefs("read", "~/Library/Preferences/ByHost/com.example.app.HOST1", "d").stdout == "4\n")
        #expect(!FileManager.default.fileExists(atPath: home + "/Library"), "no Mac folders are made")
    }

    /// A ByHost path names its host itself: with `-currentHost` too, or without a host after
    /// the name, it is a usage error (exit 2) and nothing is written.
    @Test func aByHostPathNamesItsHost() throws {
        let twice = try prefs("-currentHost", "write", home + "/Library/Preferences/ByHost/com.example.app.HOST1", "d", "1")
        #expect(twice.status == 2 && twice.stderr.contains("names a host's file, so -currentHost and -host do not apply"), "\(twice)")
        let none = try prefs("write", home + "/Library/Preferences/ByHost/editor", "d", "1")
        #expect(none.status == 2 && none.stderr.contains("names no host: a ByHost file is NAME.HOST"), "\(none)")
        #expect(!FileManager.default.fileExists(atPath: store + "/ByHost"))
    }

    /// A path whose last component names no file is no domain: `~/`, `DIR/`, `DIR/.plist` and
    /// `DIR/..` are refused (status 2) naming the argument, as is `~` alone, and no `.plist`
    /// (nor `~.plist`, nor a domain named `~`) is made.
    @Test(arguments: ["~/", "~", "~/.plist", "@/dir/", "@/dir/.plist", "@/dir/..", "@/dir/."])
    func pathThatNamesNoFileIsRefused(given: String) throws {
        let dir = folder.file("elsewhere/dir")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let path = given.replacingOccurrences(of: "@", with: folder.file("elsewhere"))
        for arguments in [["write", path, "k", "v"], ["read", path], ["import", path, "-"]] {
            let result = try Shell.prefs(arguments, home: store, environment: environment, input: "{}")
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.contains("names a folder, not a domain") && result.stderr.contains(path), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.file("elsewhere")) == ["dir"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store + "/~.plist"))
    }

    /// Any other path is that file, as `--file` names it; `-currentHost` does not apply to it.
    @Test func anyOtherPathIsThatFile() throws {
        try FileManager.default.createDirectory(atPath: folder.file("elsewhere"), withIntermediateDirectories: true)
        #expect(try prefs("write", folder.file("elsewhere/settings"), "k", "v").status == 0)
        #expect(try prefs("read", "--file", folder.file("elsewhere/settings.plist"), "k").stdout == "v\n")
        let refused = try prefs("-currentHost", "write", folder.file("elsewhere/settings"), "k", "v")
        #expect(refused.status == 2 && refused.stderr.contains("names one file"), "\(refused)")
    }

    /// `com.apple.terminal` after `com.apple.Terminal` is the same domain, in the file first
    /// written; `domains` lists it once, and `doctor` reports a pair of files already there.
    @Test func namesThatDifferOnlyInCaseAreOneDomain() throws {
        #expect(try prefs("write", "com.apple.Terminal", "a", "-int", "1").status == 0)
        #expect(try prefs("write", "com.apple.terminal", "b", "-int", "2").status == 0)
        #expect(try prefs("read", "COM.APPLE.TERMINAL", "--json").stdout == "{\n  \"a\": 1,\n  \"b\": 2\n}\n")
        #expect(!FileManager.default.fileExists(atPath: store + "/com.apple.terminal.plist"))
        #expect(try prefs("doctor").status == 0)
        try FileManager.default.copyItem(atPath: store + "/com.apple.Terminal.plist", toPath: store + "/com.apple.terminal.plist")
        #expect(try prefs("domains").stdout == "com.apple.Terminal\n")
        let doctor = try prefs("doctor")
        #expect(doctor.status == 3, "\(doctor)")
        #expect(doctor.stderr.contains("\(store)/com.apple.terminal.plist: differs only in case from com.apple.Terminal.plist"), "\(doctor.stderr)")
    }

    /// A user who may not write the administrator's folder is refused with exit 4 and a
    /// message naming the folder and why; the file root wrote reads as the administrator's
    /// layer for that user. Runs prefs as user 65534 with `setpriv`, so it needs root.
    @Test(.enabled(if: getuid() == 0 && Shell.has("setpriv"), "needs root to act as another user"))
    func userWithoutRightsCannotWriteTheAdministratorsLayer() throws {
        chmod(folder.path, 0o755)
        #expect(try prefs("write", "/Library/Preferences/com.example.app", "size", "-int", "3").status == 0)
        let user: UInt32 = 65534
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        chown(store, user, user)
        func prefsAsUser(_ arguments: [String]) throws -> CommandResult {
            try Shell.run(
                "/usr/bin/setpriv", ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", Shell.prefs] + arguments,
                environment: environment.merging(["PREFS_HOME": store]) { $1 })
        }
        let before = FileManager.default.contents(atPath: system + "/com.example.app.plist")
        for arguments in [["write", "/Library/Preferences/com.example.app", "size", "-int", "4"], ["write", "/Library/Preferences/com.example.new", "k", "v"]] {
            let refused = try prefsAsUser(arguments)
            #expect(refused.status == 4, "\(arguments): \(refused)")
            #expect(
                refused.stderr.contains("the administrator's defaults in \(system) may be changed only by a user who may write that folder"),
                "\(refused.stderr)")
            #expect(refused.stderr.contains("ermission denied"), "\(refused.stderr)")
        }
        #expect(FileManager.default.contents(atPath: system + "/com.example.app.plist") == before)
        #expect(!FileManager.default.fileExists(atPath: system + "/com.example.new.plist"))
        let read = try prefsAsUser(["read", "com.example.app", "size", "--show-origin"])
        #expect(read.stdout == "file:\(system)/com.example.app.plist\t3\n" && read.stderr.isEmpty, "\(read)")
        #expect(try prefsAsUser(["write", "com.example.app", "size", "-int", "5"]).status == 0, "the user's own layer is theirs to write")
        #expect(try prefsAsUser(["read", "com.example.app", "size"]).stdout == "5\n")
    }
}
