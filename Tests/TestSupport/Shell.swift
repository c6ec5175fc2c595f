import Foundation

/// Runs real processes for the tests: the built `prefs` binary, `/bin/sh` scripts, `strace`.
public enum Shell {
    /// The `prefs` executable next to the test bundle (or `$PREFS_BINARY`).
    public static let prefs: String = {
        if let override = ProcessInfo.processInfo.environment["PREFS_BINARY"] { return override }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("prefs").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("cannot find the prefs executable beside \(CommandLine.arguments[0]); set PREFS_BINARY")
    }()

    /// The test process's environment, with a cache folder of the test run's own, so that the
    /// compiled manifests prefs keeps never land in the user's `~/.cache`.
    private static let baseEnvironment: [String: String] = {
        var template = Array("\(NSTemporaryDirectory())/prefs-test-cache-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { fatalError("mkdtemp failed: \(String(cString: strerror(errno)))") }
        return ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": String(cString: created)]) { $1 }
    }()

    /// Runs `executable` with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - environment: Variables added to (or replacing) the test process's own.
    ///   - input: Bytes for standard input; an empty input otherwise.
    ///   - workingIn: The current folder of the process; the test process's own otherwise.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        input: String = "", workingIn folder: String? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.arguments = arguments
        process.environment = baseEnvironment.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = try inputFile(holding: input)
        try process.run()
        return finish(process, stdout: stdout, stderr: stderr)
    }

    /// Reads `process`'s output to the end and waits for it to exit.
    ///
    /// Standard error is drained on another thread, so that neither pipe can fill up and stall
    /// the child.
    private static func finish(_ process: Process, stdout: Pipe, stderr: Pipe) -> CommandResult {
        let errorHandle = stderr.fileHandleForReading
        let errors = DrainedBytes()
        Thread {
            errors.bytes = errorHandle.readDataToEndOfFile()
            errors.done.signal()
        }.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        errors.done.wait()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return CommandResult(
            status: status, stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errors.bytes, as: UTF8.self))
    }

    /// An unlinked temporary file holding `input`, open for reading from its start.
    ///
    /// A file rather than a pipe: a command may refuse and exit before it reads its input, and
    /// writing to a pipe nobody reads would kill the test process with SIGPIPE.
    private static func inputFile(holding input: String) throws -> FileHandle {
        var template = Array("\(NSTemporaryDirectory())/prefs-stdin-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        unlink(template)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(input.utf8))
        try handle.seek(toOffset: 0)
        return handle
    }

    /// Starts a `/bin/sh` script without waiting for it; its output goes to the returned pipes.
    ///
    /// Use this to run processes side by side (the test waits for each), rather than `&` and
    /// `wait` inside one script.
    public static func start(_ script: String, home: String) throws -> (process: Process, stdout: Pipe, stderr: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = baseEnvironment.merging(["PREFS_HOME": home, "PREFS": prefs]) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, stdout, stderr)
    }

    /// Runs the scripts side by side and waits for all of them.
    ///
    /// - Returns: Each script's result, in order.
    public static func runConcurrently(_ scripts: [String], home: String) throws -> [CommandResult] {
        let started = try scripts.map { try start($0, home: home) }
        return started.map { finish($0.process, stdout: $0.stdout, stderr: $0.stderr) }
    }

    /// Runs `prefs` with `arguments` against the store in `home`, in the folder `workingIn`.
    public static func prefs(
        _ arguments: [String], home: String, environment: [String: String] = [:],
        input: String = "", workingIn folder: String? = nil
    ) throws -> CommandResult {
        try run(prefs, arguments, environment: environment.merging(["PREFS_HOME": home]) { $1 }, input: input, workingIn: folder)
    }

    /// Runs a `/bin/sh` script; `$PREFS` names the binary and `$PREFS_HOME` the store.
    public static func sh(_ script: String, home: String, environment: [String: String] = [:]) throws -> CommandResult {
        try run(
            "/bin/sh", ["-c", script],
            environment: environment.merging(["PREFS_HOME": home, "PREFS": prefs]) { $1 })
    }

    /// The sanitizer the suite runs under (`address`, `thread`), as `Tests/sanitizers.sh` sets
    /// `PREFS_SANITIZER`; `nil` in a plain build. A sanitizer's runtime opens, writes and maps
    /// memory of its own, which syscall-level fault injection and memory bounds would measure.
    public static let sanitizer = ProcessInfo.processInfo.environment["PREFS_SANITIZER"]

    /// Whether `command` is on the `PATH`.
    public static func has(_ command: String) -> Bool {
        (try? run("/bin/sh", ["-c", "command -v \(command)"]).status) == 0
    }
}

/// Bytes one thread reads to the end and hands over by signalling `done`; the reader is the only
/// one to touch `bytes` before the signal, the waiter the only one after.
private final class DrainedBytes: @unchecked Sendable {
    var bytes = Data()
    let done = DispatchSemaphore(value: 0)
}
