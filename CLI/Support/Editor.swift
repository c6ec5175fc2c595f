import Glibc
import SystemPackage

/// Runs the user's editor on a file and waits for it, as `crontab -e` and `git commit` do.
enum Editor {
    /// The editor command: `$VISUAL`, else `$EDITOR`, else `vi`.
    static var command: String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Opens `path` in the editor through `/bin/sh`, so the command may carry arguments.
    ///
    /// - Throws: ``CLIError`` when the editor cannot start or exits with a failure.
    static func open(_ path: String) throws {
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "sh", path]
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, &cArguments, environ)
        guard spawned == 0 else {
            throw CLIError(.writeFailed, "cannot start the editor \(command): \(Errno(rawValue: spawned))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw CLIError(.usage, "the editor \(command) failed; the palettes were not changed")
        }
    }
}
