import Glibc

/// An open folder: every file prefs reads, creates, renames or removes in it is named relative
/// to this descriptor (`openat`, `renameat`, `unlinkat`), so the checks made on the folder hold
/// for every file operation that follows, even if its path is swapped meanwhile.
final class Directory {
    /// The folder's path, for messages.
    let path: String
    /// The open descriptor.
    let descriptor: Int32

    /// Opens the folder at `path` one component at a time, each relative to the folder before
    /// it and never through a symbolic link that another user could have made or changed
    /// (``mayFollow(_:in:)``); creating missing folders with `creating`.
    ///
    /// A link is followed only where it lies in a folder of the user's or root's that no other
    /// user may write, or, in a sticky folder such as `/tmp`, when it is the user's or the
    /// folder owner's own, as the kernel's `protected_symlinks` rule has it: so root, working
    /// in a folder another user owns, never follows a link that user planted.
    ///
    /// - Parameters:
    ///   - missing: The code of the error thrown when the folder does not exist.
    ///   - failure: The code of the error thrown when it cannot be opened for another reason.
    ///   - creating: The mode of each missing folder to create (0700 for a store, 0755 for an
    ///     administrator's), set on the new folder's descriptor whatever the umask; `nil`
    ///     creates nothing.
    /// - Throws: ``PreferenceError`` with code `missing` when it does not exist (`ENOENT`),
    ///   `.untrusted` for a link that is not followed, `failure` otherwise, naming the folder
    ///   and the system's reason.
    init(
        path: String, missing: PreferenceError.Code = .notFound, failure: PreferenceError.Code = .writeFailed, creating: mode_t? = nil
    ) throws(PreferenceError) {
        do {
            descriptor = try TrustedPath.open(path, creating: creating)
        } catch {
            switch error {
            case .system(let code):
                if code == ENOENT { throw PreferenceError(missing, "the folder \(path) does not exist", cause: .noSuchFileOrDirectory) }
                try Self.checkLimit(code, opening: path)
                if code == ENOTDIR { throw PreferenceError(failure, "\(path) is not a folder", cause: .notDirectory) }
                throw PreferenceError.system(failure, "cannot open the folder \(path)", errno: code)
            case .untrusted(let name, let folder):
                throw PreferenceError(.untrusted, TrustedPath.untrustedMessage(path, name: name, folder: folder))
            case .creating(let name, let code):
                let mode = String(creating ?? 0, radix: 8)
                throw PreferenceError.system(.writeFailed, "cannot give the new folder \(name) in \(path) mode \(mode)", errno: code)
            }
        }
        self.path = path
    }

    /// Whether a symbolic link of status `link`, in a folder of status `folder`, is one that
    /// no other user could have made or changed (``TrustedPath/mayFollow(_:in:)``).
    static func mayFollow(_ link: stat, in folder: stat) -> Bool {
        TrustedPath.mayFollow(link, in: folder)
    }

    /// Opens the folder `name` inside `parent` without following a symbolic link, creating it
    /// 0700 first when `create` is set.
    init(named name: String, in parent: Directory, create: Bool) throws(PreferenceError) {
        let path = parent.path + "/" + name
        if create, mkdirat(parent.descriptor, name, 0o700) != 0, errno != EEXIST {
            throw PreferenceError.system(.writeFailed, "cannot create the folder \(path)")
        }
        let descriptor = openat(parent.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            try Self.checkLimit(errno, opening: path)
            throw PreferenceError.system(.writeFailed, "cannot open the folder \(path)")
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The folder's status, from its descriptor.
    func status() throws(PreferenceError) -> stat {
        try Self.status(of: descriptor, path: path)
    }

    /// Refuses a folder that another user owns (root excepted) or that group or others may
    /// write, as OpenSSH's StrictModes does: files in it could be replaced by someone else.
    ///
    /// - Parameters:
    ///   - anyOwnerForRoot: Whether root, working in a user's store, may use a folder of any owner.
    ///   - holding: What the folder holds, for the advice.
    func checkTrusted(anyOwnerForRoot: Bool = true, holding: Holding = .preferences) throws(PreferenceError) {
        try Self.checkTrusted(status(), path: path, kind: "folder", anyOwnerForRoot: anyOwnerForRoot, holding: holding)
    }

    /// What prefs keeps in a folder, for advice on where else to keep it.
    enum Holding {
        /// Domains: the user's store.
        case preferences
        /// Installed manifests.
        case manifests

        /// A folder of the user's own that holds it, for example.
        var ownFolder: String {
            switch self {
            case .preferences: "keep preferences in a folder of your own (for example PREFS_HOME=$HOME/.config/prefs)"
            case .manifests: "keep manifests in a folder of your own (for example PREFS_MANIFESTS=$HOME/.local/share/prefs/manifests)"
            }
        }
    }

    /// Opens `name` in this folder with `flags` (`O_CLOEXEC` and `O_NONBLOCK` are added, so a
    /// FIFO never blocks the open).
    ///
    /// - Parameter failure: The code of the error thrown when the file cannot be opened.
    /// - Returns: The descriptor, or `nil` when there is no such file (`ENOENT`).
    func openFile(
        _ name: String, _ flags: Int32, mode: mode_t = 0o600,
        failure: PreferenceError.Code = .writeFailed
    ) throws(PreferenceError) -> Int32? {
        let descriptor = openat(self.descriptor, name, flags | O_CLOEXEC | O_NONBLOCK, mode)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            try Self.checkLimit(code, opening: path + "/" + name)
            if code == ELOOP, flags & O_NOFOLLOW != 0 {
                throw PreferenceError(
                    .writeFailed,
                    "\(path)/\(name) is a symbolic link; prefs does not write through links (write to the link's target instead)")
            }
            var status = stat()
            if code == EACCES, fstatat(self.descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
                // Most often another user's file: say so, rather than only "permission denied".
                try Self.checkTrusted(status, path: path + "/" + name, kind: "file")
            }
            throw PreferenceError.system(failure, "cannot open \(path)/\(name)", errno: code)
        }
        return descriptor
    }

    /// Flushes the folder's entries to disk so a rename or removal in it survives a crash.
    ///
    /// - Returns: The system's reason when flushing failed, `nil` on success.
    func sync() -> String? {
        fsync(descriptor) == 0 ? nil : systemErrorText()
    }

    /// Throws `.systemLimit` when `code` says a system limit, not the file, made an open fail.
    static func checkLimit(_ code: Int32, opening path: String) throws(PreferenceError) {
        guard code == EMFILE || code == ENFILE || code == ENOMEM else { return }
        throw PreferenceError.system(
            .systemLimit, "cannot open \(path)", errno: code,
            advice: "; a system limit stopped prefs before it changed anything (raise it, e.g. ulimit -n)")
    }

    /// The status of an open descriptor.
    static func status(of descriptor: Int32, path: String) throws(PreferenceError) -> stat {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw PreferenceError.system(.writeFailed, "cannot examine \(path)")
        }
        return status
    }

