import Foundation
import TestSupport
import Testing

/// What another user can do to prefs, with real processes of two real users: the test makes
/// the system user `prefs-test-other` (`useradd`) when it is missing and runs prefs, `flock` and
/// `mkdir` as that user or as 65534 with `setpriv`. No user can lock another's writes out, and
/// root, working in a folder another user owns, neither follows that user's links nor changes
/// the owner or mode of a file it did not just create.
@Suite(
    "Other users",
    .enabled(if: getuid() == 0 && Shell.has("setpriv") && Shell.has("useradd") && Shell.has("flock"), "needs root to make and act as other users"))
struct OtherUserTests {
    /// The user the tests act as when they attack: `prefs-test-other`, made when missing.
    static let other: UInt32 = {
        _ = try? Shell.run("/bin/sh", ["-c", "id -u prefs-test-other >/dev/null 2>&1 || useradd --system --no-create-home prefs-test-other"])
        let id = (try? Shell.run("/usr/bin/id", ["-u", "prefs-test-other"]).stdout) ?? ""
        return UInt32(id.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }()

    /// The user whose writes are attacked.
    static let victim: UInt32 = 65534

    let parent = TemporaryFolder()

    init() throws {
        // Both users must reach the folders below the test's own.
        chmod(parent.path, 0o755)
        #expect(Self.other != 0, "useradd made prefs-test-other")
    }

    /// Runs `executable` as `user` with the store `home`.
    private func run(as user: UInt32, _ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        try Shell.run(
            "/usr/bin/setpriv", ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", executable] + arguments,
            environment: ["PREFS_HOME": parent.file("home-\(user)")].merging(environment) { $1 })
    }

    /// Starts `flock PATH sleep 60` as `user` and returns once the kernel lists the lock.
    private func holdLock(on path: String, as user: UInt32) throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        holder.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", "flock", "--nonblock", path, "sleep", "60"]
        try holder.run()
        let pid = holder.processIdentifier
        var held = false
        for _ in 0..<1_000 where !held {
            let table = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
            held = table.split(separator: "\n").contains { line in
                let fields = line.split(separator: " ")
                return fields.count > 4 && fields[1] == "FLOCK" && fields[4] == "\(pid)"
            }
            if !held { usleep(10_000) }
        }
        #expect(held, "flock took the lock on \(path)")
        return holder
    }

