import Glibc

/// The one way prefs opens a path: one component at a time, each relative to the folder before
/// it, never through a symbolic link that another user could have made or changed
/// (``mayFollow(_:in:)``). Every folder and every file prefs reads on the user's behalf is
/// opened here, so root never hands over a file through a link someone else planted.
package enum TrustedPath {
    /// Why a walk stopped.
    package enum Failure: Error {
        /// The system refused a step, with its `errno`.
        case system(Int32)
        /// A symbolic link, `name`, lies in a folder of status `folder` that another user may
        /// change, so it is not followed.
        case untrusted(name: String, folder: stat)
        /// A folder made on the way could not be opened or given its mode, with the `errno`.
        case creating(name: String, errno: Int32)
    }

    /// Linux's `O_PATH` (`010000000` on every architecture but Alpha, PA-RISC and SPARC), which
    /// Glibc's Swift module does not declare: a descriptor that only names a folder, which
    /// needs no permission to read it, as walking a path with the kernel needs none.
    package static let pathOnly: Int32 = 0o10000000

    /// Opens the folder (`file` false) or the file (`file` true) at `path`.
    ///
    /// A link is followed only where it lies in a folder of the user's or root's that no other
    /// user may write, or, in a sticky folder such as `/tmp`, when it is the user's or the
    /// folder owner's own, as the kernel's `protected_symlinks` rule has it.
    ///
    /// - Parameters:
    ///   - file: Whether the last component is a file, opened read-only without blocking (its
    ///     type is for the caller to check on the descriptor); otherwise a folder, opened
    ///     read-only.
    ///   - creating: The mode of each missing folder to create, set on its descriptor whatever
    ///     the umask; `nil` creates nothing.
    /// - Returns: The open descriptor, which the caller closes.
    package static func open(_ path: String, file: Bool = false, creating: mode_t? = nil) throws(Failure) -> Int32 {
        var descriptor = Glibc.open(path.hasPrefix("/") ? "/" : ".", pathOnly | O_DIRECTORY | O_CLOEXEC)
        var pending = Array(path.split(separator: "/").reversed())
        var links = 0
        func fail(_ failure: Failure) throws(Failure) -> Never {
            if descriptor >= 0 { close(descriptor) }
            throw failure
        }
        guard descriptor >= 0 else { try fail(.system(errno)) }
        if file, pending.isEmpty { try fail(.system(EISDIR)) }
        while let component = pending.popLast() {
            if component == "." && !(file && pending.isEmpty) { continue }
            let name = String(component)
            let isFile = file && pending.isEmpty
            if let creating, !isFile, name != "..", mkdirat(descriptor, name, creating) == 0 {
                let created = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                // The umask may have taken away bits that every user needs.
                guard created >= 0, creating == 0o700 || fchmod(created, creating) == 0 else {
                    let code = errno
                    if created >= 0 { close(created) }
                    try fail(.creating(name: name, errno: code))
                }
                close(descriptor)
                descriptor = created
                continue
            }
            let flags = isFile ? O_RDONLY | O_NONBLOCK : pathOnly | O_DIRECTORY
            let next = openat(descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC)
            if next >= 0 {
                close(descriptor)
                descriptor = next
                if isFile { return descriptor }
                continue
            }
            let code = errno
            var link = stat()
            guard code == ENOTDIR || code == ELOOP, fstatat(descriptor, name, &link, AT_SYMLINK_NOFOLLOW) == 0, link.st_mode & S_IFMT == S_IFLNK
            else { try fail(.system(code)) }
            var folder = stat()
            links += 1
            guard links <= 40, fstat(descriptor, &folder) == 0 else { try fail(.system(ELOOP)) }
            guard mayFollow(link, in: folder) else { try fail(.untrusted(name: name, folder: folder)) }
            guard let target = linkTarget(name, in: descriptor), !target.isEmpty else { try fail(.system(errno)) }
            if target.hasPrefix("/") {
                close(descriptor)
                descriptor = Glibc.open("/", pathOnly | O_DIRECTORY | O_CLOEXEC)
                guard descriptor >= 0 else { try fail(.system(errno)) }
            }
            pending += target.split(separator: "/").reversed()
            // A link to `/` or to `dir/` leads to a folder, which a file cannot be.
            if isFile, pending.isEmpty { try fail(.system(EISDIR)) }
        }
        let opened = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard opened >= 0 else { try fail(.system(errno)) }
        close(descriptor)
        return opened
    }

    /// Whether a symbolic link of status `link`, in a folder of status `folder`, is one that
    /// no other user could have made or changed: the folder is the user's or root's and only
    /// its owner may write it, or it is sticky and the link is the user's or the folder owner's.
    package static func mayFollow(_ link: stat, in folder: stat) -> Bool {
        let user = geteuid()
        guard folder.st_uid == user || folder.st_uid == 0 else { return false }
        if folder.st_mode & 0o022 == 0 { return true }
        return folder.st_mode & S_ISVTX != 0 && (link.st_uid == user || link.st_uid == folder.st_uid)
    }

    /// What the symbolic link `name` in the folder open at `descriptor` holds; `nil` when it
    /// cannot be read.
    package static func linkTarget(_ name: String, in descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlinkat(descriptor, name, &buffer, buffer.count)
        guard count >= 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The message for a link that is not followed, naming `path` and the folder's owner.
    package static func untrustedMessage(_ path: String, name: String, folder: stat) -> String {
        let mode = String(folder.st_mode & 0o7777, radix: 8)
        return
            "\(path): the symbolic link \(name) on the way lies in a folder that user \(folder.st_uid) may change (mode \(mode)), so prefs does not follow it; give the path it leads to"
    }
}
