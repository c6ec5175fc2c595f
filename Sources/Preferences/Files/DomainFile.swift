import Glibc
import PropertyLists

/// One property list file whose root is a dictionary: a preferences domain on disk.
///
/// Reads check the whole file and never change it. Updates (``update(lockTimeout:_:)``) are
/// read-modify-write under an exclusive lock: the file is read again under the lock, the
/// caller's change is applied to what is there now, and the result replaces the file through
/// ``AtomicFile``. A file that does not read is never overwritten.
///
/// Every file is opened relative to its open folder and checked on the opened descriptor: it
/// must be a regular file (a FIFO or device is refused, never waited on), and under the lock a
/// symbolic link is refused rather than followed. A domain of a store (``PreferencesFolder``)
/// must also be the user's own: the folder and the file may belong to no other user but root,
/// and group and others may not write them. Every file, a store's domain or a lone one, is
/// locked through its own inode (``lock(in:timeout:)``), so nothing is made beside it.
package struct DomainFile: Sendable {
    /// The domain file.
    package let path: String
    /// How messages name the domain, for example `com.example.editor`.
    package let domain: String
    /// Whether the file is a domain of a store, with the store's ownership rules.
    let isInStore: Bool
    /// Whether every user may read what a write creates: a new file 0644 and new folders 0755,
    /// as an administrator's defaults must be (``PreferencesFolder/file(at:)``), rather than a
    /// store's private 0600 and 0700. An existing file keeps its mode. Such a file and its
    /// folder must belong to root or to the user even when root reads them, where root may
    /// work in any user's own store.
    package var isShared = false
    /// The format a write gives a lone file: `nil` keeps the format it was read in (XML for a new
    /// file; a `.strings` file stays one). A lone file reads in any format prefs knows; a domain
    /// of a store reads as XML or binary and is always written as XML (a binary one with a
    /// notice).
    package var outputFormat: PropertyListFormat?
    /// Told what a write did that its caller did not ask for (a binary file written as XML) and
    /// what it could not confirm (a folder not flushed to disk); `nil` drops them.
    package var notices: NoticeHandler?
    /// For a store's domain, how the store chose this file (``PreferencesFolder/file(for:host:)``),
    /// so that a first write can choose again under the folder's lock; `nil` for a file named by
    /// its path.
    var caseFolding: (folder: PreferencesFolder, domain: DomainName, host: String?)?

    /// Creates a handle on the lone file at `path`; nothing is read or created yet.
    ///
    /// - Parameters:
    ///   - path: The property list file.
    ///   - domain: How messages name it; the path when `nil`.
    package init(path: String, domain: String? = nil) {
        self.init(path: path, domain: domain ?? path, isInStore: false)
    }

    init(path: String, domain: String, isInStore: Bool) {
        self.path = path
        self.domain = domain
        self.isInStore = isInStore
    }

    /// The file that the store, looked at now, gives this file's domain when that is another
    /// file: one whose name differs from this one's only in case, created since this file was
    /// chosen; `nil` otherwise.
    func variantFile() -> DomainFile? {
        guard let caseFolding else { return nil }
        var file = caseFolding.folder.file(for: caseFolding.domain, host: caseFolding.host)
        guard file.path != path else { return nil }
        file.isShared = isShared
        file.outputFormat = outputFormat
        file.notices = notices
        return file
    }

    /// The folder that holds the file.
    package var folderPath: String { AtomicFile.parentFolder(of: path) }
    /// The file's name in its folder.
    package var fileName: String { AtomicFile.fileName(of: path) }

    /// The identity of the file on disk, to tell whether it changed since it was read.
    package struct Version: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int64
        let modifiedNanoseconds: Int64
    }

    /// The version of the file on disk now, or `nil` when there is no file.
    package func currentVersion() -> Version? {
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
    package func read() throws(PreferenceError) -> PropertyListDictionary? {
        try read(rootKey: nil)
    }

    /// Reads the domain but builds only the entry under `key`: the rest of the file is checked
    /// all the same, so a file that ``read()`` refuses is refused here too.
    ///
    /// - Returns: A dictionary holding at most the entry for `key`, or `nil` when the file does
    ///   not exist.
    /// - Throws: ``PreferenceError`` as ``read()`` does.
    package func read(key: String) throws(PreferenceError) -> PropertyListDictionary? {
        try read(rootKey: key)
    }

    private func read(rootKey: String?) throws(PreferenceError) -> PropertyListDictionary? {
        guard let folder = try openFolder(failure: .unreadable) else { return nil }
        return try read(in: folder, rootKey: rootKey, followingLinks: true)?.dictionary
    }

    /// The open folder of the file, checked when it is a store; `nil` when it does not exist.
    func openFolder(failure: PreferenceError.Code) throws(PreferenceError) -> Directory? {
        let folder: Directory
        do {
            folder = try Directory(path: folderPath, failure: failure)
        } catch  where error.code == .notFound {
            return nil
        }
        if isInStore { try folder.checkTrusted(anyOwnerForRoot: !isShared) }
        return folder
    }

    /// Opens the file for reading and checks it: a regular file, and in a store the user's own.
    ///
    /// A symbolic link is followed only when asked and only where no other user could have made
    /// it (``Directory/mayFollow(_:in:)``). In a folder that another user owns (root excepted),
    /// who could link any file there, the file must be that user's, root's or the caller's own:
    /// so root, reading or writing a user's folder, never opens a third user's file planted
    /// there.
    ///
    /// - Returns: The open descriptor, which the caller closes, or `nil` when there is no file.
    func openChecked(in folder: Directory, followingLinks: Bool) throws(PreferenceError) -> Int32? {
        let folderStatus = try folder.status()
        var link = stat()
        if followingLinks, fstatat(folder.descriptor, fileName, &link, AT_SYMLINK_NOFOLLOW) == 0, link.st_mode & S_IFMT == S_IFLNK,
            !Directory.mayFollow(link, in: folderStatus)
        {
            throw PreferenceError(
                .untrusted,
                "\(path) is a symbolic link in a folder that user \(folderStatus.st_uid) may change (mode \(Directory.modeText(folderStatus))), so prefs does not follow it; name the file it leads to"
            )
        }
        let flags = O_RDONLY | (followingLinks ? 0 : O_NOFOLLOW)
        guard let descriptor = try folder.openFile(fileName, flags, failure: followingLinks ? .unreadable : .writeFailed) else { return nil }
        do throws(PreferenceError) {
            let status = try Directory.status(of: descriptor, path: path)
            try Directory.checkRegular(status, path: path)
            if isInStore { try Directory.checkTrusted(status, path: path, kind: "file", anyOwnerForRoot: !isShared) }
            let folderOwner = folderStatus.st_uid
            if folderOwner != geteuid(), folderOwner != 0, status.st_uid != folderOwner, status.st_uid != 0, status.st_uid != geteuid() {
                throw PreferenceError(
                    .untrusted,
                    "\(path) belongs to user \(status.st_uid) but lies in a folder of user \(folderOwner), who could have linked it there; prefs opens only that user's or root's files in it"
                )
            }
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    func read(
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
                diagnostics: [
                    PropertyListDiagnostic(file: path, line: rootLine(descriptor), message: "the root is \(value.typeNameWithArticle), not a dictionary")
                ])
        }
        return (dictionary, format, isStringsFile)
    }

    func unreadable(_ error: PropertyListError) -> PreferenceError {
        if error.code == .io {
            return PreferenceError(.unreadable, "cannot read \(path): \(error.message)", cause: error.cause)
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
    /// dictionary, as the reader records lines for manifests, read again from the file open at
    /// `descriptor` (never by its path, which may lead elsewhere by now); `nil` when it cannot tell.
    private func rootLine(_ descriptor: Int32) -> Int? {
        // Only for the message of an error already thrown: a file that fails this second read
        // is reported all the same, without its line.
        guard lseek(descriptor, 0, SEEK_SET) == 0, let bytes = try? FileBytes.read(descriptor: descriptor, displayName: path) else { return nil }
        return (try? PropertyListReader().readRecordingLines(bytes, fileName: path))?.lines.line(of: [])
    }

}
