import Glibc
import PropertyLists

/// One property list file whose root is a dictionary: a preferences domain on disk.
///
/// Reads check the whole file and never change it. Updates are read-modify-write under an
/// exclusive lock: the file is read again under the lock, the caller's change is applied to what
/// is there now, and the result replaces the file through ``AtomicFile``. A file that does not
/// read is never overwritten.
///
/// Every file is opened relative to its open folder and checked on the opened descriptor: it
/// must be a regular file (a FIFO or device is refused, never waited on), and under the lock a
/// symbolic link is refused rather than followed. A domain of a store (``PreferencesFolder``)
/// must also be the user's own: the folder and the file may belong to no other user but root,
/// and group and others may not write them. Its lock lies in the store's private `.locks`
/// folder; a lone file is locked through its folder, so no lock file lies beside it.
public struct DomainFile: Sendable {
    /// The domain file.
    public let path: String
    /// How messages name the domain, for example `com.example.editor`.
    public let domain: String
    /// Whether the file is a domain of a store, with the store's ownership rules and locks.
    let isInStore: Bool
    /// The format a write gives a lone file: `nil` keeps the format it was read in (XML for a new
    /// file; a `.strings` file stays one). A lone file reads in any format prefs knows; a domain of a store reads as XML or
    /// binary and is always written as XML (a binary one with a `note:` on standard error).
    public var outputFormat: PropertyListFormat?

    /// Creates a handle on the lone file at `path`; nothing is read or created yet.
    ///
    /// - Parameters:
    ///   - path: The property list file.
    ///   - domain: How messages name it; the path when `nil`.
    public init(path: String, domain: String? = nil) {
        self.init(path: path, domain: domain ?? path, isInStore: false)
    }

    init(path: String, domain: String, isInStore: Bool) {
        self.path = path
        self.domain = domain
        self.isInStore = isInStore
    }

    /// The name of the folder, inside a store, that holds its domains' lock files.
    static let lockFolderName = ".locks"

    /// The lock file of a domain in a store, `<store>/.locks/<name>.lock`; `nil` for a lone
    /// file, which is locked through its folder.
    public var lockPath: String? {
        isInStore ? folderPath + "/" + Self.lockFolderName + "/" + fileName + ".lock" : nil
    }

