import Glibc

/// Replaces files atomically: a new temporary file in the same folder, written, flushed to disk
/// and renamed over the old one, then the folder flushed so the rename itself is durable.
///
/// A reader sees the old file or the new one, never a mix, and a crash or failure at any point
/// leaves the old file intact. The temporary file is created exclusively (`O_EXCL`), never
/// follows a symbolic link, and is readable and writable by its owner only (0600).
public enum AtomicFile {
    /// The infix of temporary files: `<name>.tmp-<pid>-<random>` beside `<name>`.
    public static let temporaryInfix = ".tmp-"

    /// Writes `bytes` to `path`, replacing any file there atomically and durably.
    ///
    /// - Parameters:
    ///   - bytes: The new contents.
    ///   - path: The file to replace or create. Its folder must exist.
    /// - Throws: ``PreferenceError`` with code `.writeFailed` naming the path and the system's
    ///   reason. The old file, if any, is unchanged and no temporary file is left.
    public static func write(_ bytes: [UInt8], to path: String) throws(PreferenceError) {
        try write(to: path) { (append) throws(PreferenceError) in
            // withUnsafeBytes rethrows untyped errors; the Result keeps the type.
            try bytes.withUnsafeBytes { bytes in Result { () throws(PreferenceError) in try append(bytes) } }.get()
        }
    }

    /// Writes to `path` what `contents` appends, replacing any file there atomically and
    /// durably, so a large file can be written piece by piece.
    ///
    /// - Parameters:
    ///   - path: The file to replace or create. Its folder must exist.
    ///   - contents: Called once with a function that appends bytes to the new file. When it
    ///     throws, the new file is discarded and its error rethrown.
    /// - Throws: ``PreferenceError`` with code `.writeFailed` naming the path and the system's
    ///   reason, or what `contents` throws. Either way the old file, if any, is unchanged and no
    ///   temporary file is left.
    public static func write(
        to path: String,
        contents: (_ append: (UnsafeRawBufferPointer) throws(PreferenceError) -> Void) throws(PreferenceError) -> Void
    ) throws(PreferenceError) {
        var link = stat()
        if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
            throw PreferenceError(.writeFailed,
                "\(path) is a symbolic link; prefs does not write through links (write to the link's target instead)")
        }
        let folder = parentFolder(of: path)
        let temporary = path + temporaryInfix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PreferenceError(.writeFailed, "cannot create a temporary file in \(folder): \(systemErrorText())")
        }
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            try contents { (bytes) throws(PreferenceError) in try writeAll(bytes, to: descriptor, path: path) }
            guard fsync(descriptor) == 0 else {
                throw PreferenceError(.writeFailed, "cannot write \(path): flushing to disk failed: \(systemErrorText())")
            }
        }
        guard rename(temporary, path) == 0 else {
            throw PreferenceError(.writeFailed, "cannot replace \(path): \(systemErrorText())")
        }
        succeeded = true
        try syncFolder(folder, after: "writing \(path)")
    }

    /// Removes the file at `path` and makes the removal durable.
    ///
    /// - Returns: Whether there was a file to remove.
    /// - Throws: ``PreferenceError`` with code `.writeFailed` when removal fails.
    @discardableResult
    public static func remove(_ path: String) throws(PreferenceError) -> Bool {
        guard unlink(path) == 0 else {
            if errno == ENOENT { return false }
            throw PreferenceError(.writeFailed, "cannot remove \(path): \(systemErrorText())")
        }
        try syncFolder(parentFolder(of: path), after: "removing \(path)")
        return true
    }

    /// Flushes a folder's entries to disk so a rename or removal in it survives a crash.
    ///
    /// - Parameter change: What was done in the folder, for the message, e.g. "writing /x/d.plist".
    static func syncFolder(_ folder: String, after change: String) throws(PreferenceError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PreferenceError(.writeFailed, "\(change) is done but the folder \(folder) cannot be opened to flush it to disk: \(systemErrorText())")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw PreferenceError(.writeFailed, "\(change) is done but flushing the folder \(folder) to disk failed (the change may not survive a crash): \(systemErrorText())")
        }
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

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(PreferenceError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw PreferenceError(.writeFailed, "cannot write \(path): \(systemErrorText())")
            }
            offset += written
        }
    }
}
