import Foundation
import TestSupport
import Testing

/// Kills `prefs write` at every call of every syscall that matters to durability (`strace`'s
/// fault injection), and checks that the domain is always the old file or the new one, that it
/// validates, and that the next writer is neither blocked nor confused by leftovers.
@Suite("Crash points", .enabled(if: Shell.has("strace")))
struct CrashPointTests {
    static let syscalls = ["openat", "write", "fsync", "renameat", "flock", "close", "unlinkat", "getdents64", "newfstatat", "mkdirat"]

    /// A write killed at any call of a syscall leaves the old file or the new one.
    @Test(arguments: syscalls)
    func killedWriteLeavesOldOrNewFile(syscall: String) throws {
        try expectKilledWritesLeaveOldOrNewFile(at: syscall, keys: 1000, writing: "added", next: "next", spliced: false)
    }

    /// The first write of a domain, killed at any call of a syscall of its creation, leaves no
    /// file or the whole new one; the next write takes the lock at once and leaves nothing but
    /// the file, even a temporary name killed before it was removed after `linkat`.
    @Test(arguments: ["openat", "write", "fsync", "linkat", "unlinkat", "flock", "mkdirat"])
    func killedFirstWriteLeavesNoFileOrTheNewOne(syscall: String) throws {
        let reference = TemporaryFolder()
        #expect(try Shell.prefs(["write", "d", "k", "-int", "42"], home: reference.file("store")).status == 0)
        let newBytes = try #require(reference.bytes("store/d.plist"))
        let command = [Shell.prefs, "write", "d", "k", "-int", "42"]
        let probe = TemporaryFolder()
        let counting = try Shell.run(
            "/usr/bin/strace", ["-f", "-qq", "-e", "trace=\(syscall)", "-o", probe.file("trace")] + command,
            environment: ["PREFS_HOME": probe.file("store")])
        #expect(counting.status == 0, "\(counting)")
        let calls = try String(contentsOfFile: probe.file("trace"), encoding: .utf8).split(separator: "\n")
            .filter { !$0.contains("resumed>") && !$0.contains("+++") }.count
        for point in 1...max(calls, 1) {
            let folder = TemporaryFolder()
            let home = folder.file("store")
            _ = try Shell.run(
                "/usr/bin/strace",
                ["-f", "-qq", "-o", "/dev/null", "-e", "trace=\(syscall)", "-e", "inject=\(syscall):signal=SIGKILL:when=\(point)"] + command,
                environment: ["PREFS_HOME": home])
            let after = folder.bytes("store/d.plist")
            #expect(after == nil || after == newBytes, "\(syscall) call \(point): torn first write")
            let next = try Shell.prefs(["write", "d", "j", "-int", "1"], home: home, environment: ["PREFS_LOCK_TIMEOUT": "0"])
            #expect(next.status == 0, "\(syscall) call \(point): the next write failed: \(next)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: home) == ["d.plist"], "\(syscall) call \(point)")
            if after != nil { #expect(try Shell.prefs(["read", "d", "k"], home: home).stdout == "42\n") }
        }
    }

    /// The syscalls of a splice write's own work: reading the old file whole, writing the
    /// pieces around the entry, flushing, renaming, closing.
    static let spliceSyscalls = ["read", "write", "fsync", "renameat", "close"]

    /// A splice write of a large canonical domain killed at any call of a syscall leaves the old file or the new one.
    @Test(arguments: spliceSyscalls)
    func killedSpliceWriteLeavesOldOrNewFile(syscall: String) throws {
        try expectKilledWritesLeaveOldOrNewFile(at: syscall, keys: StoreFixture.largeKeys, writing: "key4000", next: "key4001", spliced: true)
    }

    /// Kills `prefs write DOMAIN key -int 42` on a store of `keys` keys at each call of
    /// `syscall` in turn, and checks that every state left validates, holds the old file or the
    /// new one, leaves no stray file and lets the next write (of `nextKey`) take the lock at once.
    ///
    /// - Parameter spliced: Whether the write must be a splice write; the check fails if it
    ///   is not, so that a splice test cannot quietly test the whole rewrite instead.
    private func expectKilledWritesLeaveOldOrNewFile(
        at syscall: String, keys: Int, writing key: String, next nextKey: String, spliced: Bool
    ) throws {
        let expected = try StoreFixture(keys: keys)
        if spliced {
            #expect(try expected.writeIsSpliced([key, "-int", "42"]), "the fixture is not written by splicing, so this tests the whole rewrite")
        } else {
            #expect(try Shell.prefs(["write", expected.domain, key, "-int", "42"], home: expected.home).status == 0)
        }
        let newBytes = try #require(expected.bytes)
        let torn = try Self.tornStates(killingAt: syscall, newBytes: newBytes, keys: keys) { store in
            [Shell.prefs, "write", store.domain, key, "-int", "42"]
        } check: { store, point in
            #expect(try store.validates(), "\(syscall) call \(point): file does not validate")
            // With no time to wait, the next write succeeds only if the lock is free.
            let next = try Shell.prefs(
                ["write", store.domain, nextKey, "-int", "1"], home: store.home,
                environment: ["PREFS_LOCK_TIMEOUT": "0"])
            #expect(next.status == 0, "\(syscall) call \(point): the next write failed: \(next)")
            #expect(store.strayFiles.isEmpty, "\(syscall) call \(point): left \(store.strayFiles)")
        }
        #expect(torn.isEmpty, "torn at \(syscall) calls \(torn)")
    }

    /// Calibration: the same harness catches a naive in-place writer tearing the file.
    @Test func harnessCatchesNaiveWriter() throws {
        let expected = try StoreFixture(keys: 1000)
        #expect(try Shell.prefs(["write", expected.domain, "added", "-int", "42"], home: expected.home).status == 0)
        let newBytes = try #require(expected.bytes)
        let source = expected.folder.file(expected.fileName)
        let naive =
            "import sys\nd=open(sys.argv[1],'rb').read()\nf=open(sys.argv[2],'r+b')\nf.truncate(0)\nfor i in range(0,len(d),4096):\n    f.write(d[i:i+4096]); f.flush()\n"
        let torn = try Self.tornStates(killingAt: "write", newBytes: newBytes) { store in
            ["/usr/bin/python3", "-c", naive, source, store.folder.file(store.fileName)]
        } check: { _, _ in
        }
        #expect(torn.count > 10, "the harness saw only \(torn.count) torn states from a writer that tears on every write")
    }

    /// Runs `command` once per call of `syscall` it makes, killed by `SIGKILL` at that call, and
    /// returns the call numbers after which the domain was neither the old file nor `newBytes`.
    private static func tornStates(
        killingAt syscall: String, newBytes: [UInt8], keys: Int = 1000, command: (StoreFixture) -> [String],
        check: (StoreFixture, Int) throws -> Void
    ) throws -> [Int] {
        let probe = try StoreFixture(keys: keys)
        let trace = probe.folder.file("trace")
        let counting = try Shell.run(
            "/usr/bin/strace", ["-f", "-qq", "-e", "trace=\(syscall)", "-o", trace] + command(probe),
            environment: ["PREFS_HOME": probe.home])
        #expect(counting.status == 0, "\(counting)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .filter { !$0.contains("resumed>") && !$0.contains("+++") }.count
        var torn: [Int] = []
        for point in 1...max(calls, 1) {
            let store = try StoreFixture(keys: keys)
            let oldBytes = try #require(store.bytes)
            _ = try Shell.run(
                "/usr/bin/strace",
                [
                    "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(syscall)",
                    "-e", "inject=\(syscall):signal=SIGKILL:when=\(point)"
                ] + command(store),
                environment: ["PREFS_HOME": store.home])
            let after = store.bytes ?? []
            if after != oldBytes && after != newBytes { torn.append(point) }
            try check(store, point)
        }
        return torn
    }

    /// Random kill -9 during writes never tears the file (100 kills)
    @Test func randomKillsNeverTearTheFile() throws {
        try randomKills(keys: 3000, rounds: 100, pause: 0...12_000)
    }

    /// Random kill -9 during splice writes of a large canonical domain never tears the file (40 kills)
    @Test func randomKillsDuringSpliceWritesNeverTearTheFile() throws {
        let probe = try StoreFixture(keys: StoreFixture.largeKeys)
        #expect(try probe.writeIsSpliced(["k", "v"]), "the fixture is not written by splicing, so this tests the whole rewrite")
        try randomKills(keys: StoreFixture.largeKeys, rounds: 40, pause: 0...60_000)
    }

    /// Starts `rounds` writes of a store of `keys` keys, each killed after a pause drawn from
    /// `pause` microseconds, and checks after each that the domain is the old file or the new.
    private func randomKills(keys: Int, rounds: Int, pause: ClosedRange<UInt32>) throws {
        let store = try StoreFixture(keys: keys)
        var old = try #require(store.bytes)
        var outcomes = (old: 0, new: 0)
        for round in 0..<rounds {
            let value = "round\(round)"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Shell.prefs)
            process.arguments = ["write", store.domain, "k", value]
            process.environment = ["PREFS_HOME": store.home]
            try process.run()
            usleep(UInt32.random(in: pause))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try #require(store.bytes)
            #expect(try store.validates(), "round \(round): the file does not validate")
            if now == old {
                outcomes.old += 1
            } else {
                let read = try Shell.prefs(["read", store.domain, "k"], home: store.home)
                #expect(read.stdout == value + "\n", "round \(round): neither old nor new: \(read)")
                outcomes.new += 1
            }
            old = now
        }
        #expect(outcomes.old + outcomes.new == rounds)
        let next = try Shell.prefs(["write", store.domain, "final", "1"], home: store.home)
        #expect(next.status == 0)
        #expect(store.strayFiles.isEmpty, "left \(store.strayFiles)")
    }
}