    private var folderPath: String { AtomicFile.parentFolder(of: path) }
    private var fileName: String { AtomicFile.fileName(of: path) }

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
        return Version(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: Int64(status.st_mtim.tv_sec), modifiedNanoseconds: Int64(status.st_mtim.tv_nsec))
    }

    /// Reads the domain.
    ///
    /// - Returns: The root dictionary, or `nil` when the file does not exist.
    /// - Throws: ``PreferenceError`` with code `.unreadable` (with the reader's file and line
    ///   diagnostics) when the file is not a regular file holding a property list with a
    ///   dictionary at its root, or `.untrusted` when a store's folder or file is not the user's.
    public func read() throws(PreferenceError) -> PropertyListDictionary? {
        try read(rootKey: nil)
    }

    /// Reads the domain but builds only the entry under `key`: the rest of the file is checked
    /// all the same, so a file that ``read()`` refuses is refused here too.
    ///
    /// - Returns: A dictionary holding at most the entry for `key`, or `nil` when the file does
    ///   not exist.
    /// - Throws: ``PreferenceError`` as ``read()`` does.
    public func read(key: String) throws(PreferenceError) -> PropertyListDictionary? {
        try read(rootKey: key)
    }

    private func read(rootKey: String?) throws(PreferenceError) -> PropertyListDictionary? {
        guard let folder = try openFolder(failure: .unreadable) else { return nil }
        return try read(in: folder, rootKey: rootKey, followingLinks: true)?.dictionary
    }

    /// The open folder of the file, checked when it is a store; `nil` when it does not exist.
    private func openFolder(failure: PreferenceError.Code) throws(PreferenceError) -> Directory? {
        let folder: Directory
        do {
            folder = try Directory(path: folderPath, failure: failure)
        } catch  where error.code == .notFound {
            return nil
        }
        if isInStore { try folder.checkTrusted() }
        return folder
    }

    /// Opens the file for reading and checks it: a regular file, and in a store the user's own.
    ///
    /// - Returns: The open descriptor, which the caller closes, or `nil` when there is no file.
    private func openChecked(in folder: Directory, followingLinks: Bool) throws(PreferenceError) -> Int32? {
        let flags = O_RDONLY | (followingLinks ? 0 : O_NOFOLLOW)
        guard let descriptor = try folder.openFile(fileName, flags, failure: followingLinks ? .unreadable : .writeFailed) else { return nil }
        do {
            let status = try Directory.status(of: descriptor, path: path)
            try Directory.checkRegular(status, path: path)
            if isInStore { try Directory.checkTrusted(status, path: path, kind: "file") }
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    private func read(
        in folder: Directory, rootKey: String?, followingLinks: Bool
    ) throws(PreferenceError) -> (dictionary: PropertyListDictionary, format: PropertyListFormat, isStringsFile: Bool)? {
        guard let descriptor = try openChecked(in: folder, followingLinks: followingLinks) else { return nil }
        defer { close(descriptor) }
        let value: PropertyList
        let format: PropertyListFormat
        let isStringsFile: Bool
        do {
            (value, format, isStringsFile) = try PropertyListReader().read(descriptor: descriptor, fileName: path, rootKey: rootKey, anyFormat: !isInStore)
        } catch {
            throw unreadable(error)
        }
        guard case .dictionary(let dictionary) = value else {
            throw PreferenceError(
                .unreadable,
                "\(path): the root of a domain file must be a dictionary, but it is \(value.typeNameWithArticle); the file was left untouched",
                diagnostics: [PropertyListDiagnostic(file: path, line: rootLine(), message: "the root is \(value.typeNameWithArticle), not a dictionary")])
        }
        return (dictionary, format, isStringsFile)
    }

    /// Changes the domain under its lock.
    ///
    /// `body` receives the dictionary on disk now (`nil` when there is no file) and changes it
    /// in place; setting it to `nil` removes the file. When `body` leaves the dictionary as it
    /// was (storing only values already there, removing only absent keys), nothing is written;
    /// another dictionary put in its place is written even when its entries are the same.
    ///
    /// When there is no file, `body` first runs on `nil` without the lock: a change that fails,
    /// or leaves nothing to write, creates nothing at all, not even a folder or a lock. Should
    /// another process create the domain before the lock is taken, `body` runs again on what it
    /// wrote, so no update is lost.
    ///
    /// - Parameters:
    ///   - lockTimeout: Seconds to wait for another writer; `PREFS_LOCK_TIMEOUT` or 10 when `nil`.
    ///   - body: The change, applied under the lock to the domain as it is then.
    /// - Returns: What `body` returns.
    /// - Throws: `.unreadable` when the file on disk does not read (it is left untouched),
    ///   `.untrusted`, `.lockTimeout`, `.writeFailed` (the old file is intact), `.invalidArgument`
    ///   for a bad `PREFS_LOCK_TIMEOUT`, or what `body` throws.
    public func update<Result>(
        lockTimeout: Double? = nil,
        _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        try update(entry: nil, lockTimeout: lockTimeout, body)
    }

    /// Changes one entry of the domain under its lock, as ``update(lockTimeout:_:)`` changes the
    /// whole domain, with the same guarantees, but in less time and memory for a large file.
    ///
    /// `body` must change nothing but the entry under `key`: it receives a dictionary that may
    /// hold only that entry. When the file is canonical XML (prefs wrote it, or it is byte for
    /// byte what prefs would write), it is checked in full as any read checks it, and the new
    /// file is the old one with that entry written anew: the same bytes a whole rewrite
    /// writes. Any other file is read and written whole, as ``update(lockTimeout:_:)`` does.
    ///
    /// - Throws: What ``update(lockTimeout:_:)`` throws.
    public func update<Result>(
        key: String, lockTimeout: Double? = nil,
        _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        try update(entry: key, lockTimeout: lockTimeout, body)
    }

    /// ``update(lockTimeout:_:)``, or with `key` ``update(key:lockTimeout:_:)``.
    private func update<Result>(
        entry key: String?, lockTimeout: Double?,
        _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        var timeout = lockTimeout ?? 0
        if lockTimeout == nil { timeout = try Self.defaultLockTimeout() }
        let folder = try openFolder(failure: .writeFailed)
        if let folder, exists(in: folder) {
            let lock = try lock(folder, timeout: timeout)
            defer { withExtendedLifetime(lock) {} }
            return try change(in: folder, entry: key, body)
        }
        return try create(in: folder, entry: key, timeout: timeout, body)
    }

    /// Applies `body` to a domain that has no file: first to `nil` without the lock, then, when
    /// it leaves a dictionary, writes that under the lock, unless another process created the
    /// file meanwhile, in which case `body` runs again on what is there now.
    private func create<Result>(
        in existingFolder: Directory?, entry key: String?, timeout: Double, _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        var proposed: PropertyListDictionary? = nil
        let result = try body(&proposed)
        guard let dictionary = proposed else { return result }
        let folder: Directory
        if let existingFolder { folder = existingFolder } else { folder = try createFolder() }
        let lock = try lock(folder, timeout: timeout)
        defer { withExtendedLifetime(lock) {} }
        guard exists(in: folder) else {
            try replace(with: dictionary, in: folder, as: layout(readIn: nil))
            return result
        }
        return try change(in: folder, entry: key, body)
    }

    /// Reads the file under the lock, applies `body` and writes what changed: with `key`, only
    /// that entry when the file is canonical.
    private func change<Result>(
        in folder: Directory, entry key: String?, _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        if let key, layout(readIn: (.xml, false)).format == .xml, let (document, entry) = try canonicalRead(in: folder, entryKey: key) {
            return try change(entry, of: document, in: folder, body)
        }
        let read = try read(in: folder, rootKey: nil, followingLinks: false)
        var dictionary = read?.dictionary
        // The stamp, not a copy, tells whether body changed anything: a copy would be copied
        // again as body changes it, doubling the memory a change to a large domain needs.
        let stamp = dictionary?.stamp
        let result = try body(&dictionary)
        guard dictionary?.stamp != stamp else { return result }
        if let dictionary {
            try replace(with: dictionary, in: folder, as: layout(readIn: read.map { ($0.format, $0.isStringsFile) }))
            if isInStore, let format = read?.format, format != .xml {
                note("\(path) was a \(format.rawValue) property list; prefs has written it as canonical XML")
            }
        } else {
            try AtomicFile.remove(named: fileName, in: folder)
        }
        return result
    }

    /// The file, read whole under the lock after the checks every read makes, and its entry
    /// under `key`, when it is canonical XML; `nil` when it is not, or when there is no file.
    ///
    /// The file is checked in full by the reader, which keeps only the entry, while a second
    /// thread finds whether it is canonical (``CanonicalXMLDocument/checking(_:entryKey:whileReading:)``).
    private func canonicalRead(
        in folder: Directory, entryKey key: String
    ) throws(PreferenceError) -> (document: CanonicalXMLDocument, entry: PropertyListDictionary)? {
        guard let descriptor = try openChecked(in: folder, followingLinks: false) else { return nil }
        defer { close(descriptor) }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(descriptor: descriptor, displayName: path)
        } catch {
            throw unreadable(error)
        }
        let checked = CanonicalXMLDocument.checking(bytes, entryKey: key) {
            Result { () throws(PropertyListError) in try PropertyListReader().read(bytes, fileName: path, rootKey: key) }
        }
        // A file that is not canonical takes the whole read, which reports what does not read.
        guard let (document, root) = checked else { return nil }
        let value: PropertyList
        do {
            value = try root.get()
        } catch {
            throw unreadable(error)
        }
        guard case .dictionary(let entry) = value else { preconditionFailure("a canonical document's root is a dictionary") }
        return (document, entry)
    }

    /// Applies `body` to `entry`, the one entry of a canonical file that it may change, and
    /// writes the file again with only that entry written anew.
    private func change<Result>(
        _ entry: PropertyListDictionary, of document: CanonicalXMLDocument, in folder: Directory,
        _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        var dictionary: PropertyListDictionary? = entry
        let result = try body(&dictionary)
        guard dictionary?.stamp != entry.stamp else { return result }
        guard let dictionary else {
            try AtomicFile.remove(named: fileName, in: folder)
            return result
        }
        precondition(
            dictionary.count <= 1 && (dictionary.isEmpty || dictionary[document.key] != nil),
            "update(key:) changed an entry other than the one under its key")
        sweepTemporaryFiles(in: folder)
        try AtomicFile.write(named: fileName, in: folder, keepingMode: !isInStore) { (append) throws(PreferenceError) in
            do throws(PropertyListError) {
                try document.write(entryValue: dictionary[document.key]) { append($0) }
            } catch {
                throw PreferenceError(.invalidArgument, "cannot write \(domain): \(error.message)")
            }
        }
        return result
    }

    /// Whether anything, even a dangling link, has the file's name in `folder`.
    private func exists(in folder: Directory) -> Bool {
        var status = stat()
        return fstatat(folder.descriptor, fileName, &status, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT
    }

    /// Creates the store's folder (and missing parents, 0700), or names the missing folder of
    /// a lone file.
    private func createFolder() throws(PreferenceError) -> Directory {
        guard isInStore else {
            throw PreferenceError(.writeFailed, "cannot write \(path): the folder \(folderPath) does not exist")
        }
        try PreferencesFolder(path: folderPath).create()
        guard let folder = try openFolder(failure: .writeFailed) else {
            throw PreferenceError(.writeFailed, "cannot write \(path): the folder \(folderPath) vanished")
        }
        return folder
    }

    private func lock(_ folder: Directory, timeout: Double) throws(PreferenceError) -> FileLock {
        guard isInStore else { return try FileLock(folder: folder, domain: domain, timeout: timeout) }
        let locks = try Directory(named: Self.lockFolderName, in: folder, create: true)
        if geteuid() == 0 {
            // Root writing into a user's store leaves the lock folder to the store's owner.
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

    /// Runs `body` when no writer holds the domain's lock, holding it meanwhile if it exists;
    /// creates nothing.
    ///
    /// - Returns: Whether `body` ran.
    func whileIdle(_ body: () -> Void) -> Bool {
        guard let folder = try? Directory(path: folderPath),
            let locks = try? Directory(named: Self.lockFolderName, in: folder, create: false)
        else {
            body()
            return true
        }
        let descriptor: Int32
        do {
            guard let opened = try locks.openFile(fileName + ".lock", O_RDONLY | O_NOFOLLOW) else {
                body()
                return true
            }
            descriptor = opened
        } catch {
            return false
        }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        body()
        return true
    }

    /// The format to write, and whether old-style text is a `.strings` file: XML for a store's
    /// domain; for a lone file ``outputFormat``, else the layout it was read in, else XML.
    private func layout(
        readIn read: (format: PropertyListFormat, isStringsFile: Bool)?
    ) -> (format: PropertyListFormat, isStringsFile: Bool) {
        if isInStore { return (.xml, false) }
        if let outputFormat { return (outputFormat, false) }
        return read ?? (.xml, false)
    }

    /// Replaces the file with `dictionary`, after removing what killed writers left. XML is
    /// streamed to disk a piece at a time, so a large domain is never held a second time as
    /// bytes; the other formats are written whole.
    private func replace(
        with dictionary: PropertyListDictionary, in folder: Directory, as layout: (format: PropertyListFormat, isStringsFile: Bool)
    ) throws(PreferenceError) {
        sweepTemporaryFiles(in: folder)
        let format = layout.format
        guard format == .xml else {
            let bytes: [UInt8]
            do {
                bytes =
                    layout.isStringsFile
                    ? Array(try OpenStepWriter().write(stringsFile: dictionary).utf8) : try format.encode(.dictionary(dictionary))
            } catch {
                throw PreferenceError(.invalidArgument, "cannot write \(domain) as \(format.rawValue): \(error.message)")
            }
            try AtomicFile.write(bytes, named: fileName, in: folder, keepingMode: !isInStore)
            return
        }
        // A lone file keeps its mode; a store's domain is private to its user, 0600.
        try AtomicFile.write(named: fileName, in: folder, keepingMode: !isInStore) { (append) throws(PreferenceError) in
            do throws(PropertyListError) {
                try PropertyListWriter().write(.dictionary(dictionary), to: append)
            } catch {
                throw PreferenceError(.invalidArgument, "cannot write \(domain): \(error.message)")
            }
        }
    }

    /// The lock timeout from `PREFS_LOCK_TIMEOUT` (seconds), 10 when unset.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` when it is set but is not a
    ///   number of seconds from 0 to 86,400.
    public static func defaultLockTimeout() throws(PreferenceError) -> Double {
        guard let text = getenv("PREFS_LOCK_TIMEOUT").map({ String(cString: $0) }) else { return 10 }
        guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
            throw PreferenceError(
                .invalidArgument,
                "PREFS_LOCK_TIMEOUT is \"\(text)\"; it must be a number of seconds from 0 to 86400 (for example 2.5)")
        }
        return seconds
    }

    private func unreadable(_ error: PropertyListError) -> PreferenceError {
        if error.code == .io {
            return PreferenceError(.unreadable, "cannot read \(path): \(error.message)")
        }
        if error.code == .systemLimit {
            return PreferenceError(.systemLimit, "cannot read \(path): \(error.message)")
        }
        return PreferenceError(
            .unreadable,
            "\(path) does not read as a property list and was left untouched; fix it by hand (prefs validate \(path) lists the problems), or move it aside and write the domain again",
            diagnostics: error.diagnostics)
    }

    /// The line of the root value, for the message that refuses a root that is not a
    /// dictionary, as the reader records lines for manifests; `nil` when it cannot tell.
    private func rootLine() -> Int? {
        (try? PropertyListReader().readRecordingLines(contentsOf: path))?.lines.line(of: [])
    }

    /// Removes temporary files that writers killed mid-write left behind: only regular files
    /// of the user with exactly the name ``AtomicFile`` gives this file's temporary files.
    /// Called under the lock, when no other writer of this file can be using one.
    private func sweepTemporaryFiles(in folder: Directory) {
        for name in folderEntries(folder.path)?.names ?? [] where AtomicFile.isTemporaryName(name, of: fileName) {
            var status = stat()
            guard fstatat(folder.descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
                (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == geteuid()
            else { continue }
            unlinkat(folder.descriptor, name, 0)
        }
    }
}
