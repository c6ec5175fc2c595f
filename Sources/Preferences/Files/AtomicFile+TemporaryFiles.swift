import Glibc

/// The temporary files of ``AtomicFile``: `.<name>.tmp-<pid>-<random>` beside the file they
/// replace, each locked (`flock`) by its writer from its creation to its rename, so that what a
/// killed writer left can be told from what a live one is writing.
extension AtomicFile {
    /// Whether `entry` is a temporary file of `name` that prefs could have made:
    /// `.<name>.tmp-<digits>-<digits>`.
    static func isTemporaryName(_ entry: String, of name: String) -> Bool {
        let prefix = "." + name + temporaryInfix
        guard entry.hasPrefix(prefix) else { return false }
        let numbers = entry.utf8.dropFirst(prefix.utf8.count).split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return numbers.count == 2 && numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy { (0x30...0x39).contains($0) } }
    }

    /// The name of the file whose temporary file `entry` is, when it has the form of one.
    static func temporaryFileOwner(_ entry: String) -> String? {
        guard entry.hasPrefix("."), let infix = entry.ranges(of: temporaryInfix).last else { return nil }
        let name = String(entry[entry.index(after: entry.startIndex)..<infix.lowerBound])
        return isTemporaryName(entry, of: name) ? name : nil
    }

    private static let temporaryInfix = ".tmp-"

    /// A new temporary name for the file `name`.
    static func temporaryName(for name: String) -> String {
        "." + name + temporaryInfix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Removes the temporary files of `name` in `folder` that writers killed mid-write left
    /// behind (``removeIfAbandoned(_:in:)``). A live writer's file is never removed, whatever
    /// lock it writes under. A temporary name that is one more link to the file `name` itself
    /// (a first write killed between linking its file in and removing the temporary name) is
    /// removed too: the file keeps its own name, whose lock the caller may hold.
    static func sweepTemporaryFiles(of name: String, in folder: Directory) {
        var file = stat()
        let hasFile = fstatat(folder.descriptor, name, &file, AT_SYMLINK_NOFOLLOW) == 0 && file.st_mode & S_IFMT == S_IFREG
        for entry in folderEntries(folder.path)?.names ?? [] where isTemporaryName(entry, of: name) {
            var status = stat()
            if hasFile, fstatat(folder.descriptor, entry, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_dev == file.st_dev,
                status.st_ino == file.st_ino, status.st_uid == geteuid()
            {
                unlinkat(folder.descriptor, entry, 0)
            } else {
                removeIfAbandoned(entry, in: folder)
            }
        }
    }

    /// Whether the entry `entry` of `folder`, a temporary file by its name, is the user's
    /// regular file that no writer holds. Names are never used twice, so a file found
    /// abandoned stays abandoned.
    static func isAbandoned(_ entry: String, in folder: Directory) -> Bool {
        whileAbandoned(entry, in: folder) {}
    }

    /// Removes `entry`, a temporary file by its name, when it is abandoned (``isAbandoned(_:in:)``).
    ///
    /// It is removed while its lock is held, so that a writer that created it but has not yet
    /// locked it waits, then finds it gone and makes another (``lockedTemporaryFile(for:in:)``).
    ///
    /// - Returns: Whether it was removed.
    @discardableResult
    static func removeIfAbandoned(_ entry: String, in folder: Directory) -> Bool {
        var removed = false
        _ = whileAbandoned(entry, in: folder) { removed = unlinkat(folder.descriptor, entry, 0) == 0 }
        return removed
    }

    /// Runs `body` holding the lock of `entry` when it is abandoned.
    ///
    /// - Returns: Whether it is abandoned (and `body` ran).
    private static func whileAbandoned(_ entry: String, in folder: Directory, _ body: () -> Void) -> Bool {
        let descriptor = openat(folder.descriptor, entry, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == geteuid(),
            flock(descriptor, LOCK_EX | LOCK_NB) == 0
        else { return false }
        body()
        return true
    }
}