    /// Refuses what another user owns (root excepted) or what group or others may write. Root
    /// itself may work in any user's store, since no other user can act as root, unless
    /// `anyOwnerForRoot` is off: an administrator's file, which every user's values come from,
    /// must be root's even when root reads it.
    ///
    /// - Parameters:
    ///   - kind: `folder` or `file`, for the message.
    ///   - holding: What the folder holds, or the file is, for the advice.
    static func checkTrusted(
        _ status: stat, path: String, kind: String, anyOwnerForRoot: Bool = true, holding: Holding = .preferences
    ) throws(PreferenceError) {
        let user = geteuid()
        if user != 0 || !anyOwnerForRoot, status.st_uid != user, status.st_uid != 0 {
            // An administrator's file is root's to fix, not the reader's to take.
            let advice =
                switch holding {
                case .manifests: "prefs believes only root's manifests and your own: install a copy of your own instead"
                case .preferences where anyOwnerForRoot: "If it is yours, chown \(user) \(path)"
                case .preferences: "An administrator's file must be root's: chown root \(path), as root"
                }
            throw PreferenceError(
                .untrusted,
                "\(path): the \(kind) belongs to user \(status.st_uid), not to you (\(user)); prefs does not trust preferences another user can change. \(advice)"
            )
        }
        if status.st_mode & 0o022 != 0 {
            throw PreferenceError(
                .untrusted,
                "\(path): the \(kind) has mode \(modeText(status)), so other users may change it; prefs does not trust it. \(modeAdvice(status, path: path, fix: "go-w", holding: holding))"
            )
        }
    }

    /// The permission bits of `status` in octal, the sticky and set-id bits included: `1777`.
    static func modeText(_ status: stat) -> String {
        String(status.st_mode & 0o7777, radix: 8)
    }

    /// What to do about a folder or file that others may write: `chmod fix` for one of the
    /// user's own, but never for a shared folder (the sticky bit set, as `/tmp` has, or the
    /// set-group-ID bit of a group's folder, as `/var/mail` has), whose mode other users rely
    /// on: preferences (or what `holding` says) belong in a folder of the user's own instead.
    static func modeAdvice(_ status: stat, path: String, fix: String, holding: Holding = .preferences) -> String {
        guard status.st_mode & (S_ISVTX | S_ISGID) == 0 || status.st_mode & S_IFMT != S_IFDIR else {
            return "It is a shared folder (mode \(modeText(status))), which must stay as it is: " + holding.ownFolder
        }
        return "Fix it with chmod \(fix) \(path)"
    }

    /// Refuses what is not a regular file: a FIFO, socket or device would block or never end.
    static func checkRegular(_ status: stat, path: String) throws(PreferenceError) {
        let type = status.st_mode & S_IFMT
        guard type != S_IFREG else { return }
        throw PreferenceError(.unreadable, "\(path) is \(fileTypeName(type)), not a regular file; prefs reads and writes regular files only")
    }

    /// "a directory", "a FIFO", … for messages.
    static func fileTypeName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}
