import Glibc

/// A health check of a preferences folder, behind `prefs doctor`.
///
/// It looks for what would make prefs refuse to work or leak data: a folder or files readable
/// or writable by others or owned by another user, domain files that do not read, symbolic
/// links prefs will not write through, and temporary files left by writers that were killed.
public enum StoreCheck {
    /// One finding.
    public struct Finding: Hashable, Sendable, CustomStringConvertible {
        /// The file or folder concerned.
        public let path: String
        /// What is wrong and how to fix it.
        public let message: String
        /// Whether `prefs doctor --fix` can repair it (stale temporary files only).
        public let isFixable: Bool

        /// `path: message`.
        public var description: String { "\(path): \(message)" }
    }

    /// Examines `folder`.
    ///
    /// - Parameter fix: Remove stale temporary files (those of domains no writer holds locked).
    /// - Returns: The findings, empty for a healthy store. A missing folder is healthy.
    public static func run(on folder: PreferencesFolder, fix: Bool = false) -> [Finding] {
        var findings: [Finding] = []
        var status = stat()
        guard lstat(folder.path, &status) == 0 else {
            if errno == ENOENT { return [] }
            return [Finding(path: folder.path, message: "cannot examine: \(systemErrorText())", isFixable: false)]
        }
        findings += permissionFindings(folder.path, status, expectedMode: 0o700, kind: "folder")
        guard let entries = folderEntries(folder.path) else {
            return findings + [Finding(path: folder.path, message: "cannot list: \(systemErrorText())", isFixable: false)]
        }
        for name in entries.sorted() where name.hasSuffix(".plist") {
            let path = folder.path + "/" + name
            guard lstat(path, &status) == 0 else { continue }
            if (status.st_mode & S_IFMT) == S_IFLNK {
                findings.append(Finding(path: path, message: "is a symbolic link; prefs reads through it but refuses to write through it", isFixable: false))
                continue
            }
            findings += permissionFindings(path, status, expectedMode: 0o600, kind: "file")
            do {
                _ = try DomainFile(path: path).read()
            } catch {
                let first = error.diagnostics.first.map { "line \($0.line ?? 0): \($0.message)" } ?? error.message
                findings.append(Finding(path: path, message: "does not read as a property list: \(first) (prefs validate lists every problem)", isFixable: false))
            }
        }
        findings += temporaryFileFindings(folder, entries: entries, fix: fix)
        return findings
    }

    private static func permissionFindings(_ path: String, _ status: stat, expectedMode: mode_t, kind: String) -> [Finding] {
        var findings: [Finding] = []
        let mode = status.st_mode & 0o777
        if mode & 0o077 != 0 {
            findings.append(Finding(path: path,
                message: "the \(kind) has mode \(String(mode, radix: 8)); others may read or change it (chmod \(String(expectedMode, radix: 8)) fixes it)",
                isFixable: false))
        }
        if status.st_uid != geteuid() {
            findings.append(Finding(path: path, message: "the \(kind) belongs to user \(status.st_uid), not to you (\(geteuid()))", isFixable: false))
        }
        return findings
    }

    private static func temporaryFileFindings(_ folder: PreferencesFolder, entries: [String], fix: Bool) -> [Finding] {
        var findings: [Finding] = []
        let marker = ".plist" + AtomicFile.temporaryInfix
        let domainFiles = Set(entries.compactMap { name -> String? in
            guard let range = name.firstRange(of: marker) else { return nil }
            return String(name[..<range.lowerBound]) + ".plist"
        })
        for fileName in domainFiles.sorted() {
            let file = DomainFile(path: folder.path + "/" + fileName)
            // A temporary file is stale when no writer holds the domain's lock.
            let lock: FileLock
            do {
                lock = try FileLock(path: file.lockPath, domain: fileName, timeout: 0)
            } catch {
                continue
            }
            defer { withExtendedLifetime(lock) {} }
            for name in file.temporaryFileNames(in: folder.path) {
                let path = folder.path + "/" + name
                if fix, unlink(path) == 0 { continue }
                findings.append(Finding(path: path, message: "a temporary file left by a writer that was stopped mid-write (prefs doctor --fix removes it)", isFixable: true))
            }
        }
        return findings
    }
}
