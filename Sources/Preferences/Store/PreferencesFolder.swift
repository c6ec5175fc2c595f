import Glibc
import PropertyLists

/// The folder that holds the domain files: `PREFS_HOME`, else `$XDG_CONFIG_HOME/prefs`, else
/// `~/.config/prefs`.
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

    /// The folder named by the environment: `PREFS_HOME`, else `$XDG_CONFIG_HOME/prefs`, else
    /// `$HOME/.config/prefs`. A relative `XDG_CONFIG_HOME` is ignored, as the XDG Base Directory
    /// specification requires.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` when none of these is set, or
    ///   when the one used is not valid UTF-8 (prefs would otherwise write into a folder with
    ///   another name).
    public static func fromEnvironment() throws(PreferenceError) -> PreferencesFolder {
        if let home = try variable("PREFS_HOME") { return PreferencesFolder(path: home) }
        if let config = try variable("XDG_CONFIG_HOME"), config.hasPrefix("/") { return PreferencesFolder(path: config + "/prefs") }
        if let home = try variable("HOME") { return PreferencesFolder(path: home + "/.config/prefs") }
        throw PreferenceError(.invalidArgument, "cannot find the preferences folder: set PREFS_HOME, XDG_CONFIG_HOME or HOME")
    }

    /// The value of the environment variable `name`, `nil` when unset or empty.
    private static func variable(_ name: String) throws(PreferenceError) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        guard let text = String(validatingCString: value) else {
            let raw = UnsafeRawBufferPointer(start: value, count: strlen(value))
            throw PreferenceError(
                .invalidArgument,
                "\(name) is not valid UTF-8 (\(escapingInvalidUTF8(raw))); prefs names folders in UTF-8 only, so set \(name) to a UTF-8 path")
        }
        return text
    }

    /// The file of `domain` in this folder.
    public func file(for domain: DomainName) -> DomainFile {
        DomainFile(path: path + "/" + domain.fileName, domain: domain.rawValue, isInStore: true)
    }

    /// The names of the domains that have files here, sorted.
    ///
    /// - Throws: ``PreferenceError`` with code `.unreadable` when the folder exists but cannot
    ///   be listed. A missing folder has no domains.
    public func domainNames() throws(PreferenceError) -> [String] {
        guard let entries = folderEntries(path) else {
            if errno == ENOENT { return [] }
            throw PreferenceError(.unreadable, "cannot list \(path): \(systemErrorText())")
        }
        for name in entries.undecodable where name.hasSuffix(".plist") {
            warn("\(path)/\(name): the file name is not valid UTF-8, so it names no domain; rename it to read it")
        }
        var names: [String] = []
        for name in entries.names where name.hasSuffix(".plist") && !name.hasPrefix(".") {
            let domain = String(name.dropLast(".plist".count))
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
                throw PreferenceError(.writeFailed, "cannot create the folder \(prefix): \(systemErrorText())")
            }
        }
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw PreferenceError(.writeFailed, "\(path) is not a folder")
        }
    }
}
