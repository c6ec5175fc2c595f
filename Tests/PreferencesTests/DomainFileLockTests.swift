import Foundation
import Glibc
import Preferences
import PropertyLists
import TestSupport
import Testing

/// Writers of a file, a store's domain or a lone one, take an exclusive `flock(2)` on the file
/// itself; one that cannot get the lock in time gives up with `.lockTimeout`, names the holder
/// the kernel reports, and writes nothing.
@Suite("Domain file locking")
struct DomainFileLockTests {
    /// Holds the lock on `path` (a file or a folder) the way another process would.
    private final class HeldLock: Sendable {
        let descriptor: Int32

        init(_ path: String) throws {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                throw ScratchError("cannot lock \(path): \(String(cString: strerror(errno)))")
            }
        }

        func release() {
            flock(descriptor, LOCK_UN)
        }

        deinit { close(descriptor) }
    }

    private func seconds(_ body: () -> Void) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        body()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    @Test func writerGivesUpAfterTheTimeoutNamingTheDomainAndTheHolder() throws {
        try withScratch { scratch throws in
            let file = scratch.folder.file(for: try DomainName("com.example.editor"))
            try file.update(lockTimeout: 0) { $0 = ["k": 0] }
            let before = scratch.bytes(file.path)
            let held = try HeldLock(file.path)
            var error: PreferenceError?
            let elapsed = seconds {
                error = preferenceError { try file.update(lockTimeout: 0.3) { $0 = ["k": 1] } }
            }
            #expect(error?.code == .lockTimeout)
            #expect(error?.message.contains("com.example.editor") == true, "\(String(describing: error))")
            #expect(error?.message.contains("held by process \(getpid()) (") == true, "\(String(describing: error))")
            #expect(elapsed >= 0.3 && elapsed < 0.3 + patience, "waited \(elapsed) s")
            #expect(scratch.bytes(file.path) == before, "nothing was written")
            held.release()
            try file.update(lockTimeout: 0.3) { $0 = ["k": 1] }
            #expect(try file.read() == ["k": 1])
        }
    }

    /// A lone file and the same file reached as a domain of a store share one lock, so their
    /// writers wait for each other; a lock on the folder itself stalls no write to a file that
    /// exists.
    @Test func loneFileSharesTheLockOfTheDomainItIs() throws {
        try withScratch { scratch throws in
            let domain = scratch.folder.file(for: try DomainName("com.example.editor"))
            let file = DomainFile(path: scratch.domainPath())
            try file.update(lockTimeout: 0) { $0 = ["k": 0] }
            let folderLock = try HeldLock(scratch.path)
            try file.update(lockTimeout: 0) { $0 = ["k": 1] }
            try domain.update(lockTimeout: 0) { $0?["j"] = 1 }
            folderLock.release()
            let held = try HeldLock(domain.path)
            let error = preferenceError { try file.update(lockTimeout: 0) { $0?["k"] = 2 } }
            #expect(error?.code == .lockTimeout)
            #expect(error?.message.contains(file.path) == true, "without a domain name the path names it")
            held.release()
            try file.update(lockTimeout: 0) { $0?["k"] = 2 }
            #expect(try domain.read() == ["k": 2, "j": 1])
            #expect(try scratch.names() == ["com.example.editor.plist"], "nothing lies beside the file")
        }
    }

    @Test func storeWriteOnALockedDomainTimesOutAndLeavesTheFileAlone() throws {
        try withScratch { scratch throws in
            try scratch.store().set("before", forKey: "k")
            let before = scratch.bytes(scratch.domainPath())
            let file = scratch.folder.file(for: try DomainName("com.example.editor"))
            let held = try HeldLock(file.path)
            #expect(preferenceError { try file.update(lockTimeout: 0.1) { $0?["k"] = "after" } }?.code == .lockTimeout)
            #expect(scratch.bytes(scratch.domainPath()) == before)
            #expect(try scratch.store().string(forKey: "k") == "before", "readers do not wait for the lock")
            withExtendedLifetime(held) {}
        }
    }

    @Test func waiterGetsTheLockOnceTheHolderReleasesIt() throws {
        try withScratch { scratch throws in
            let file = scratch.folder.file(for: try DomainName("com.example.editor"))
            try file.update(lockTimeout: 0) { $0 = ["k": "before the wait"] }
            let held = try HeldLock(file.path)
            let releaser = Thread {
                usleep(200_000)
                held.release()
            }
            releaser.start()
            try file.update(lockTimeout: 5) { $0 = ["k": "written after the wait"] }
            #expect(try file.read() == ["k": "written after the wait"])
        }
    }

    /// Locking creates nothing: after a write the folder holds the file alone, and after the
    /// domain is removed, nothing.
    @Test func lockingLeavesNothingBesideTheFile() throws {
        try withScratch { scratch throws in
            let file = scratch.folder.file(for: try DomainName("com.example.editor"))
            try file.update(lockTimeout: 0) { $0 = ["k": 1] }
            try file.update(lockTimeout: 0) { $0?["j"] = 2 }
            #expect(try scratch.names() == ["com.example.editor.plist"])
            try file.update(lockTimeout: 0) { $0 = nil }
            #expect(try scratch.names() == [], "the domain is gone and nothing stays")
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
            #expect(try scratch.names() == ["com.example.editor.plist"], "no temporary file is left")
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
