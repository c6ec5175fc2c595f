import Preferences
import PropertyLists

extension Target {
    /// The installed manifest of the target's domain; `nil` for `--file`, which names no
    /// domain, and for a domain without one.
    ///
    /// - Throws: ``PreferenceError`` when the installed manifest is malformed.
    func installedManifest() throws(PreferenceError) -> Manifest? {
        guard let domain else { return nil }
        return try PreferencesEnvironment.process.manifestSearchPath.manifest(for: domain)
    }
}
