import Glibc
import SystemPackage

/// An exclusive `flock(2)` lock that serializes the writers of a domain.
///
/// Every file is locked through an empty file in the private `.locks` folder beside it (see
/// ``DomainFile/lockPath``), so no lock lies among the user's files. A lock file is never removed, renamed, truncated or
/// written: removing it would let two writers lock two different files. The kernel releases the
/// lock when its holder exits, even after `kill -9`, so no lock is ever stale; a waiter that
/// times out names the holder the kernel reports in `/proc/locks`.
final class FileLock {
    private let descriptor: Int32

    /// Waits for the lock file `name` in `folder`, creating it (0600) when missing.
    ///
    /// The file is checked on its opened descriptor before it is locked: it must be a regular
    /// file with one link that belongs to the user, so a planted link to another file is refused.
    ///
    /// - Parameters:
    ///   - domain: How errors name what is locked.
    ///   - timeout: How long to wait, in seconds.
    /// - Throws: ``PreferenceError`` with code `.lockTimeout` naming the domain and the holder,
    ///   `.untrusted` for a lock file that is not the user's plain file, or `.writeFailed`.
    init(named name: String, in folder: Directory, domain: String, timeout: Double) throws(PreferenceError) {
        let path = folder.path + "/" + name
        guard let descriptor = try folder.openFile(name, O_RDONLY | O_CREAT | O_NOFOLLOW) else {
            throw PreferenceError.system(.writeFailed, "cannot create the lock file \(path)", errno: ENOENT)
        }
        do throws(PreferenceError) {
            if geteuid() == 0 {
                // Root leaves the lock file to the owner of its folder, who can then use it.
                let owner = try folder.status()
                fchown(descriptor, owner.st_uid, owner.st_gid)
            }
            let status = try Directory.status(of: descriptor, path: path)
            guard (status.st_mode & S_IFMT) == S_IFREG, status.st_nlink == 1, status.st_uid == geteuid() || geteuid() == 0 else {
                throw PreferenceError(
                    .untrusted,
                    "\(path) is not a lock file prefs made (it must be a regular file with one link that belongs to you); remove it and try again")
            }
            try Self.wait(for: descriptor, path: path, domain: domain, timeout: timeout)
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func wait(for descriptor: Int32, path: String, domain: String, timeout: Double) throws(PreferenceError) {
        let deadline = now() + timeout
        var pause = 0.001
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw PreferenceError.system(.writeFailed, "cannot lock \(path)")
            }
            guard now() < deadline else {
                let holder = holder(of: descriptor).map { " (held by \($0))" } ?? ""
                throw PreferenceError(
                    .lockTimeout,
                    "timed out after \(timeout) s waiting for the lock on \(domain)\(holder); another process is writing it. Try again, or raise PREFS_LOCK_TIMEOUT"
                )
            }
            usleep(UInt32(pause * 1_000_000))
            pause = min(pause * 2, 0.02)
        }
    }

    /// "process 1234 (flock)": the process the kernel lists in `/proc/locks` as holding a
    /// `flock` on the file open at `descriptor`, or `nil` when it cannot tell.
    private static func holder(of descriptor: Int32) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, let table = smallFileText("/proc/locks") else { return nil }
        let inode = ":\(status.st_ino)"
        for line in table.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5].hasSuffix(inode), let pid = Int32(fields[4]) else { continue }
            let name = smallFileText("/proc/\(pid)/comm").map { " (\($0.trimmingSuffix("\n")))" } ?? ""
            return "process \(pid)\(name)"
        }
        return nil
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The text of a small file such as one in `/proc`, or `nil` when it cannot be read.
func smallFileText(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    // Such text only adds to a message or a default (a lock holder's name, the machine's id):
    // a read that fails ends the text there, as a missing file gives `nil`, never an error.
    while bytes.count < 1 << 20,
        let count = try? buffer.withUnsafeMutableBytes({ try FileDescriptor(rawValue: descriptor).read(into: $0) }), count > 0
    {
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
