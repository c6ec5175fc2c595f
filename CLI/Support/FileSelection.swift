import Glibc
import Preferences
import PropertyLists
import SystemPackage

/// The files a checking command takes from its PATH arguments: a file as named, a folder
/// walked for the files whose names match (`*.plist` unless `--include` says otherwise).
///
/// The walk goes through subfolders in name order, each opened relative to the one before it,
/// skips hidden folders (`.git`, `.build`…) and folders reached through symbolic links (so a
/// link cannot make it loop), and takes files, or links to files, that match an include pattern
/// and no exclude pattern. A link that another user could have planted
/// (``TrustedPath/mayFollow(_:in:)``), and anything matching that is not a regular file (a
/// FIFO, socket or device), is reported as a problem naming it, and never opened. A pattern
/// is a shell glob (`fnmatch`): one without `/` is matched against a file's or folder's name,
/// one with `/` against its path below the folder walked, where `*` also matches `/`.
struct FileSelection {
    /// Patterns a file found in a folder must match, one of them.
    var include: [String] = ["*.plist"]
    /// Patterns no file or folder taken from a folder may match.
    var exclude: [String] = []

    /// What the arguments name.
    struct Found {
        /// The files to check, in order: each named file, then each folder's files.
        var files: [String] = []
        /// Whether any argument was a folder (the command then says how many files it checked).
        var walkedFolder = false
        /// What was found and cannot be checked: a folder that could not be listed, an entry
        /// whose name is not UTF-8 (shown escaped, its bytes that are not UTF-8 written `\xNN`,
        /// its own bytes kept); each with the message, and whether the path is shown escaped already.
        var unreadable: [(path: String, rawPath: [UInt8]?, message: String, isEscaped: Bool)] = []
    }

    /// The files `paths` name; `-` (standard input) and anything that is not a folder is taken
    /// as named, so that a missing file is reported as such.
    func files(for paths: [String]) -> Found {
        var found = Found()
        for path in paths {
            // Opened as a folder through the trusted walk: a file, a missing path or a link not
            // followed is taken as named, for its reader to report.
            if path != "-", let folder = try? TrustedPath.open(path) {
                found.walkedFolder = true
                walk(folder, path, below: "", into: &found)
            } else {
                found.files.append(path)
            }
        }
        return found
    }

    /// Walks the folder open at `descriptor` (which it closes), named `folder`.
    private func walk(_ descriptor: Int32, _ folder: String, below relative: String, into found: inout Found) {
        var folderStatus = stat()
        guard fstat(descriptor, &folderStatus) == 0, let stream = fdopendir(descriptor) else {
            found.unreadable.append((folder, nil, "cannot list the folder: \(Errno(rawValue: errno))", false))
            close(descriptor)
            return
        }
        defer { closedir(stream) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var entries: [String] = []
        while let entry = readdir(stream) {
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let cName = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                guard let name = String(validatingCString: cName) else {
                    // Decoded with replacement characters, the name would lead nowhere: a file
                    // the patterns take, or a folder they do not exclude (whose files would
                    // otherwise go unchecked without a word), is reported by its name with
                    // `\xNN` escapes.
                    let bytes = raw.prefix { $0 != 0 }
                    let shown = TextEscaper.field.escaped(bytes: bytes)
                    let subpath = relative.isEmpty ? shown : relative + "/" + shown
                    var status = stat()
                    let type = entry.pointee.d_type
                    let isFolder =
                        type == UInt8(DT_DIR)
                        || (type == UInt8(DT_UNKNOWN) && fstatat(dirfd(stream), cName, &status, 0) == 0 && status.st_mode & S_IFMT == S_IFDIR)
                    guard !Self.matches(exclude, name: shown, path: subpath) else { return }
                    let shownPath = TextEscaper.field.escaped(prefix) + shown
                    if isFolder, !shown.hasPrefix(".") {
                        let message = "the folder's name is not valid UTF-8, so prefs cannot walk it to check its files; rename it"
                        found.unreadable.append((shownPath, Array(prefix.utf8) + bytes, message, true))
                    } else if !isFolder, Self.matches(include, name: shown, path: subpath) {
                        let message = "the name is not valid UTF-8, so prefs cannot name the file to read it; rename it"
                        found.unreadable.append((shownPath, Array(prefix.utf8) + bytes, message, true))
                    }
                    return
                }
                if name != ".", name != ".." { entries.append(name) }
            }
        }
        let at = dirfd(stream)
        for name in entries.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let path = prefix + name
            let subpath = relative.isEmpty ? name : relative + "/" + name
            if Self.matches(exclude, name: name, path: subpath) { continue }
            // The entry's own status, then, for a link that no other user could have planted,
            // its target's: a planted link is reported and never followed.
            var status = stat()
            guard fstatat(at, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                if !name.hasPrefix(".") {
                    let sub = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    guard sub >= 0 else {
                        found.unreadable.append((path, nil, "cannot list the folder: \(Errno(rawValue: errno))", false))
                        continue
                    }
                    walk(sub, path, below: subpath, into: &found)
                }
                continue
            }
            guard Self.matches(include, name: name, path: subpath) else { continue }
            if status.st_mode & S_IFMT == S_IFLNK {
                guard TrustedPath.mayFollow(status, in: folderStatus) else {
                    let message =
                        "a symbolic link in a folder that user \(folderStatus.st_uid) may change (mode \(String(folderStatus.st_mode & 0o7777, radix: 8))), so prefs does not follow it; name the file it leads to"
                    found.unreadable.append((path, nil, message, false))
                    continue
                }
                // A link to a folder is not walked (it could loop); a broken one is passed over.
                guard fstatat(at, name, &status, 0) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
            }
            if status.st_mode & S_IFMT == S_IFREG {
                found.files.append(path)
            } else {
                let message = "is \(Self.kind(status.st_mode)), not a regular file, so prefs does not open it; prefs checks regular files"
                found.unreadable.append((path, nil, message, false))
            }
        }
    }

    /// What a file of mode `mode` that is not a regular file or a folder is, for messages.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a device"
        }
    }

    /// Whether any of `patterns` matches: one without `/` the name, one with `/` the path.
    private static func matches(_ patterns: [String], name: String, path: String) -> Bool {
        patterns.contains { pattern in fnmatch(pattern, pattern.utf8.contains(UInt8(ascii: "/")) ? path : name, 0) == 0 }
    }
}
