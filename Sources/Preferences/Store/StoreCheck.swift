import Glibc
import PropertyLists

/// A health check of a preferences folder, behind `prefs doctor`.
///
/// It looks for what makes prefs refuse to work or could leak data, and explains each: a folder
/// or files owned by another user or writable by others, domain files that are not regular
/// files or do not read, symbolic links prefs will not write through, file names prefs cannot
/// use, and temporary files left by writers that were killed. It never waits on a special file.
package enum StoreCheck {
    /// One finding.
    package struct Finding: Hashable, Sendable, CustomStringConvertible {
        /// The file or folder concerned.
        package let path: String
        /// What is wrong and how to fix it.
        package let message: String
        /// Whether `prefs doctor --fix` can repair it (stale temporary files only).
        package let isFixable: Bool

        /// `path: message`.
        package var description: String { "\(path): \(message)" }
    }

    /// Examines `folder`.
    ///
    /// - Parameter fix: Remove stale temporary files (those of domains no writer holds locked).
    /// - Returns: The findings, empty for a healthy store. A missing folder is healthy.
    package static func run(on folder: PreferencesFolder, fix: Bool = false) -> [Finding] {
        var status = stat()
        guard stat(folder.path, &status) == 0 else {
            if errno == ENOENT { return [] }
            return [Finding(path: folder.path, message: "cannot examine: \(systemErrorText())", isFixable: false)]
        }
        guard let entries = folderEntries(folder.path) else {
            return ownershipFindings(folder.path, status, kind: "folder")
                + [Finding(path: folder.path, message: "cannot list: \(systemErrorText())", isFixable: false)]
        }
        var findings = ownershipFindings(folder.path, status, kind: "folder", holdsOnlyPreferences: holdsOnlyPreferences(entries))
        for name in entries.undecodable.sorted() {
            findings.append(
                Finding(
                    path: folder.path + "/" + name,
                    message: "the file name is not valid UTF-8, so prefs cannot name it as a domain; rename it", isFixable: false))
        }
        for name in entries.names.sorted() where name.hasSuffix(".plist") && !name.hasPrefix(".") {
            findings += domainFindings(folder.path + "/" + name, domain: String(name.dropLast(".plist".count)))
        }
        findings += caseFindings(folder.path, entries: entries.names)
        findings += temporaryFileFindings(folder, entries: entries.names, fix: fix)
        return findings
    }

    /// Domain files whose names differ only in case: one domain on a Mac's case-insensitive
    /// disk, of which prefs reads and writes the first only (``PreferencesFolder/file(for:host:)``).
    private static func caseFindings(_ folder: String, entries: [String]) -> [Finding] {
        var first: [String: String] = [:]
        var findings: [Finding] = []
        let domains = entries.filter { $0.hasSuffix(".plist") && !$0.hasPrefix(".") }.map { String($0.dropLast(".plist".count)) }
        for domain in domains.filter(DomainName.isValid).sorted(by: PropertyListDictionary.precedes) {
            guard let kept = first[domain.lowercased()] else {
                first[domain.lowercased()] = domain
                continue
            }
            findings.append(
                Finding(
                    path: folder + "/" + domain + ".plist",
                    message:
                        "differs only in case from \(kept).plist: on a Mac both names are one domain, and prefs reads and writes \(kept).plist only; copy the values you need from this file into \(kept) and remove it",
                    isFixable: false))
        }
        return findings
    }

    private static func domainFindings(_ path: String, domain: String) -> [Finding] {
        func finding(_ message: String) -> [Finding] { [Finding(path: path, message: message, isFixable: false)] }
        guard DomainName.isValid(domain) else {
            return finding("\(domain.quotedForMessage(limit: 80)) is not a valid domain name, so prefs ignores this file; rename it")
        }
        var status = stat()
        guard lstat(path, &status) == 0 else { return [] }
        let type = status.st_mode & S_IFMT
        if type == S_IFLNK {
            // Say what `read` does with it: follows it only where no other user could have
            // planted it (``Directory/mayFollow(_:in:)``), and writes through it never.
            var folder = stat()
            guard stat(AtomicFile.parentFolder(of: path), &folder) == 0, Directory.mayFollow(status, in: folder) else {
                return finding(
                    "is a symbolic link in a folder that user \(folder.st_uid) may change, so prefs neither reads nor writes through it; remove it, or put the file it leads to in its place"
                )
            }
            return finding("is a symbolic link; prefs reads through it but refuses to write through it")
        }
        guard type == S_IFREG else {
            return finding("is \(Directory.fileTypeName(type)), not a regular file; prefs refuses it (remove it, or move it aside)")
        }
        let findings = ownershipFindings(path, status, kind: "file")
        guard findings.isEmpty else { return findings }
        do {
            _ = try PreferencesFolder(path: AtomicFile.parentFolder(of: path)).file(for: DomainName(domain)).read()
            return []
        } catch {
            let first = error.diagnostics.first.map { "line \($0.line ?? 0): \($0.message)" } ?? error.message
            return finding("does not read as a property list: \(first) (prefs validate lists every problem)")
        }
    }

    /// Whether a folder holds only what prefs keeps in a store: domain files, the `ByHost`
    /// folder and hidden entries (temporary files, and the `.locks` folder of
    /// earlier versions, which prefs no longer uses). Another folder (`/etc`,
    /// `/`) is not the user's to make private, and no `chmod` of it is advised.
    private static func holdsOnlyPreferences(_ entries: (names: [String], undecodable: [String])) -> Bool {
        entries.undecodable.isEmpty && entries.names.allSatisfy { $0.hasSuffix(".plist") || $0.hasPrefix(".") || $0 == "ByHost" }
    }

    /// Owner and mode problems: another user's (root excepted), or writable by group or others
    /// (prefs refuses both); readable by others (a privacy warning, with the `chmod` that fixes
    /// it only for a folder that `holdsOnlyPreferences`).
    private static func ownershipFindings(_ path: String, _ status: stat, kind: String, holdsOnlyPreferences: Bool = true) -> [Finding] {
        var findings: [Finding] = []
        let mode = status.st_mode & 0o777
        let expected = kind == "folder" ? "700" : "600"
        if geteuid() != 0, status.st_uid != geteuid(), status.st_uid != 0 {
            findings.append(
                Finding(
                    path: path,
                    message:
                        "the \(kind) belongs to user \(status.st_uid), not to you (\(geteuid())); prefs refuses it, since another user could change your preferences (chown \(geteuid()) fixes it if it is yours)",
                    isFixable: false))
        }
        if mode & 0o022 != 0 {
            findings.append(
                Finding(
                    path: path,
                    message:
                        "the \(kind) has mode \(Directory.modeText(status)), so others may change it; prefs refuses it. \(Directory.modeAdvice(status, path: path, fix: expected))",
                    isFixable: false))
        } else if mode & 0o044 != 0 {
            let advice =
                holdsOnlyPreferences
                ? "chmod \(expected) fixes it"
                : "it holds more than preferences, so keep them in a folder of their own, for example PREFS_HOME=$HOME/.config/prefs"
            findings.append(
                Finding(path: path, message: "the \(kind) has mode \(String(mode, radix: 8)), so others may read it (\(advice))", isFixable: false))
        }
        return findings
    }

    private static func temporaryFileFindings(_ folder: PreferencesFolder, entries: [String], fix: Bool) -> [Finding] {
        let directory: Directory
        do {
            directory = try Directory(path: folder.path)
        } catch {
            // Listed a moment ago, the folder no longer opens (removed meanwhile, or no
            // descriptor left): the temporary files are not checked, which the user must learn.
            return [Finding(path: folder.path, message: "cannot look for temporary files left by stopped writers: \(error.message)", isFixable: false)]
        }
        var findings: [Finding] = []
        for name in entries.sorted() {
            guard let owner = AtomicFile.temporaryFileOwner(name), owner.hasSuffix(".plist"),
                DomainName.isValid(String(owner.dropLast(".plist".count)))
            else { continue }
            if fix, AtomicFile.removeIfAbandoned(name, in: directory) { continue }
            guard AtomicFile.isAbandoned(name, in: directory) else { continue }
            findings.append(
                Finding(
                    path: folder.path + "/" + name,
                    message: "a temporary file left by a writer that was stopped mid-write (prefs doctor --fix removes it)", isFixable: true))
        }
        return findings
    }
}
