import Glibc
import PropertyLists

/// A folder that holds domain files; the user's is ``PreferencesEnvironment/preferencesFolder()``
/// (`PREFS_HOME`, else `$XDG_CONFIG_HOME/prefs`, else `~/.config/prefs`).
///
/// The folder and any missing parents are created 0700 on the first write. Domain files are
/// `<folder>/<domain>.plist`, 0600. As on a Mac's case-insensitive disk, a domain name that
/// differs only in case from a domain's file names that file, its case kept as first written.
public struct PreferencesFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// The folder at `path`.
    public init(path: String) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The file of `domain` in this folder; with a host id, the domain's values for that host
    /// only, `ByHost/<domain>.<host>.plist`, where macOS keeps them.
    ///
    /// When there is no file of that exact name but one whose domain differs from `domain` only
    /// in case (`com.apple.Terminal.plist` for `com.apple.terminal`), that file is the domain's,
    /// as it would be on a Mac's case-insensitive disk; of several such, the first in
    /// ``domainNames(host:notices:)``' order. The first write of a domain chooses again under
    /// the folder's lock, so two first writes that spell it differently make one file.
    ///
    /// - Complexity: One `lstat`; when the exact file is missing, one listing of its folder.
    package func file(for domain: DomainName, host: String? = nil) -> DomainFile {
        let folder = host == nil ? path : path + "/ByHost"
        let suffix = host.map { "." + $0 + ".plist" } ?? ".plist"
        let name = Self.existingName(of: domain.rawValue, suffix: suffix, in: folder) ?? domain.rawValue
        var file = DomainFile(path: folder + "/" + name + suffix, domain: name + (host.map { " (host " + $0 + ")" } ?? ""), isInStore: true)
        file.caseFolding = (self, domain, host)
        return file
    }

    /// Whether any domain has values for one host here: whether the folder `ByHost` exists.
    /// Without it there is no ByHost file to look for, so no host's id is needed.
    package var holdsHostValues: Bool {
        var status = stat()
        return stat(path + "/ByHost", &status) == 0
    }

    /// The file at `relativePath` below this folder, checked as a domain's file is, for a path
    /// that names a file in a subfolder (`SystemConfiguration/com.example.plist`) where a
    /// domain goes; messages name it by `relativePath` without `.plist`.
    package func file(at relativePath: String) -> DomainFile {
        let name = relativePath.hasSuffix(".plist") ? String(relativePath.dropLast(".plist".count)) : relativePath
        return DomainFile(path: path + "/" + relativePath, domain: name, isInStore: true)
    }

    /// The name, as first written, of the domain in `folder` whose file `<name><suffix>` differs
    /// from `name` only in case; `nil` when the exact file exists, or no such file does.
    private static func existingName(of name: String, suffix: String, in folder: String) -> String? {
        var status = stat()
        guard lstat(folder + "/" + name + suffix, &status) != 0, errno == ENOENT, let entries = folderEntries(folder) else { return nil }
        let wanted = name.lowercased()
        return domains(in: entries.names, suffix: suffix).first { $0.lowercased() == wanted }
    }

    /// The valid domain names of the files `<name><suffix>` among `names`, sorted.
    private static func domains(in names: [String], suffix: String) -> [String] {
        var domains: [String] = []
        for name in names where name.hasSuffix(suffix) && !name.hasPrefix(".") {
            let domain = String(name.dropLast(suffix.count))
            if DomainName.isValid(domain) { domains.append(domain) }
        }
        return domains.sorted(by: PropertyListDictionary.precedes)
    }

    /// The names of the domains that have files here, sorted; with a host id, those that have
    /// ByHost values for that host (`ByHost/DOMAIN.HOST.plist`). Files whose names differ only
    /// in case are one domain, listed once, by the name of the first.
    ///
    /// - Parameters:
    ///   - host: The id of the host whose ByHost domains to list; `nil` for the domains themselves.
    ///   - notices: Told of a file that would be a domain's but whose name is not UTF-8.
    /// - Throws: ``PreferenceError`` with code `.unreadable` when the folder exists but cannot
    ///   be listed. A missing folder has no domains.
    public func domainNames(host: String? = nil, notices: NoticeHandler? = nil) throws(PreferenceError) -> [String] {
        let folder = host == nil ? path : path + "/ByHost"
        let suffix = host.map { "." + $0 + ".plist" } ?? ".plist"
        guard let entries = folderEntries(folder) else {
            if errno == ENOENT { return [] }
            throw PreferenceError.system(.unreadable, "cannot list \(folder)")
        }
        for name in entries.undecodable where name.hasSuffix(".plist") {
            notices?(PreferenceNotice(.warning, "\(folder)/\(name): the file name is not valid UTF-8, so it names no domain; rename it to read it"))
        }
        var seen: Set<String> = []
        return Self.domains(in: entries.names, suffix: suffix).filter { seen.insert($0.lowercased()).inserted }
    }

    /// Creates the folder and its missing parents, each of `mode` (0700 unless told).
    ///
    /// Each folder is created and opened relative to the one before it, never through a
    /// symbolic link another user could have planted (`Directory`), and given its mode on
    /// its own descriptor.
    ///
    /// - Parameter mode: The mode of each folder created; 0755 for folders every user must
    ///   read (an administrator's defaults). Folders that exist are left as they are.
    /// - Throws: ``PreferenceError`` with code `.writeFailed` naming the folder that could not
    ///   be created.
    public func create(mode: mode_t = 0o700) throws(PreferenceError) {
        _ = try Directory(path: path, missing: .writeFailed, creating: mode)
    }
}
