import Glibc
import Synchronization

/// Standard output and error without Foundation or stdio: exact bytes, checked for errors.
///
/// Standard output is collected and written once by ``finish()``, so a failed write (a full
/// disk, a closed pipe) is seen and turned into exit status 4 instead of a silent exit 0.
enum Output {
    private static let pending = Mutex<[UInt8]>([])

    /// Queues `text` for standard output.
    static func write(_ text: String) {
        pending.withLock { $0.append(contentsOf: text.utf8) }
    }

    /// Queues `bytes` for standard output.
    static func write(_ bytes: [UInt8]) {
        pending.withLock { $0.append(contentsOf: bytes) }
    }

    /// Writes `line` and a newline to standard error at once.
    static func error(_ line: String) {
        _ = writeAll(Array((line + "\n").utf8), to: STDERR_FILENO)
    }

    /// Writes what was queued for standard output.
    ///
    /// - Throws: ``CLIError`` with exit status 4 when standard output cannot take it.
    static func finish() throws(CLIError) {
        let bytes = pending.withLock { bytes in
            defer { bytes.removeAll() }
            return bytes
        }
        if let failure = writeAll(bytes, to: STDOUT_FILENO) {
            throw CLIError(.writeFailed, "cannot write to standard output: \(String(cString: strerror(failure)))")
        }
    }

    /// Writes all of `bytes`, returning the `errno` of a failure.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return nil
    }
}
