import Foundation
import TestSupport
import Testing

/// Whose manifests prefs believes: an installed manifest gives `read` its defaults and refuses
/// writes, so, as the administrator's files, it is believed only when its folder of the search
/// path, every subfolder down to it, and the file belong to root or the user (root alone for
/// root) and neither group nor others may write them. Any other is passed over with a warning
/// naming it. Acts as a second user, `prefs-test-other` (made when missing), and as a third
/// (uid 12345, no account), so it needs root.
@Suite("Manifest trust", .enabled(if: getuid() == 0 && Shell.has("setpriv"), "needs root to act as other users"))
struct ManifestTrustTests {
    /// A user with no account, owning what neither the test nor `prefs-test-other` owns.
    static let stranger: UInt32 = 12345

    let parent = TemporaryFolder()
    /// `prefs-test-other`'s user and group.
    let other: (uid: UInt32, gid: UInt32)
    var home: String { parent.file("store") }
    var manifests: String { parent.file("manifests") }

    init() throws {
        // Another test may make the user at the same moment: then it exists, which is all that counts.
        let made = try Shell.run(
            "/bin/sh", ["-c", "id -u prefs-test-other >/dev/null 2>&1 || useradd --system --no-create-home prefs-test-other || id -u prefs-test-other"])
        guard made.status == 0, let entry = getpwnam("prefs-test-other") else { throw CocoaError(.featureUnsupported, userInfo: ["useradd": "\(made)"]) }
        other = (entry.pointee.pw_uid, entry.pointee.pw_gid)
        // Every user must be able to reach the test's folders.
        chmod(parent.path, 0o755)
        for folder in [home, manifests] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            chmod(folder, 0o755)
        }
        chmod(home, 0o700)
    }

    /// A manifest of the domain `d` whose integer `size` defaults to 12, at most 72.
    static let manifest = """
        <plist version="1.0"><dict><key>pfm_domain</key><string>d</string><key>pfm_subkeys</key><array><dict>\
        <key>pfm_name</key><string>size</string><key>pfm_type</key><string>integer</string>\
        <key>pfm_default</key><integer>12</integer><key>pfm_range_max</key><integer>72</integer>\
        </dict></array></dict></plist>
        """

    /// Writes the manifest to `name` in the test's folder with `mode`, owned by `owner`.
    func install(_ name: String, mode: mode_t = 0o644, owner: UInt32 = 0) throws {
        try parent.write(Self.manifest, to: name)
        chmod(parent.file(name), mode)
        chown(parent.file(name), owner, owner)
    }

    /// Runs prefs as root with the manifests in `manifests` and a cache of the test's own.
    func prefs(_ arguments: [String], cache: String? = nil) throws -> CommandResult {
        try Shell.prefs(
            arguments, home: home, environment: ["PREFS_MANIFESTS": manifests, "XDG_CACHE_HOME": cache ?? parent.file("cache")])
    }

    /// Runs prefs as `prefs-test-other` (`setpriv --init-groups`), with the store, manifests
    /// and cache in `environment`.
    func prefsAsOther(_ arguments: [String], environment: [String: String]) throws -> CommandResult {
        try Shell.run(
            "/usr/bin/setpriv",
            ["--reuid=\(other.uid)", "--regid=\(other.gid)", "--init-groups", "--reset-env", "/usr/bin/env"]
                + environment.map { "\($0)=\($1)" }.sorted() + [Shell.prefs] + arguments)
    }

    /// Expects the manifest `path` to be passed over by `read` (no default, warm cache or
    /// cold) and by `write` (a value it forbids is written), each time with a warning naming it.
    func expectPassedOver(_ path: String, saying reason: String, _ run: ([String]) throws -> CommandResult) throws {
        for _ in 0..<2 {
            let read = try run(["read", "d", "size"])
            #expect(read.status == 1 && read.stdout.isEmpty, "\(read)")
            #expect(read.stderr.hasPrefix("Warning: ") && read.stderr.contains(reason), "\(read)")
            #expect(read.stderr.contains("; the manifest \(path) is passed over\n"), "\(read)")
        }
        let write = try run(["write", "d", "size", "-int", "900"])
        #expect(write.status == 0, "\(write)")
        #expect(write.stderr.contains("; the manifest \(path) is passed over\n"), "\(write)")
        #expect(try run(["read", "d", "size"]).stdout == "900\n")
    }

    /// Expects the manifest to be believed: its default read, a value it forbids refused.
    func expectBelieved(_ path: String, _ run: ([String]) throws -> CommandResult) throws {
        let read = try run(["read", "d", "size"])
        #expect(read.status == 0 && read.stdout == "12\n" && read.stderr.isEmpty, "\(read)")
        let write = try run(["write", "d", "size", "-int", "900"])
        #expect(write.status == 2, "\(write)")
        #expect(write.stderr == "Error: key \"size\": is 900, above the maximum 72 (by the manifest \(path)); nothing was written\n", "\(write)")
    }

    /// Ways a manifest can be open to change by someone other than root, as root sees them.
    enum Exposure: String, CaseIterable, CustomTestStringConvertible {
        case worldWritableFile, groupWritableFile, anotherUsersFile, linkToAnotherUsersFile
        case worldWritableFolder, stickyWorldWritableFolder, anotherUsersFolder, worldWritableSubfolder

        var testDescription: String { rawValue }
    }

    /// Root passes over a manifest that another user could have planted or may change, with a
    /// warning naming it, for `read` defaults and `write` refusals alike.
    @Test(arguments: Exposure.allCases)
    func rootPassesOverAManifestOthersMayChange(_ exposure: Exposure) throws {
        var file = "manifests/d.plist"
        var reason = "so other users may change it; prefs does not trust it"
        switch exposure {
        case .worldWritableFile: try install(file, mode: 0o666)
        case .groupWritableFile: try install(file, mode: 0o664)
        case .anotherUsersFile:
            try install(file, owner: other.uid)
            reason = "belongs to user \(other.uid), not to you (0)"
        case .linkToAnotherUsersFile:
            try install("theirs.plist", owner: other.uid)
            try FileManager.default.createSymbolicLink(atPath: parent.file(file), withDestinationPath: parent.file("theirs.plist"))
            reason = "belongs to user \(other.uid), not to you (0)"
        case .worldWritableFolder:
            try install(file)
            chmod(manifests, 0o777)
        case .stickyWorldWritableFolder:
            try install(file)
            chmod(manifests, 0o1777)
            reason = "It is a shared folder (mode 1777), which must stay as it is: keep manifests in a folder of your own"
        case .anotherUsersFolder:
            try install(file)
            chown(manifests, other.uid, other.gid)
            reason = "the folder belongs to user \(other.uid), not to you (0)"
        case .worldWritableSubfolder:
            // Found by its pfm_domain, in a subfolder anyone may add files to.
            file = "manifests/vendor/app.plist"
            try FileManager.default.createDirectory(atPath: parent.file("manifests/vendor"), withIntermediateDirectories: false)
            chmod(parent.file("manifests/vendor"), 0o777)
            try install(file)
            reason = "\(manifests)/vendor: the folder has mode 777"
        }
        try expectPassedOver(parent.file(file), saying: reason) { try prefs($0) }
    }

    /// Root's own manifests, 0644 or 0600, and those in a subfolder of its own, are believed.
    @Test(arguments: [("manifests/d.plist", 0o644), ("manifests/d.plist", 0o600), ("manifests/vendor/app.plist", 0o644)] as [(String, mode_t)])
    func rootBelievesItsOwnManifests(file: String, mode: mode_t) throws {
        try FileManager.default.createDirectory(atPath: parent.file("manifests/vendor"), withIntermediateDirectories: false)
        chmod(parent.file("manifests/vendor"), 0o755)
        try install(file, mode: mode)
        try expectBelieved(parent.file(file)) { try prefs($0) }
    }

    /// A file another user planted, claiming the domain ahead of the owner's manifest in the
    /// folder's order, is passed over and cannot hide the owner's manifest.
    @Test func aPlantedClaimCannotHideTheOwnersManifest() throws {
        for folder in ["manifests/a-planted", "manifests/b-vendor"] {
            try FileManager.default.createDirectory(atPath: parent.file(folder), withIntermediateDirectories: false)
        }
        chmod(parent.file("manifests/a-planted"), 0o777)
        chmod(parent.file("manifests/b-vendor"), 0o755)
        try parent.write(Self.manifest.replacingOccurrences(of: "<integer>72</integer>", with: "<integer>9999</integer>"), to: "manifests/a-planted/d.plist")
        chown(parent.file("manifests/a-planted/d.plist"), other.uid, other.gid)
        try install("manifests/b-vendor/app.plist")
        for _ in 0..<2 {
            let refused = try prefs(["write", "d", "size", "-int", "900"])
            #expect(refused.status == 2 && refused.stderr.contains("by the manifest \(parent.file("manifests/b-vendor/app.plist"))"), "\(refused)")
            #expect(refused.stderr.hasPrefix("Warning: \(manifests)/a-planted: the folder has mode 777"), "\(refused)")
            #expect(refused.stderr.contains("; the manifest \(manifests)/a-planted/d.plist is passed over\n"), "\(refused)")
        }
    }

    /// What `prefs-test-other` sees: its own manifests (0600 in its 0700 folder) and root's
    /// are believed; a stranger's, or one in a shared sticky folder anyone may add to, or one
    /// of its own that others may write, is passed over.
    @Test func anotherUserBelievesOnlyRootsManifestsAndItsOwn() throws {
        let own = parent.file("own")
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: false)
        chown(own, other.uid, other.gid)
        chmod(own, 0o700)
        chown(home, other.uid, other.gid)
        let environment = ["PREFS_HOME": home, "XDG_CACHE_HOME": own + "/cache", "PREFS_MANIFESTS": own]
        let run = { (arguments: [String]) in try prefsAsOther(arguments, environment: environment) }

        try install("own/d.plist", mode: 0o600, owner: other.uid)
        try expectBelieved(own + "/d.plist", run)
        chmod(own + "/d.plist", 0o666)
        try expectPassedOver(own + "/d.plist", saying: "the file has mode 666", run)
        #expect(try run(["delete", "d", "size"]).status == 0)

        try install("own/d.plist", owner: 0)
        try expectBelieved(own + "/d.plist", run)
        chown(own + "/d.plist", Self.stranger, Self.stranger)
        try expectPassedOver(own + "/d.plist", saying: "belongs to user \(Self.stranger), not to you (\(other.uid))", run)
        #expect(try run(["delete", "d", "size"]).status == 0)

        // A shared folder such as /tmp: anyone may add a manifest, though not replace another's.
        chown(own + "/d.plist", other.uid, other.gid)
        chown(own, 0, 0)
        chmod(own, 0o1777)
        try expectPassedOver(own + "/d.plist", saying: "It is a shared folder (mode 1777)", run)
    }

    /// The manifest is read from the descriptor its checks were made on: swapped, after the
    /// checks (prefs held in its one `lseek` by `strace`), for a file others may write that
    /// allows anything, it still refuses the write.
    @Test(.enabled(if: Shell.has("strace"))) func aManifestSwappedAfterItsChecksIsNotRead() throws {
        try install("manifests/d.plist")
        try parent.write(Self.manifest.replacingOccurrences(of: "<integer>72</integer>", with: "<integer>9999</integer>"), to: "manifests/.swap")
        chmod(parent.file("manifests/.swap"), 0o666)
        let result = try Shell.sh(
            """
            /usr/bin/strace -f -qq -o /dev/null -e trace=lseek -e inject=lseek:delay_enter=1500000:when=1 \
                "$PREFS" write d size -int 900 2>"$1/stderr" & writer=$!
            sleep 0.5
            mv "$1/manifests/.swap" "$1/manifests/d.plist"
            wait $writer; status=$?
            cat "$1/stderr"; exit $status
            """.replacingOccurrences(of: "$1", with: parent.path),
            home: home, environment: ["PREFS_MANIFESTS": manifests, "PREFS_NO_CACHE": "1"])
        #expect(result.status == 2 && result.stdout.contains("is 900, above the maximum 72"), "\(result)")
        #expect(try prefs(["read", "d", "size"]).status == 1, "nothing was written")
    }

    /// A manifest prefs would believe but the user may not read stops the write (exit 3,
    /// naming it), as it always did: trusted, it is never silently left unenforced.
    @Test func aTrustedManifestTheUserMayNotReadStopsTheWrite() throws {
        try install("manifests/d.plist", mode: 0o600)
        chown(home, other.uid, other.gid)
        let result = try prefsAsOther(
            ["write", "d", "size", "-int", "900"],
            environment: ["PREFS_HOME": home, "PREFS_MANIFESTS": manifests, "XDG_CACHE_HOME": parent.file("no-cache")])
        #expect(result.status == 3 && result.stderr == "Error: cannot open \(manifests)/d.plist: Permission denied\n", "\(result)")
        #expect(!FileManager.default.fileExists(atPath: home + "/d.plist"))
    }

    /// Root whose cache folder lies in another user's folder (a `HOME` left as the user's)
    /// neither reads nor makes a cache there; the manifest is still believed.
    @Test func rootMakesNoCacheInAnotherUsersFolder() throws {
        try install("manifests/d.plist")
        let theirs = parent.file("theirs")
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: false)
        chown(theirs, other.uid, other.gid)
        for _ in 0..<2 {
            let read = try prefs(["read", "d", "size"], cache: theirs + "/.cache")
            #expect(read.status == 0 && read.stdout == "12\n" && read.stderr.isEmpty, "\(read)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs).isEmpty)
    }

    /// A manifest named on the command line is the user's choice, as a file named with `--file`
    /// is: `validate --manifest` enforces it and `check-manifest` lints it, whoever owns it and
    /// whoever may write it, without a warning.
    @Test func aManifestNamedOnTheCommandLineIsUsedWhoeverOwnsIt() throws {
        try install("manifests/d.plist", mode: 0o666, owner: other.uid)
        try parent.write("<plist version=\"1.0\"><dict><key>size</key><integer>900</integer></dict></plist>", to: "d.plist")
        let validate = try prefs(["validate", "--manifest", parent.file("manifests/d.plist"), parent.file("d.plist")])
        #expect(validate.status == 3 && (validate.stdout + validate.stderr).contains("is 900, above the maximum 72"), "\(validate)")
        #expect(!validate.stderr.contains("passed over"), "\(validate)")
        let lint = try prefs(["check-manifest", parent.file("manifests/d.plist")])
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint)")
    }
}
