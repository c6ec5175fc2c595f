import Preferences
import Synchronization
import SystemPackage

/// Standard output and error without Foundation or stdio: exact bytes, checked for errors.
///
/// Standard output is collected and written once by ``finish()``, so a failed write (a full
/// disk, a closed pipe) is seen and turned into exit status 4 instead of a silent exit 0 — unless
/// the command has saved a change (``noteChangeSaved()``): status 4 says the old file is intact,
/// so what the command prints after its change is a report whose loss is a warning on standard
/// error, and the status stays 0; a script that retried on 4 would make the change twice.
enum Output {
    private static let pending = Mutex<[UInt8]>([])
    private static let changeSaved = Atomic(false)

    /// Records that the command has saved its change: from now on, standard output that cannot
    /// be written is a warning, not exit status 4.
    static func noteChangeSaved() {
        changeSaved.store(true, ordering: .relaxed)
    }

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
        // Standard error is where failures are reported; when it fails there is no other place.
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
    /// - Throws: ``CLIError`` with exit status 4 when standard output cannot take it and no
    ///   change was saved; after a saved change, a warning on standard error instead.
    static func finish() throws(CLIError) {
        let bytes = pending.withLock { bytes in
            defer { bytes.removeAll() }
            return bytes
        }
        do {
            try writeToStandardOutput(bytes)
        } catch {
            guard changeSaved.load(ordering: .relaxed) else { throw error }
            Self.error("warning: the change was saved, but its report was lost: " + error.message)
        }
    }

    private static func writeToStandardOutput(_ bytes: [UInt8]) throws(CLIError) {
        do {
            try FileDescriptor.standardOutput.write(all: bytes)
        } catch {
            throw CLIError(.writeFailed, "cannot write to standard output: \(error)")
        }
    }
}
