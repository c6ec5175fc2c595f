import Glibc
import Preferences
import PropertyLists

extension Target {
    /// The installed manifest of the target's domain, `nil` for a domain without one.
    ///
    /// A file named by its path (`--file`, a path domain) is a domain when it sits in the
    /// preferences folder or an administrator's folder as `NAME.plist`, whatever path reaches
    /// the folder: its manifest holds there as it does for the domain's name, so no path
    /// around the manifest exists. Any other file names no domain.
    ///
    /// - Throws: ``PreferenceError`` when the installed manifest is malformed.
    func installedManifest() throws(PreferenceError) -> Manifest? {
        guard let domain = domain ?? domainOfFile() else { return nil }
        return try PreferencesEnvironment.process.manifestSearchPath.manifest(for: domain)
    }

    /// The domain the file is when its folder is the preferences folder or an administrator's
    /// folder, compared by device and inode; `nil` otherwise.
    private func domainOfFile() -> DomainName? {
        let fileName = file.fileName
        guard fileName.hasSuffix(".plist"), let name = try? DomainName(String(fileName.dropLast(".plist".count))) else {
            // Not NAME.plist with a valid NAME: a file no domain is stored in.
            return nil
        }
        let environment = PreferencesEnvironment.process
        var folders = environment.systemFolders
        // A preferences folder the environment cannot name has no file to compare with.
        if let user = try? environment.preferencesFolder() { folders.append(user) }
        guard let parent = Self.identity(of: file.folderPath) else { return nil }
        return folders.contains { Self.identity(of: $0.path).map { $0 == parent } ?? false } ? name : nil
    }

    /// The device and inode of the folder at `path`; `nil` when it cannot be examined.
    private static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }
}
