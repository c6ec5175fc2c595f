import Foundation
import TestSupport
import Testing

/// Concurrent processes: no update lost, no reader ever sees a partial or invalid file, and the
/// lock times out cleanly.
@Suite("Concurrency")
struct ConcurrencyTests {
    /// Concurrent writers of distinct keys, with readers validating: every key kept.
    @Test(
        arguments: [(4, 200), (8, 100)])
    func concurrentWritersKeepEveryKey(writers: Int, writes: Int) throws {
        let folder = TemporaryFolder()
        let scripts = (1...writers).map { p in
            "for i in $(seq 1 \(writes)); do \"$PREFS\" write d w\(p)_k$i -int $i || echo \"write failed \(p) $i\" >&2; done"
        }
        let reader = """
            for i in $(seq 1 150); do
              if [ -f "$PREFS_HOME/d.plist" ]; then "$PREFS" validate --quiet "$PREFS_HOME/d.plist" || echo "invalid read $i" >&2; fi
            done
            """
        for result in try Shell.runConcurrently(scripts + [reader], home: folder.path) {
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }
        let dump = try Shell.prefs(["read", "d", "--json"], home: folder.path)
        let object = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Int]
        let values = try #require(object)
        #expect(values.count == writers * writes)
        for p in 1...writers {
            for i in 1...writes { #expect(values["w\(p)_k\(i)"] == i) }
        }
    }

    /// Twenty writers reaching one file by different names (the domain, `--file` with its path,
    /// `--file` through a link to the store's folder, the absolute path as a path domain, and a
    /// path through `..`) take one lock: every key is kept, and
    /// no writer's temporary file is swept from under it.
    @Test func writersOfOneFileByDifferentNamesKeepEveryKey() throws {
        let folder = TemporaryFolder()
        let home = folder.file("store")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: home)
        let names = [
            "d", "--file \"$PREFS_HOME/d.plist\"", "--file \"$PREFS_HOME/../link/d.plist\"", "\"$PREFS_HOME/d\"",
            "--file \"$PREFS_HOME/../store/./d.plist\""
        ]
        let scripts = names.enumerated().flatMap { index, name in
            (0..<4).map { copy in
                "for i in $(seq 1 15); do \"$PREFS\" write \(name) w\(index)_\(copy)_k$i -int $i || echo \"write failed $i\" >&2; done"
            }
        }
        for result in try Shell.runConcurrently(scripts, home: home) {
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }
        let dump = try Shell.prefs(["read", "d", "--json"], home: home)
        let values = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Int])
        #expect(values.count == names.count * 4 * 15, "lost \(names.count * 4 * 15 - values.count) of \(names.count * 4 * 15) writes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).sorted() == ["d.plist"])
    }

    /// First writes of one domain spelled in four cases, run at once, make one file holding
    /// every key, in each of 20 trials: the file is chosen under the store folder's lock.
    @Test func concurrentFirstWritesOfCaseVariantsMakeOneFile() throws {
        let spellings = ["com.Example.App", "com.example.app", "COM.EXAMPLE.APP", "com.example.App"]
        for trial in 1...20 {
            let folder = TemporaryFolder()
            let scripts = spellings.enumerated().map { index, name in "\"$PREFS\" write \(name) k\(index) -int \(trial)" }
            for result in try Shell.runConcurrently(scripts, home: folder.path) {
                #expect(result.status == 0 && result.stderr.isEmpty, "trial \(trial): \(result)")
            }
            #expect(folder.names().count == 1, "trial \(trial): \(folder.names())")
            let dump = try Shell.prefs(["read", spellings[trial % spellings.count], "--json"], home: folder.path)
            let values = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Int]
            #expect(values == ["k0": trial, "k1": trial, "k2": trial, "k3": trial], "trial \(trial): \(dump)")
        }
    }

    /// A held lock makes a writer time out with exit 5 naming the domain; the file is unchanged.
    @Test(.enabled(if: Shell.has("flock")))
    func heldLockTimesOut() throws {
        let store = try StoreFixture(keys: 10)
        let old = try #require(store.bytes)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["-o", store.lockPath, "sleep", "30"]
        try holder.run()
        defer { holder.terminate() }
        usleep(200_000)
        let started = Date()
        let result = try Shell.prefs(["write", store.domain, "k", "v"], home: store.home, environment: ["PREFS_LOCK_TIMEOUT": "2"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 5, "\(result)")
        #expect(result.stderr.contains(store.domain), "\(result.stderr)")
        #expect(result.stderr.contains("held by process \(holder.processIdentifier) (flock)"), "the holder the kernel reports: \(result.stderr)")
        #expect(elapsed >= 2.0 && elapsed < 2 + patience, "timed out after \(elapsed) s")
        #expect(store.bytes == old)
    }

    /// A waiting writer proceeds at once when the lock holder is killed.
    @Test func killedHolderReleasesTheLock() throws {
        let store = try StoreFixture(keys: 10)
        // One process that holds the lock itself, so killing it releases the lock.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = [
            "-c", "import fcntl,sys,time\nf=open(sys.argv[1],'r')\nfcntl.flock(f,fcntl.LOCK_EX)\nprint('locked',flush=True)\ntime.sleep(30)",
            store.lockPath
        ]
        let ready = Pipe()
        holder.standardOutput = ready
        try holder.run()
        _ = ready.fileHandleForReading.availableData
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: Shell.prefs)
        writer.arguments = ["write", store.domain, "k", "v"]
        writer.environment = ["PREFS_HOME": store.home, "PREFS_LOCK_TIMEOUT": String(10 * patience)]
        try writer.run()
        usleep(300_000)
        #expect(writer.isRunning, "the writer did not wait for the lock")
        let killed = Date()
        kill(holder.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        // Long before its lock timeout: the writer noticed the lock come free.
        #expect(Date().timeIntervalSince(killed) < patience, "the writer took \(Date().timeIntervalSince(killed)) s after the holder died")
        #expect(try Shell.prefs(["read", store.domain, "k"], home: store.home).stdout == "v\n")
    }

    /// `doctor --fix` run in the moment between a writer creating its temporary file and
    /// locking it (`strace` holds the writer's second `flock`, the one on its temporary file,
    /// for a second) leaves the writer's write whole: the sweep may remove that file, but the
    /// writer then makes another and its change is made.
    @Test(.enabled(if: Shell.has("strace"))) func sweepBeforeAWriterLocksItsTemporaryFileLosesNoWrite() throws {
        let folder = TemporaryFolder()
        let result = try Shell.sh(
            """
            "$PREFS" write d k v || exit 10
            /usr/bin/strace -f -qq -o /dev/null -e trace=flock -e inject=flock:delay_enter=1000000:when=2 "$PREFS" write d k2 v2 & writer=$!
            i=0
            until ls -a "$PREFS_HOME" | grep -q '^\\.d\\.plist\\.tmp-'; do
              i=$((i + 1)); [ $i -gt 3000 ] && { echo "no temporary file appeared" >&2; break; }; sleep 0.01
            done
            "$PREFS" doctor --fix > /dev/null
            wait $writer
            """, home: folder.path)
        #expect(result.status == 0, "\(result)")
        #expect(try Shell.prefs(["read", "d", "k2"], home: folder.path).stdout == "v2\n")
        #expect(try Shell.prefs(["doctor"], home: folder.path).status == 0, "no temporary file is left")
    }
}
