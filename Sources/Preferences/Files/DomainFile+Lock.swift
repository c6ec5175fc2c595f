import Glibc

/// The locks of a domain file: the file's own inode, whatever name reaches it, and for the first
/// write of a store's domain the store's folder.
///
/// A writer opens the file (read-only, never through a symbolic link, relative to its open
/// folder), checks the descriptor, and takes an exclusive `flock` on it. Once it holds the
/// lock it checks that the name still names that inode: a writer that held the lock before
/// may have renamed a new file over it (or removed it), and then the writer lets go and starts
/// again. A writer keeps the lock of the old inode until its new file has replaced it, so the
/// writers of a file take turns whether they reach it by its domain, `--file`, a path domain, a
/// link to its folder or a path through `..`: every name leads to one inode, and so to one
/// lock. Nothing is created to be locked, so nothing is left beside a file.
extension DomainFile {
    /// Opens, checks and locks the file in `folder` (its open folder).
    ///
    /// - Returns: The lock, held, on the inode the file's name names now; `nil` when there is
    ///   no file.
    /// - Throws: ``PreferenceError`` with code `.lockTimeout`, `.untrusted`, `.unreadable` for
    ///   what is not a regular file, or `.writeFailed` for a symbolic link.
    func lock(in folder: Directory, timeout: Double) throws(PreferenceError) -> FileLock? {
        let deadline = FileLock.now() + timeout
        while true {
            guard let descriptor = try openChecked(in: folder, followingLinks: false) else { return nil }
            // openChecked has examined the descriptor; should a second look fail, the holder
            // check treats the file as one any user of the folder could replace.
            var status = stat()
            let examined = fstat(descriptor, &status) == 0
            let lock = try FileLock(
                descriptor, path: path, file: examined ? status : nil, in: folder, domain: domain, deadline: deadline, timeout: timeout, notices: notices)
            if lock.isOnFile(named: fileName, in: folder) { return lock }
        }
    }

    /// Locks `folder`, a store's folder that prefs made and checked as the user's own, for a
    /// decision that spans the names in it: which file a domain's first write creates, when
    /// another file's name differs from it only in case.
    ///
    /// - Throws: ``PreferenceError`` with code `.lockTimeout` or `.writeFailed`.
    func lockFolder(_ folder: Directory, timeout: Double) throws(PreferenceError) -> FileLock {
        let descriptor = openat(folder.descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PreferenceError.system(.writeFailed, "cannot open the folder \(folder.path)")
        }
        return try FileLock(
            descriptor, path: folder.path, file: nil, in: folder, domain: domain, deadline: FileLock.now() + timeout, timeout: timeout,
            notices: notices)
    }
}
