import Foundation
import Glibc
import Preferences
import PropertyLists
import Testing

/// Writers of a domain take an exclusive `flock(2)` on `<file>.lock`; one that cannot get it in
/// time gives up with `.lockTimeout` and writes nothing.
@Suite("Domain file locking")
struct DomainFileLockTests {
    /// Holds the lock on `path` the way another process would, writing `holder` into it.
    private final class HeldLock: Sendable {
        let descriptor: Int32

        init(_ path: String, holder: String) throws {
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                throw ScratchError("cannot lock \(path): \(String(cString: strerror(errno)))")
            }
            let bytes = Array(holder.utf8)
            guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, bytes, bytes.count, 0) == bytes.count else {
                throw ScratchError("cannot write the holder into \(path)")
            }
        }

        func release() {
            flock(descriptor, LOCK_UN)
        }

        deinit { close(descriptor) }
    }

    private func seconds(_ body: () -> Void) -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        body()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    @Test func writerGivesUpAfterTheTimeoutNamingTheDomainAndTheHolder() throws {
        try withScratch { scratch throws in
            let file = DomainFile(path: scratch.domainPath(), domain: "com.example.editor")
            let held = try HeldLock(file.lockPath, holder: "424242\n")
            var error: PreferenceError?
            let elapsed = seconds {
                error = preferenceError { try file.update(lockTimeout: 0.3) { $0 = ["k": 1] } }
            }
            #expect(error?.code == .lockTimeout)
            #expect(error?.message.contains("com.example.editor") == true, "\(String(describing: error))")
            #expect(error?.message.contains("held by process 424242") == true, "\(String(describing: error))")
            #expect(elapsed >= 0.3 && elapsed < 10, "waited \(elapsed) s")
            #expect(!FileManager.default.fileExists(atPath: file.path), "nothing was written")
            held.release()
            try file.update(lockTimeout: 0.3) { $0 = ["k": 1] }
            #expect(try file.read() == ["k": 1])
        }
    }

    @Test func lockHeldWithoutAHolderStillTimesOut() throws {
        try withScratch { scratch throws in
            let file = DomainFile(path: scratch.file("x.plist"))
            let held = try HeldLock(file.lockPath, holder: "")
            let error = preferenceError { try file.update(lockTimeout: 0) { $0 = ["k": 1] } }
            #expect(error?.code == .lockTimeout)
            #expect(error?.message.contains(file.path) == true, "without a domain name the path names it")
            #expect(error?.message.contains("held by") == false)
            withExtendedLifetime(held) {}
        }
    }

    @Test func storeWriteOnALockedDomainTimesOutAndLeavesTheFileAlone() throws {
        try withScratch { scratch throws in
            try scratch.store().set("before", forKey: "k")
            let before = scratch.bytes(scratch.domainPath())
            let held = try HeldLock(scratch.domainPath() + ".lock", holder: "1\n")
            let file = scratch.folder.file(for: try DomainName("com.example.editor"))
            #expect(preferenceError { try file.update(lockTimeout: 0.1) { $0?["k"] = "after" } }?.code == .lockTimeout)
            #expect(scratch.bytes(scratch.domainPath()) == before)
            #expect(try scratch.store().string(forKey: "k") == "before", "readers do not wait for the lock")
            withExtendedLifetime(held) {}
        }
    }

    @Test func waiterGetsTheLockOnceTheHolderReleasesIt() throws {
        try withScratch { scratch throws in
            let file = DomainFile(path: scratch.domainPath(), domain: "com.example.editor")
            let held = try HeldLock(file.lockPath, holder: "1\n")
            let releaser = Thread {
                usleep(200_000)
                held.release()
            }
            releaser.start()
            try file.update(lockTimeout: 5) { $0 = ["k": "written after the wait"] }
            #expect(try file.read() == ["k": "written after the wait"])
        }
    }

    @Test func lockFileIs0600HoldsTheWritersProcessIdAndIsKept() throws {
        try withScratch { scratch throws in
            let file = DomainFile(path: scratch.domainPath())
            try file.update(lockTimeout: 0) { $0 = ["k": 1] }
            var status = stat()
            #expect(stat(file.lockPath, &status) == 0)
            #expect(status.st_mode & 0o777 == 0o600)
            #expect(scratch.bytes(file.lockPath) == Array("\(getpid())\n".utf8))
        }
    }

    @Test func updateThatChangesNothingWritesNothing() throws {
        try withScratch { scratch throws in
            let file = DomainFile(path: scratch.domainPath())
            let result = try file.update(lockTimeout: 0) { _ in 7 }
            #expect(result == 7)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(try file.read() == nil)
        }
    }

    @Test func updateToNilRemovesTheFile() throws {
        try withScratch { scratch throws in
            let file = DomainFile(path: scratch.domainPath())
            try file.update(lockTimeout: 0) { $0 = ["k": 1] }
            try file.update(lockTimeout: 0) { $0 = nil }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func valueTheWriterReachesAfterSeveralPiecesLeavesTheOldFileAndNoTemporaryFile() throws {
        try withScratch { scratch throws in
            let file = DomainFile(path: scratch.domainPath())
            try file.update(lockTimeout: 0) { domain in
                domain = PropertyListDictionary()
                for index in 0..<5_000 { domain!["k\(index)"] = .string(String(repeating: "v", count: 90)) }
            }
            let old = try #require(FileManager.default.contents(atPath: file.path))
            #expect(old.count > 4 * PropertyListWriter.pieceSize)
            // "zz" sorts last, so the writer has handed out every earlier piece when it fails.
            let error = preferenceError { try file.update(lockTimeout: 0) { $0!["zz"] = .string("nul \u{0} inside") } }
            #expect(error?.code == .invalidArgument)
            #expect(FileManager.default.contents(atPath: file.path) == old)
            #expect(try scratch.names() == ["com.example.editor.plist", "com.example.editor.plist.lock"])
        }
    }

    @Test func valueTheWriterCannotStoreIsRefusedAsInvalid() throws {
        try withScratch { scratch throws in
            let file = DomainFile(path: scratch.domainPath())
            let error = preferenceError { try file.update(lockTimeout: 0) { $0 = ["bad": .string("nul \u{0} inside")] } }
            #expect(error?.code == .invalidArgument)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }
}
