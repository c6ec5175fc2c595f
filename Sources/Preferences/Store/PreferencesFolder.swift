import Glibc
import PropertyLists

/// A folder that holds domain files; the user's is ``PreferencesEnvironment/preferencesFolder()``
/// (`PREFS_HOME`, else `$XDG_CONFIG_HOME/prefs`, else `~/.config/prefs`).
///
/// The folder and any missing parents are created 0700 on the first write. Domain files are
/// `<folder>/<domain>.plist`, 0600.
public struct PreferencesFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// The folder at `path`.
    public init(path: String) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The file of `domain` in this folder; with a host id, the domain's values for that host
    /// only, `ByHost/<domain>.<host>.plist`, where macOS keeps them.
    package func file(for domain: DomainName, host: String? = nil) -> DomainFile {
        guard let host else { return DomainFile(path: path + "/" + domain.fileName, domain: domain.rawValue, isInStore: true) }
        return DomainFile(path: path + "/ByHost/" + domain.rawValue + "." + host + ".plist", domain: domain.rawValue + " (host " + host + ")", isInStore: true)
    }

    /// The names of the domains that have files here, sorted; with a host id, those that have
    /// ByHost values for that host (``file(for:host:)``).
    ///
    /// - Parameter notices: Told of a file that would be a domain's but whose name is not UTF-8.
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
        var names: [String] = []
        for name in entries.names where name.hasSuffix(suffix) && !name.hasPrefix(".") {
            let domain = String(name.dropLast(suffix.count))
            if DomainName.isValid(domain) { names.append(domain) }
        }
        return names.sorted(by: PropertyListDictionary.precedes)
    }

    /// Creates the folder and its missing parents, each 0700.
    ///
    /// - Throws: ``PreferenceError`` with code `.writeFailed` naming the folder that could not
    ///   be created.
    public func create() throws(PreferenceError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw PreferenceError.system(.writeFailed, "cannot create the folder \(prefix)")
            }
        }
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw PreferenceError(.writeFailed, "\(path) is not a folder")
        }
    }
}
