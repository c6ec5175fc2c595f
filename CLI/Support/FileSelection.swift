import Glibc
import Preferences
import SystemPackage

/// The files a checking command takes from its PATH arguments: a file as named, a folder
/// walked for the files whose names match (`*.plist` unless `--include` says otherwise).
///
/// The walk goes through subfolders in name order, skips hidden folders (`.git`, `.build`…)
/// and folders reached through symbolic links (so a link cannot make it loop), and takes
/// files, or links to files, that match an include pattern and no exclude pattern. A pattern
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
            var status = stat()
            if path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                found.walkedFolder = true
                walk(path, below: "", into: &found)
            } else {
                found.files.append(path)
            }
        }
        return found
    }

    private func walk(_ folder: String, below relative: String, into found: inout Found) {
        guard let stream = opendir(folder) else {
            found.unreadable.append((folder, nil, "cannot list the folder: \(Errno(rawValue: errno))", false))
            return
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var entries: [(name: String, type: UInt8)] = []
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
                if name != ".", name != ".." { entries.append((name, entry.pointee.d_type)) }
            }
        }
        closedir(stream)
        for (name, type) in entries.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
            let path = prefix + name
            let subpath = relative.isEmpty ? name : relative + "/" + name
            var isFolder = type == UInt8(DT_DIR)
            var isFile = type == UInt8(DT_REG)
            if type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                var status = stat()
                guard stat(path, &status) == 0 else { continue }
                isFolder = type == UInt8(DT_UNKNOWN) && status.st_mode & S_IFMT == S_IFDIR
                isFile = status.st_mode & S_IFMT == S_IFREG
            }
            if Self.matches(exclude, name: name, path: subpath) { continue }
            if isFolder {
                if !name.hasPrefix(".") { walk(path, below: subpath, into: &found) }
            } else if isFile, Self.matches(include, name: name, path: subpath) {
                found.files.append(path)
            }
        }
    }

    /// Whether any of `patterns` matches: one without `/` the name, one with `/` the path.
    private static func matches(_ patterns: [String], name: String, path: String) -> Bool {
        patterns.contains { pattern in fnmatch(pattern, pattern.utf8.contains(UInt8(ascii: "/")) ? path : name, 0) == 0 }
    }
}
