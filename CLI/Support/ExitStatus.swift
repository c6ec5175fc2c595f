/// The exit statuses of `prefs`, in the manner of `git config`, so scripts can branch on them.
enum ExitStatus: Int32, CaseIterable {
    /// The command did what was asked.
    case success = 0
    /// The domain, key, palette or file asked for does not exist.
    case notFound = 1
    /// The command line is wrong: an unknown option, a bad argument, a malformed value.
    case usage = 2
    /// A file does not read as a property list (malformed, invalid or hostile); it was left untouched.
    case unreadable = 3
    /// Writing failed (disk full, I/O error, permissions); the old file is intact. Standard
    /// output that fails after a change was saved is a warning instead (``Output``).
    case writeFailed = 4
    /// Another process held the domain's lock past the timeout.
    case lockTimeout = 5
    /// A system limit (open files, memory, the command line unreadable) stopped prefs before it
    /// changed anything.
    case systemLimit = 6
    /// A checking command had nothing to check: the folders named hold no file to check
    /// (`validate`, `check-manifest`), or no domain has a manifest (`check`). A CI job that
    /// checks nothing fails instead of passing.
    case nothingChecked = 7

    /// The status of a command that met both this failure and `other`, one file each: the
    /// higher, so a file that does not read (3) outweighs one that is not there (1).
    func combined(with other: ExitStatus?) -> ExitStatus {
        guard let other, other.rawValue > rawValue else { return self }
        return other
    }

    /// The table printed by `prefs --help` and the README.
    static let table = """
        EXIT STATUS:
          0  success
          1  domain, key, palette or file not found
          2  usage error or malformed value
          3  a file does not read as a property list (left untouched)
          4  a write failed (the old file is intact)
          5  timed out waiting for another process's lock
          6  a system limit (open files, memory) stopped prefs; nothing was changed
          7  nothing to check: no file found, or no domain with a manifest
        """
}