    /// Locks `path` as `user` in a process that forks and exits, as an attacker can: the child,
    /// which `/proc/locks` does not name, keeps the lock and closes every other descriptor (so
    /// that the test does not wait for it to end). Returns the child's id, to kill.
    private func orphanLock(on path: String, as user: UInt32) throws -> Int32 {
        let script = """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDONLY); fcntl.flock(fd, fcntl.LOCK_EX)
            child = os.fork()
            if child == 0:
                null = os.open("/dev/null", os.O_RDWR)
                for n in (0, 1, 2): os.dup2(null, n)
                # Every other descriptor too (the test's pipes may leak in), but the lock's.
                os.closerange(3, fd); os.closerange(fd + 1, 65536)
                time.sleep(60); os._exit(0)
            print(child, flush=True); os._exit(0)
            """
        let result = try run(as: user, "/usr/bin/python3", ["-c", script, path])
        let child = Int32(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(result.status == 0 && child > 0, "\(result)")
        return child
    }

    private func owner(_ path: String) -> (uid: UInt32, mode: UInt32)? {
        var status = stat()
        return lstat(path, &status) == 0 ? (status.st_uid, status.st_mode & 0o7777) : nil
    }

    /// In a shared sticky folder (1777, as `/tmp`), another user who made the `.locks` folder
    /// earlier versions used, flocks the folder and flocks the victim's world-readable file
    /// blocks none of the victim's `--file` writes: new files and existing ones are written
    /// at once, and nothing but the files is left beside them.
    @Test func anotherUserCannotBlockFileWritesInAStickyFolder() throws {
        let shared = parent.file("shared")
        #expect(mkdir(shared, 0o777) == 0 && chmod(shared, 0o1777) == 0)
        #expect(try run(as: Self.victim, Shell.prefs, ["write", "--file", shared + "/v.plist", "a", "1"]).status == 0)
        chmod(shared + "/v.plist", 0o644)
        // The attack on earlier versions: the first user to make `.locks/` owned every lock.
        #expect(try run(as: Self.other, "/bin/mkdir", ["-m", "700", shared + "/.locks"]).status == 0)
        let onFolder = try holdLock(on: shared, as: Self.other)
        defer { onFolder.terminate() }
        let onFile = try holdLock(on: shared + "/v.plist", as: Self.other)
        defer { onFile.terminate() }
        let started = Date()
        let existing = try run(
            as: Self.victim, Shell.prefs, ["write", "--file", shared + "/v.plist", "b", "2"], environment: ["PREFS_LOCK_TIMEOUT": "30"])
        let created = try run(
            as: Self.victim, Shell.prefs, ["write", "--file", shared + "/new.plist", "c", "3"], environment: ["PREFS_LOCK_TIMEOUT": "30"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(existing.status == 0, "\(existing)")
        #expect(existing.stderr.contains("of user \(Self.other)") && existing.stderr.contains("no writer"), "\(existing.stderr)")
        #expect(created.status == 0 && created.stderr.isEmpty, "\(created)")
        #expect(elapsed < 5, "the writes took \(elapsed) s")
        #expect(try Shell.prefs(["read", "--file", shared + "/v.plist", "b"], home: parent.path).stdout == "2\n")
        #expect(try Shell.prefs(["read", "--file", shared + "/new.plist", "c"], home: parent.path).stdout == "3\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).sorted() == [".locks", "new.plist", "v.plist"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared + "/.locks").isEmpty, "prefs used none of it")
    }

    /// The same lock held by a process of a user who may write the file is waited for: it may be
    /// a writer. It times out naming the holder, and the file is unchanged.
    @Test func lockOfAUserWhoCouldWriteIsWaitedFor() throws {
        let own = parent.file("own")
        #expect(mkdir(own, 0o755) == 0 && chown(own, Self.victim, Self.victim) == 0)
        #expect(try run(as: Self.victim, Shell.prefs, ["write", "--file", own + "/v.plist", "a", "1"]).status == 0)
        let before = FileManager.default.contents(atPath: own + "/v.plist")
        let holder = try holdLock(on: own + "/v.plist", as: Self.victim)
        defer { holder.terminate() }
        let result = try run(as: Self.victim, Shell.prefs, ["write", "--file", own + "/v.plist", "b", "2"], environment: ["PREFS_LOCK_TIMEOUT": "1"])
        #expect(result.status == 5 && result.stderr.contains("held by process \(holder.processIdentifier)"), "\(result)")
        #expect(FileManager.default.contents(atPath: own + "/v.plist") == before)
    }

    /// Root writing in a folder another user owns never changes the owner or mode of a file
    /// planted there: a hard link to a third user's file, as the domain or as an earlier
    /// version's lock file, is refused or ignored, and the linked file keeps owner, mode and bytes.
    @Test func rootNeverChownsAPlantedHardLink() throws {
        let theirs = parent.file("theirs")
        #expect(mkdir(theirs, 0o755) == 0 && chown(theirs, Self.other, Self.other) == 0)
        try parent.write("precious", to: "victim")
        chown(parent.file("victim"), Self.victim, Self.victim)
        chmod(parent.file("victim"), 0o600)
        #expect(mkdir(theirs + "/.locks", 0o700) == 0 && chown(theirs + "/.locks", Self.other, Self.other) == 0)
        #expect(link(parent.file("victim"), theirs + "/.locks/new.plist.lock") == 0)
        #expect(link(parent.file("victim"), theirs + "/x.plist") == 0)
        let refused = try Shell.prefs(["write", "--file", theirs + "/x.plist", "k", "v"], home: parent.path)
        #expect(refused.status == 3 && refused.stderr.contains("belongs to user \(Self.victim)"), "\(refused)")
        let created = try Shell.prefs(["write", "--file", theirs + "/new.plist", "k", "v"], home: parent.path)
        #expect(created.status == 0, "\(created)")
        #expect(owner(parent.file("victim"))! == (Self.victim, 0o600))
        #expect(parent.bytes("victim") == Array("precious".utf8))
        #expect(owner(theirs + "/new.plist")! == (Self.other, 0o600), "root's new file is the folder owner's")
    }

    /// Root's output to a path in another user's folder never goes through a link that user
    /// planted to a FIFO or device (here a FIFO in a root-only folder, whose reader would
    /// receive the bytes): the write is refused, and the FIFO never opened.
    @Test func rootOutputDoesNotFollowAPlantedLinkToAFIFO() throws {
        #expect(try Shell.prefs(["write", "d", "secret", "root-only"], home: parent.file("home")).status == 0)
        let hidden = parent.file("hidden")
        #expect(mkdir(hidden, 0o700) == 0 && mkfifo(hidden + "/fifo", 0o600) == 0)
        let theirs = parent.file("theirs")
        #expect(mkdir(theirs, 0o755) == 0 && chown(theirs, Self.other, Self.other) == 0)
        #expect(symlink(hidden + "/fifo", theirs + "/out.plist") == 0 && lchown(theirs + "/out.plist", Self.other, Self.other) == 0)
        // The test itself is the FIFO's reader, so a writer that opened it would not wait.
        let reader = open(hidden + "/fifo", O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let export = try Shell.prefs(["export", "d", theirs + "/out.plist"], home: parent.file("home"))
        #expect(export.status == 4 && export.stderr.contains("symbolic link"), "\(export)")
        var buffer = [UInt8](repeating: 0, count: 4096)
        #expect(read(reader, &buffer, buffer.count) <= 0, "nothing reached the FIFO")
    }

    /// Root never follows a link another user planted: not a symlinked domain in that user's
    /// store (whose target `export` would hand over), nor a link on the way to an
    /// administrator's folder whose parent that user owns.
    @Test func rootDoesNotFollowAPlantedSymbolicLink() throws {
        let store = parent.file("store")
        #expect(mkdir(store, 0o700) == 0 && chown(store, Self.other, Self.other) == 0)
        try parent.write("<plist version=\"1.0\"><dict><key>secret</key><string>root-only</string></dict></plist>", to: "secret.plist")
        chmod(parent.file("secret.plist"), 0o600)
        #expect(symlink(parent.file("secret.plist"), store + "/d.plist") == 0 && lchown(store + "/d.plist", Self.other, Self.other) == 0)
        for arguments in [["export", "d", "-"], ["read", "d"], ["read", "d", "secret"]] {
            let result = try Shell.prefs(arguments, home: store)
            #expect(result.status == 3 && !result.stdout.contains("root-only"), "\(arguments): \(result)")
            #expect(result.stderr.contains("symbolic link"), "\(arguments): \(result.stderr)")
        }
        let xdg = parent.file("xdg")
        let target = parent.file("root-only")
        #expect(mkdir(xdg, 0o755) == 0 && chown(xdg, Self.other, Self.other) == 0 && mkdir(target, 0o755) == 0)
        #expect(symlink(target, xdg + "/prefs") == 0 && lchown(xdg + "/prefs", Self.other, Self.other) == 0)
        let write = try Shell.prefs(["write", "/Library/Preferences/x", "k", "v"], home: parent.file("home"), environment: ["XDG_CONFIG_DIRS": xdg])
        #expect(write.status == 3 && write.stderr.contains("does not follow"), "\(write)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
    }

    /// A lock taken by a process that forked and exited is held by its child, which
    /// `/proc/locks` does not name: prefs finds the child through `/proc/PID/fdinfo` and judges
    /// its user. Another user who may only read root's administrator file, or its folder (which
    /// a first write locks), locks neither out: root's writes go on at once with a warning.
    @Test func forkedOrphanLockOfAReaderIsNoWriter() throws {
        let environment = ["XDG_CONFIG_DIRS": parent.file("xdg"), "PREFS_LOCK_TIMEOUT": "10"]
        let home = parent.file("home")
        #expect(try Shell.prefs(["write", "/Library/Preferences/com.a", "k", "v"], home: home, environment: environment).status == 0)
        for (locked, domain) in [(parent.file("xdg/prefs/com.a.plist"), "com.a"), (parent.file("xdg/prefs"), "com.zz")] {
            let child = try orphanLock(on: locked, as: Self.other)
            defer { kill(child, SIGKILL) }
            let started = Date()
            let result = try Shell.prefs(["write", "/Library/Preferences/" + domain, "k", "x"], home: home, environment: environment)
            #expect(result.status == 0, "\(locked): \(result)")
            #expect(result.stderr.contains("process \(child)") && result.stderr.contains("of user \(Self.other)"), "\(result.stderr)")
            #expect(result.stderr.contains("no writer"), "\(result.stderr)")
            #expect(Date().timeIntervalSince(started) < 5)
            #expect(try Shell.prefs(["read", "/Library/Preferences/" + domain, "k"], home: home, environment: environment).stdout == "x\n")
        }
    }

    /// A user who is not root cannot see another user's descriptors, so the child that keeps a
    /// forked lock on the victim's world-readable `--file` in a sticky folder is not found; its
    /// taker is gone, so it is no prefs writer, and the victim's write goes on with a warning.
    @Test func forkedOrphanLockNoVisibleProcessHoldsIsNoWriter() throws {
        let shared = parent.file("shared")
        #expect(mkdir(shared, 0o777) == 0 && chmod(shared, 0o1777) == 0)
        #expect(try run(as: Self.victim, Shell.prefs, ["write", "--file", shared + "/v.plist", "a", "1"]).status == 0)
        chmod(shared + "/v.plist", 0o644)
        let child = try orphanLock(on: shared + "/v.plist", as: Self.other)
        defer { kill(child, SIGKILL) }
        let result = try run(as: Self.victim, Shell.prefs, ["write", "--file", shared + "/v.plist", "b", "2"], environment: ["PREFS_LOCK_TIMEOUT": "10"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("no longer holds it") && result.stderr.contains("no writer"), "\(result.stderr)")
        #expect(try Shell.prefs(["read", "--file", shared + "/v.plist", "b"], home: parent.path).stdout == "2\n")
    }

    /// The same forked lock, kept by a child whose user may write the file, is waited for: it
    /// may be a writer. The timeout names the child, and the file is unchanged.
    @Test func forkedOrphanLockOfAUserWhoCouldWriteIsWaitedFor() throws {
        let own = parent.file("own")
        #expect(mkdir(own, 0o755) == 0 && chown(own, Self.victim, Self.victim) == 0)
        #expect(try run(as: Self.victim, Shell.prefs, ["write", "--file", own + "/v.plist", "a", "1"]).status == 0)
        let before = FileManager.default.contents(atPath: own + "/v.plist")
        let child = try orphanLock(on: own + "/v.plist", as: Self.victim)
        defer { kill(child, SIGKILL) }
        let result = try run(as: Self.victim, Shell.prefs, ["write", "--file", own + "/v.plist", "b", "2"], environment: ["PREFS_LOCK_TIMEOUT": "1"])
        #expect(result.status == 5 && result.stderr.contains("held by process \(child)"), "\(result)")
        #expect(FileManager.default.contents(atPath: own + "/v.plist") == before)
        let asRoot = try Shell.prefs(["write", "--file", own + "/v.plist", "b", "2"], home: parent.file("home"), environment: ["PREFS_LOCK_TIMEOUT": "1"])
        #expect(asRoot.status == 5 && asRoot.stderr.contains("held by process \(child)"), "\(asRoot)")
    }
}
