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
        return try PreferencesEnvironment.process.manifestSearchPath.manifest(for: domain, notices: Output.notices)
    }

    /// The domain the file is when its folder is the preferences folder or an administrator's
    /// folder, compared by identity; `nil` otherwise.
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
        guard let parent = FileIdentity(of: file.folderPath), folders.contains(where: { FileIdentity(of: $0.path) == parent }) else { return nil }
        return name
    }
}
