import Preferences
import PropertyLists

extension Target {
    /// The installed manifest of the target's domain; `nil` for `--file`, which names no
    /// domain, and for a domain without one.
    ///
    /// - Throws: ``PreferenceError`` when the installed manifest is malformed.
    func installedManifest() throws -> Manifest? {
        guard folder != nil else { return nil }
        return try ManifestSearchPath.fromEnvironment().manifest(for: DomainName(file.domain))
    }
}
