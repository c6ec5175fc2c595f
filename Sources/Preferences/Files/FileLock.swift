import Glibc

/// An exclusive lock on a `.lock` file beside a domain file, held with `flock(2)`.
///
/// The lock file is never removed or renamed: removing it would let two writers lock two
/// different files. The kernel releases the lock when its holder exits, even after `kill -9`,
/// so no lock is ever stale. The holder writes its process id into the file so that a waiter
/// that times out can name it.
final class FileLock {
    private let descriptor: Int32

    /// Waits for the lock on `path`.
    ///
    /// - Parameters:
    ///   - path: The lock file; created 0600 if missing.
    ///   - domain: How errors name what is locked.
    ///   - timeout: How long to wait, in seconds.
    /// - Throws: ``PreferenceError`` with code `.lockTimeout` naming the domain and the holder's
    ///   process id when known, or `.writeFailed` when the lock file cannot be opened.
    init(path: String, domain: String, timeout: Double) throws(PreferenceError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PreferenceError(.writeFailed, "cannot open the lock file \(path): \(systemErrorText())")
        }
        let deadline = Self.now() + timeout
        var pause = 0.001
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = systemErrorText()
                close(descriptor)
                throw PreferenceError(.writeFailed, "cannot lock \(path): \(reason)")
            }
            guard Self.now() < deadline else {
                let holder = Self.holder(descriptor).map { " (held by process \($0))" } ?? ""
                close(descriptor)
                throw PreferenceError(.lockTimeout,
                    "timed out after \(timeout) s waiting for the lock on \(domain)\(holder); another prefs process is writing it. Try again, or raise PREFS_LOCK_TIMEOUT")
            }
            usleep(UInt32(pause * 1_000_000))
            pause = min(pause * 2, 0.02)
        }
        self.descriptor = descriptor
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 {
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func holder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingSuffix("\n"))
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
