import Glibc
import SystemPackage

/// Replaces files atomically: a new temporary file in the same folder, written, flushed to disk
/// and renamed over the old one, then the folder flushed so the rename itself is durable.
///
/// A reader sees the old file or the new one, never a mix, and a failure before the rename
/// leaves the old file intact. The temporary file is created exclusively (`O_EXCL`), never
/// follows a symbolic link, and is readable and writable by its owner only (0600) until, where
/// asked, it takes the replaced file's mode. Its name, `.<name>.tmp-<pid>-<random>`, starts with a dot, which no
/// domain name may, so it can never be mistaken for a domain's file.
package enum AtomicFile {
    /// Writes `bytes` to `path`, replacing any file there atomically and durably.
    ///
    /// - Parameters:
    ///   - bytes: The new contents.
    ///   - path: The file to replace or create. Its folder must exist. A file already there
    ///     keeps its mode (and, when root writes, its owner); a new one is 0600.
    ///   - notices: Told when the file was written but its durability could not be confirmed.
    /// - Throws: ``PreferenceError`` with code `.writeFailed` naming the path and the system's
    ///   reason. The old file, if any, is unchanged and no temporary file is left.
    package static func write(_ bytes: [UInt8], to path: String, notices: NoticeHandler? = nil) throws(PreferenceError) {
        let folder = try Directory(path: parentFolder(of: path), missing: .writeFailed)
        try write(bytes, named: fileName(of: path), in: folder, keepingMode: true, notices: notices)
    }

    /// Writes a command's output, `bytes`, to the file `path` a user named: into a FIFO or a
    /// character device (`/dev/null`, a terminal, `/dev/stdout` where that is one) as a stream,
    /// as a shell's `>` would; anything else as ``write(_:to:)`` replaces a file.
    ///
    /// The choice is made on the opened descriptor: `path` is opened for writing, relative to
    /// its folder opened as ``Directory`` opens one, without creating or truncating anything and
    /// never through a symbolic link another user could have planted
    /// (``Directory/mayFollow(_:in:)``), and only a FIFO or a device is written through that
    /// descriptor. Opening a FIFO waits for a reader, as a shell's `>` does.
    ///
    /// - Throws: ``PreferenceError`` with code `.writeFailed` naming `path` and the system's
    ///   reason; what ``write(_:to:notices:)`` throws.
    package static func write(output bytes: [UInt8], to path: String, notices: NoticeHandler? = nil) throws(PreferenceError) {
        if let stream = try standardStream(named: path) {
            do {
                try FileDescriptor(rawValue: stream).write(all: bytes)
            } catch {
                throw PreferenceError(.writeFailed, "cannot write \(path): \(error)")
            }
            return
        }
        let folder = try Directory(path: parentFolder(of: path), missing: .writeFailed)
        let name = fileName(of: path)
        var link = stat()
        let folderStatus = try folder.status()
        // A link another user could have planted is not followed: root's output must not reach
        // a device that user chose.
        let isUntrustedLink =
            fstatat(folder.descriptor, name, &link, AT_SYMLINK_NOFOLLOW) == 0 && link.st_mode & S_IFMT == S_IFLNK
            && !Directory.mayFollow(link, in: folderStatus)
        let descriptor = openat(folder.descriptor, name, O_WRONLY | O_NOCTTY | O_CLOEXEC | (isUntrustedLink ? O_NOFOLLOW : 0))
        guard descriptor >= 0 else {
            try write(bytes, named: name, in: folder, keepingMode: true, notices: notices)
            return
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, [S_IFIFO, S_IFCHR].contains(status.st_mode & S_IFMT) else {
            close(descriptor)
            try write(bytes, named: name, in: folder, keepingMode: true, notices: notices)
            return
        }
        defer { close(descriptor) }
        do {
            try FileDescriptor(rawValue: descriptor).write(all: bytes)
        } catch {
            throw PreferenceError(.writeFailed, "cannot write \(path): \(error)")
        }
    }

    /// The start of the names of Linux's links to this process's standard streams, `/dev/stdout`
    /// for `/proc/self/fd/1`.
    private static let standardStreamPrefix = "/dev/std"

    /// The descriptors of the output streams a caller may name as the file to write
    /// (`prefs export d /dev/stdout`), by the rest of their `/dev/std…` name. prefs never writes
    /// to them on its own: the caller chose the path, as it would choose any file.
    private static let standardStreams: [Substring: Int32] = ["out": STDOUT_FILENO, "err": STDERR_FILENO]

    /// The descriptor `path` names when it names one of this process's streams: `/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N`; `nil` for any other path. Writing to
    /// the descriptor itself, as a shell does, keeps its offset and append mode, where opening
    /// the path again would start a file it names (`prefs export d /dev/stdout > log`) at its
    /// beginning.
    ///
    /// - Throws: ``PreferenceError`` with code `.writeFailed` when the descriptor is closed or
    ///   open for reading only.
    private static func standardStream(named path: String) throws(PreferenceError) -> Int32? {
        let descriptor: Int32?
        if path.hasPrefix(Self.standardStreamPrefix), let stream = Self.standardStreams[path.dropFirst(Self.standardStreamPrefix.count)] {
            descriptor = stream
        } else {
            let number = ["/dev/fd/", "/proc/self/fd/"].first(where: path.hasPrefix).map { path.dropFirst($0.count) }
            descriptor = number.flatMap { $0.utf8.allSatisfy { (0x30...0x39).contains($0) } ? Int32($0) : nil }
        }
        guard let descriptor else { return nil }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, flags & O_ACCMODE != O_RDONLY else {
            throw PreferenceError(.writeFailed, "cannot write \(path): the descriptor it names is not open for writing")
        }
        return descriptor
    }

    /// Writes `bytes` as the file `name` in `folder`, as
    /// ``write(named:in:keepingMode:newFileMode:creating:notices:contents:)`` does.
    @discardableResult
    static func write(
        _ bytes: [UInt8], named name: String, in folder: Directory, keepingMode: Bool, newFileMode: mode_t = 0o600,
        creating: Bool = false, notices: NoticeHandler?
    ) throws(PreferenceError) -> Bool {
        try write(named: name, in: folder, keepingMode: keepingMode, newFileMode: newFileMode, creating: creating, notices: notices) { append in
            bytes.withUnsafeBytes(append)
        }
    }

    /// Writes the file `name` in `folder` with what `contents` appends, replacing any file there
    /// atomically and durably, so a large file can be written piece by piece.
    ///
    /// Once the new file has replaced the old one the change has happened: when only the final
    /// flush of the folder fails, `notices` is told the change may not survive a crash, and no
    /// error is thrown.
    ///
    /// - Parameters:
    ///   - keepingMode: Whether the new file takes the mode of the file it replaces; when not,
    ///     or when it replaces none, it is `newFileMode`. Either way, when root writes, it keeps the replaced file's owner (a new
    ///     file gets the folder's), so that a user can still read a file root wrote.
    ///   - newFileMode: The mode of a new file: 0600, private to its owner, unless every user
    ///     must read it (0644 for an administrator's defaults).
    ///   - creating: Whether the file must be new: the new file is then hard-linked in under
    ///     `name` (`linkat`, which never replaces a file) and its temporary name removed, rather
    ///     than renamed over `name`. On a file system without hard links it is renamed.
    ///   - contents: Called once with a function that appends bytes to the new file. The
    ///     function does not throw: as stdio's error flag does, it keeps the first failed
    ///     write, drops what comes after it, and the failure is thrown once `contents` returns.
    ///     When `contents` throws, the new file is discarded and its error rethrown.
    /// - Returns: Whether the file was written: `false` only when `creating` and a file had
    ///   the name already, which is left as it was.
    /// - Throws: ``PreferenceError`` with code `.writeFailed` naming the file and the system's
    ///   reason, or what `contents` throws. Either way the old file is unchanged and no
    ///   temporary file is left.
    @discardableResult
    static func write(
        named name: String, in folder: Directory, keepingMode: Bool, newFileMode: mode_t = 0o600, creating: Bool = false,
        notices: NoticeHandler?, contents: (_ append: (UnsafeRawBufferPointer) -> Void) throws(PreferenceError) -> Void
    ) throws(PreferenceError) -> Bool {
        let path = folder.path + "/" + name
        let existing = creating ? nil : try existingStatus(of: name, in: folder, path: path)
        let (temporary, descriptor) = try lockedTemporaryFile(for: name, in: folder)
        var renamed = false
        defer {
            if !renamed { unlinkat(folder.descriptor, temporary, 0) }
            // Unlocked before it is closed: a process forked meanwhile (a library user's
            // thread spawning a program) shares the descriptor until it execs, and would hold
            // the lock of what is now the file itself, stalling its next writer.
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
        do {
            var writeFailure: PreferenceError?
            try contents { bytes in
                guard writeFailure == nil else { return }
                do throws(PreferenceError) {
                    try writeAll(bytes, to: descriptor, path: path)
                } catch {
                    writeFailure = error
                }
            }
            if let writeFailure { throw writeFailure }
            try keepAttributes(
                of: existing, mode: keepingMode ? existing.map { $0.st_mode & 0o777 } ?? newFileMode : newFileMode, folder: folder, descriptor: descriptor,
                path: path)
            guard fsync(descriptor) == 0 else {
                throw PreferenceError.system(.writeFailed, "cannot write \(path): flushing to disk failed")
            }
        }
        if creating {
            guard try link(temporary, as: name, in: folder, path: path) else { return false }
        } else {
            guard renameat(folder.descriptor, temporary, folder.descriptor, name) == 0 else {
                throw PreferenceError.system(.writeFailed, "cannot replace \(path)")
            }
        }
        renamed = true
        if let reason = folder.sync() {
            notices?(
                PreferenceNotice(
                    .warning,
                    "\(path) was written, but flushing the folder \(folder.path) to disk failed, so the change may not survive a crash: \(reason)"))
        }
        return true
    }

    /// Gives the new file `temporary` the name `name` when no file has it, then removes its
    /// temporary name: `linkat` fails with `EEXIST` rather than replace a file, as
    /// `renameat2(RENAME_NOREPLACE)` would (which Glibc's Swift module does not declare, and a
    /// static executable cannot look up). Where the file system has no hard links, the file is
    /// renamed, which would replace one created in the same instant.
    ///
    /// - Returns: Whether the file got the name; `false` when a file had it.
    private static func link(_ temporary: String, as name: String, in folder: Directory, path: String) throws(PreferenceError) -> Bool {
        if linkat(folder.descriptor, temporary, folder.descriptor, name, 0) == 0 {
            // Should this fail, the temporary name is one more link to the new file, which a
            // sweep removes as it removes any abandoned temporary file.
            unlinkat(folder.descriptor, temporary, 0)
            return true
        }
        switch errno {
        case EEXIST:
            return false
        case EPERM, EOPNOTSUPP, EMLINK:
            guard renameat(folder.descriptor, temporary, folder.descriptor, name) == 0 else {
                throw PreferenceError.system(.writeFailed, "cannot create \(path)")
            }
            return true
        default:
            throw PreferenceError.system(.writeFailed, "cannot create \(path)")
        }
    }

    /// Creates a new temporary file for `name` in `folder` and takes its lock, which is held
    /// until the rename: a sweep (``sweepTemporaryFiles(of:in:)``, `doctor --fix`) removes only
    /// the temporary files whose lock it can take, so it never removes a live writer's.
    ///
    /// A sweep may find the file in the moment between its creation and its lock, take the
    /// lock itself and remove it: the writer then waits for the sweep's lock to go, finds its
    /// file gone (no links left) and makes another.
    ///
    /// - Returns: The temporary file's name and its open, locked descriptor.
    private static func lockedTemporaryFile(for name: String, in folder: Directory) throws(PreferenceError) -> (name: String, descriptor: Int32) {
        while true {
            let temporary = temporaryName(for: name)
            guard let descriptor = try folder.openFile(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW) else {
                throw PreferenceError.system(.writeFailed, "cannot create a temporary file in \(folder.path)", errno: ENOENT)
            }
            var status = stat()
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
            if fstat(descriptor, &status) == 0, status.st_nlink > 0 { return (temporary, descriptor) }
            close(descriptor)
        }
    }

    /// Removes the file `name` from `folder` and makes the removal durable; `notices` is told
    /// when the removal may not survive a crash.
    ///
    /// - Returns: Whether there was a file to remove.
    /// - Throws: ``PreferenceError`` with code `.writeFailed` when removal fails.
    @discardableResult
    static func remove(named name: String, in folder: Directory, notices: NoticeHandler?) throws(PreferenceError) -> Bool {
        guard unlinkat(folder.descriptor, name, 0) == 0 else {
            if errno == ENOENT { return false }
            throw PreferenceError.system(.writeFailed, "cannot remove \(folder.path)/\(name)")
        }
        if let reason = folder.sync() {
            notices?(
                PreferenceNotice(
                    .warning,
                    "\(folder.path)/\(name) was removed, but flushing the folder to disk failed, so the removal may not survive a crash: \(reason)"))
        }
        return true
    }

    /// The folder that holds `path`: `.` for a bare name.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The status of the file being replaced, or `nil` when there is none. Anything but a
    /// regular file is refused, since renaming over it would replace it with a file: a symbolic
    /// link, a folder, and a FIFO, socket or device (which, as root, would be a system's
    /// `/dev/null` gone).
    private static func existingStatus(of name: String, in folder: Directory, path: String) throws(PreferenceError) -> stat? {
        var status = stat()
        guard fstatat(folder.descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return status
        case S_IFLNK:
            throw PreferenceError(
                .writeFailed,
                "\(path) is a symbolic link; prefs does not write through links (write to the link's target instead)")
        case S_IFDIR:
            throw PreferenceError(.writeFailed, "\(path) is a folder; name a file to write")
        default:
            throw PreferenceError(
                .writeFailed, "\(path) is not a regular file (a FIFO, socket or device); prefs replaces only regular files")
        }
    }

    /// Gives the new file `mode` (it was created 0600), and, when root writes, the replaced
    /// file's owner (or for a new file the folder's).
    private static func keepAttributes(of existing: stat?, mode: mode_t, folder: Directory, descriptor: Int32, path: String) throws(PreferenceError) {
        if mode != 0o600 {
            guard fchmod(descriptor, mode) == 0 else {
                throw PreferenceError.system(.writeFailed, "cannot set the mode of \(path)")
            }
        }
        guard geteuid() == 0 else { return }
        var owner = existing ?? stat()
        if existing == nil { owner = try folder.status() }
        if owner.st_uid != 0 || owner.st_gid != 0 {
            guard fchown(descriptor, owner.st_uid, owner.st_gid) == 0 else {
                throw PreferenceError.system(.writeFailed, "cannot give \(path) to its owner \(owner.st_uid)")
            }
        }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(PreferenceError) {
        do {
            try FileDescriptor(rawValue: descriptor).write(all: bytes)
        } catch {
            throw PreferenceError(.writeFailed, "cannot write \(path): \(error)")
        }
    }
}
