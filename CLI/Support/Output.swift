import Preferences
import Synchronization
import SystemPackage

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

    /// Writes `line` and a newline to standard error at once; a failure is dropped, as there is
    /// nowhere left to report it.
    static func error(_ line: String) {
        try? FileDescriptor.standardError.write(all: Array((line + "\n").utf8))
    }

    /// Writes `text` to standard output at once, for output that streams (`prefs watch`).
    ///
    /// - Throws: ``CLIError`` with exit status 4 when standard output cannot take it.
    static func writeNow(_ text: String) throws(CLIError) {
        try writeToStandardOutput(Array(text.utf8))
    }

    /// Writes what was queued for standard output.
    ///
    /// - Throws: ``CLIError`` with exit status 4 when standard output cannot take it.
    static func finish() throws(CLIError) {
        let bytes = pending.withLock { bytes in
            defer { bytes.removeAll() }
            return bytes
        }
        try writeToStandardOutput(bytes)
    }

    private static func writeToStandardOutput(_ bytes: [UInt8]) throws(CLIError) {
        do {
            try FileDescriptor.standardOutput.write(all: bytes)
        } catch {
            throw CLIError(.writeFailed, "cannot write to standard output: \(error)")
        }
    }
}
