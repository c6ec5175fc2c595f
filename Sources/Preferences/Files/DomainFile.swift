import Glibc
import PropertyLists

/// One property list file whose root is a dictionary: a preferences domain on disk.
///
/// Reads check the whole file and never change it. Updates are read-modify-write under an
/// exclusive lock on `<path>.lock`: the file is read again under the lock, the caller's change is
/// applied to what is there now, and the result replaces the file through ``AtomicFile``. A file
/// that does not read is never overwritten.
public struct DomainFile: Sendable {
    /// The domain file.
    public let path: String
    /// How messages name the domain, for example `com.example.editor`.
    public let domain: String

    /// Creates a handle on the file at `path`; nothing is read or created yet.
    ///
    /// - Parameters:
    ///   - path: The property list file.
    ///   - domain: How messages name it; the path when `nil`.
    public init(path: String, domain: String? = nil) {
        self.path = path
        self.domain = domain ?? path
    }

    /// The lock file beside the domain file.
    public var lockPath: String { path + ".lock" }

    /// The identity of the file on disk, to tell whether it changed since it was read.
    public struct Version: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int64
        let modifiedNanoseconds: Int64
    }

    /// The version of the file on disk now, or `nil` when there is no file.
    public func currentVersion() -> Version? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Version(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                       modified: Int64(status.st_mtim.tv_sec), modifiedNanoseconds: Int64(status.st_mtim.tv_nsec))
    }

    /// Reads the domain.
    ///
    /// - Returns: The root dictionary, or `nil` when the file does not exist.
    /// - Throws: ``PreferenceError`` with code `.unreadable` (with the reader's file and line
    ///   diagnostics) when the file is not a property list with a dictionary at its root.
    public func read() throws(PreferenceError) -> PropertyListDictionary? {
        try read { reader, path throws(PropertyListError) in try reader.read(contentsOf: path) }
    }

    /// Reads the domain but builds only the entry under `key`: the rest of the file is checked
    /// all the same, so a file that ``read()`` refuses is refused here too.
    ///
    /// - Returns: A dictionary holding at most the entry for `key`, or `nil` when the file does
    ///   not exist.
    /// - Throws: ``PreferenceError`` as ``read()`` does.
    public func read(key: String) throws(PreferenceError) -> PropertyListDictionary? {
        try read { reader, path throws(PropertyListError) in try reader.read(contentsOf: path, rootKey: key) }
    }

    private func read(
        _ body: (PropertyListReader, String) throws(PropertyListError) -> PropertyList
    ) throws(PreferenceError) -> PropertyListDictionary? {
        let value: PropertyList
        do {
            value = try body(PropertyListReader(), path)
        } catch {
            if error.code == .io, access(path, F_OK) != 0, errno == ENOENT { return nil }
            throw unreadable(error)
        }
        guard case .dictionary(let dictionary) = value else {
            throw PreferenceError(.unreadable,
                "\(path): the root of a domain file must be a dictionary, but it is \(value.typeNameWithArticle); the file was left untouched")
        }
        return dictionary
    }

    /// Changes the domain under its lock.
    ///
    /// `body` receives the dictionary on disk now (`nil` when there is no file) and changes it
    /// in place; setting it to `nil` removes the file. When `body` leaves the dictionary as it
    /// was (storing only values already there, removing only absent keys), nothing is written;
    /// another dictionary put in its place is written even when its entries are the same.
    ///
    /// - Parameters:
    ///   - lockTimeout: Seconds to wait for another writer; `PREFS_LOCK_TIMEOUT` or 10 when `nil`.
    ///   - body: The change, applied once, under the lock.
    /// - Returns: What `body` returns.
    /// - Throws: `.unreadable` when the file on disk does not read (it is left untouched),
    ///   `.lockTimeout`, `.writeFailed` (the old file is intact), or what `body` throws.
    public func update<Result>(
        lockTimeout: Double? = nil,
        _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        let lock = try FileLock(path: lockPath, domain: domain, timeout: lockTimeout ?? Self.defaultLockTimeout)
        defer { withExtendedLifetime(lock) {} }
        var dictionary = try read()
        // The stamp, not a copy, tells whether body changed anything: a copy would be copied
        // again as body changes it, doubling the memory a change to a large domain needs.
        let stamp = dictionary?.stamp
        let result = try body(&dictionary)
        guard dictionary?.stamp != stamp else { return result }
        sweepTemporaryFiles()
        if let dictionary {
            try write(dictionary)
        } else {
            try AtomicFile.remove(path)
        }
        return result
    }

    /// Replaces the file with `dictionary`, streamed to disk a piece at a time so a large domain
    /// is never held a second time as bytes.
    private func write(_ dictionary: PropertyListDictionary) throws(PreferenceError) {
        try AtomicFile.write(to: path) { (append) throws(PreferenceError) in
            var fileError: PreferenceError?
            do throws(PropertyListError) {
                try PropertyListWriter().write(.dictionary(dictionary)) { (piece) throws(PropertyListError) in
                    do throws(PreferenceError) {
                        try append(piece)
                    } catch {
                        fileError = error
                        throw PropertyListError(.io, error.message)
                    }
                }
            } catch {
                throw fileError ?? PreferenceError(.invalidArgument, "cannot store this value in \(domain): \(error.message)")
            }
        }
    }

    /// The lock timeout from `PREFS_LOCK_TIMEOUT` (seconds), 10 when unset or not a number.
    public static var defaultLockTimeout: Double {
        guard let text = getenv("PREFS_LOCK_TIMEOUT").map({ String(cString: $0) }),
              let seconds = Double(text), seconds >= 0, seconds.isFinite else { return 10 }
        return seconds
    }

    private func unreadable(_ error: PropertyListError) -> PreferenceError {
        if error.code == .io {
            return PreferenceError(.unreadable, "cannot read \(path): \(error.message)")
        }
        return PreferenceError(.unreadable,
            "\(path) does not read as a property list and was left untouched; fix it by hand (prefs validate \(path) lists the problems), or move it aside and write the domain again",
            diagnostics: error.diagnostics)
    }

    /// The temporary files of this domain in `folder`: `<name>.tmp-*`.
    func temporaryFileNames(in folder: String) -> [String] {
        let prefix = AtomicFile.fileName(of: path) + AtomicFile.temporaryInfix
        return (folderEntries(folder) ?? []).filter { $0.hasPrefix(prefix) }
    }

    /// Removes temporary files that writers killed mid-write left behind. Only called under
    /// the lock, when no other writer of this domain can be using one.
    private func sweepTemporaryFiles() {
        let folder = AtomicFile.parentFolder(of: path)
        for name in temporaryFileNames(in: folder) { unlink(folder + "/" + name) }
    }
}
