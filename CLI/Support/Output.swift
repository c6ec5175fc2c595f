import Preferences
import Synchronization
import SystemPackage

/// Standard output and error without Foundation or stdio, checked for errors, and the one sink of
/// everything prefs prints.
///
/// Text is printed through a ``WorkflowCommandGuard`` for each stream: no line of it can carry a
/// raw control character (but the line feed and tab) to a terminal, nor be read by GitHub
/// Actions' runner as a workflow command. Fields of data inside a line (names, keys, values) are
/// escaped by their printer with ``TextEscaper/field`` before they get here, as only the
/// printer knows where a field ends; the guard is the last line of defence.
///
/// Two kinds of output have their own path:
/// - the annotations `--report github` means (``writeAnnotation(_:)``): their leading `::` is
///   kept, the rest of the line guarded;
/// - unguarded, data the user asked for, byte for byte, as `cat` prints a file (``writeData(_:)``): the
///   document of `export` and `convert` to standard output, and the bare scalar `read DOMAIN KEY`
///   prints to a pipe or file, so that `$(prefs read d k)` is the value itself. (To a terminal
///   the bare value is guarded text.) A script that prints such data into a CI log prints it
///   as `cat` would; `--json` prints any value guarded.
///
/// Standard output is collected and written once by ``finish()``, so a failed write (a full
/// disk, a closed pipe) is seen and turned into exit status 4 instead of a silent exit 0 — unless
/// the command has saved a change (``noteChangeSaved()``): status 4 says the old file is intact,
/// so what the command prints after its change is a report whose loss is a warning on standard
/// error, and the status stays 0; a script that retried on 4 would make the change twice.
enum Output {
    private static let pending = Mutex<[UInt8]>([])
    private static let changeSaved = Atomic(false)
    private static let outputGuard = Mutex(WorkflowCommandGuard())
    private static let errorGuard = Mutex(WorkflowCommandGuard())

    /// Records that the command has saved its change: from now on, standard output that cannot
    /// be written is a warning, not exit status 4.
    static func noteChangeSaved() {
        changeSaved.store(true, ordering: .relaxed)
    }

    /// Queues `text`, in `syntax`, for standard output, guarded.
    static func write(_ text: String, as syntax: WorkflowCommandGuard.Syntax = .text) {
        let guarded = outputGuard.withLock { $0.guarded(text, as: syntax) }
        pending.withLock { $0.append(contentsOf: guarded.utf8) }
    }

    /// Queues a UTF-8 `document` (JSON or XML) for standard output, guarded in its `syntax`.
    static func write(_ document: [UInt8], as syntax: WorkflowCommandGuard.Syntax) {
        write(String(decoding: document, as: UTF8.self), as: syntax)
    }

    /// Queues `bytes` for standard output as they are: data the user asked for (see above).
    static func writeData(_ bytes: [UInt8]) {
        outputGuard.withLock { $0.passed(bytes) }
        pending.withLock { $0.append(contentsOf: bytes) }
    }

    /// Queues the line of a GitHub workflow command prefs means (an `::error` annotation),
    /// the rest of the line guarded.
    static func writeAnnotation(_ command: String) {
        let line = outputGuard.withLock { $0.annotation(command) }
        pending.withLock { $0.append(contentsOf: line.utf8) }
    }

    /// Writes `line` and a newline to standard error at once, as one line whatever names it
    /// holds (``TextEscaper/line``), guarded; a failure is dropped, as there is nowhere left to
    /// report it.
    static func error(_ line: String) {
        errorLines(TextEscaper.line.escaped(line))
    }

    /// Writes `text` (prefs' own text of several lines, such as a usage message) and a newline
    /// to standard error at once, guarded; a failure is dropped, as for ``error(_:)``.
    static func errorLines(_ text: String) {
        let guarded = errorGuard.withLock { $0.guarded(text + "\n", as: .text) }
        // Standard error is where failures are reported; when it fails there is no other place.
        try? FileDescriptor.standardError.write(all: Array(guarded.utf8))
    }

    /// Writes `text`, in `syntax`, to standard output at once, guarded, for output that streams
    /// (`prefs watch`).
    ///
    /// - Throws: ``CLIError`` with exit status 4 when standard output cannot take it.
    static func writeNow(_ text: String, as syntax: WorkflowCommandGuard.Syntax = .text) throws(CLIError) {
        let guarded = outputGuard.withLock { $0.guarded(text, as: syntax) }
        try writeToStandardOutput(Array(guarded.utf8))
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
