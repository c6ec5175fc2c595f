import Glibc

/// The lock of a domain file: one lock file per file, whatever name reaches it.
///
/// A file `NAME` in a folder is locked through `.locks/NAME.lock` in that same folder, whether
/// it is reached as a domain of a store, through `--file`, a path domain or a folder's
/// symbolic link: every name of the file leads to the same folder and so to the same lock. The
/// `.locks` folder is private (0700, the writer's or, when root writes, the folder owner's), so
/// no other user can take the lock and stall a writer.
extension DomainFile {
    /// The name of the folder, beside a domain file, that holds its lock file.
    static let lockFolderName = ".locks"

    /// The lock file, `<folder>/.locks/<name>.lock`.
    package var lockPath: String {
        folderPath + "/" + Self.lockFolderName + "/" + fileName + ".lock"
    }

    /// Waits for the file's lock in `folder` (the file's open folder), creating the lock folder
    /// and file when missing.
    ///
    /// - Throws: ``PreferenceError`` with code `.lockTimeout`, `.untrusted` for a lock folder
    ///   that is not the user's private one, or `.writeFailed`.
    func lock(_ folder: Directory, timeout: Double) throws(PreferenceError) -> FileLock {
        let locks = try Directory(named: Self.lockFolderName, in: folder, create: true)
        if geteuid() == 0 {
            // Root writing into a user's folder leaves the lock folder to the folder's owner.
            let owner = try folder.status()
            fchown(locks.descriptor, owner.st_uid, owner.st_gid)
        }
        let status = try locks.status()
        guard status.st_uid == geteuid() || geteuid() == 0, status.st_mode & 0o077 == 0 else {
            throw PreferenceError(
                .untrusted,
                "\(locks.path) is not the private lock folder prefs made (it must be yours, mode 700); remove it and try again")
        }
        return try FileLock(named: fileName + ".lock", in: locks, domain: domain, timeout: timeout)
    }
}
