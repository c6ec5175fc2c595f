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

    /// The value at `path`: the stored one, else (unless `storedOnly`) the default of the
    /// domain's installed manifest, as `UserDefaults` falls back to registered defaults.
    ///
    /// - Throws: ``CLIError`` with status 1 when neither the domain nor the manifest has a value.
    func value(at path: KeyPath, storedOnly: Bool) throws -> PropertyList {
        var missingDomain: CLIError?
        do {
            if let value = path.value(in: try read(key: path.components[0])) { return value }
        } catch let error as CLIError where error.status == .notFound {
            missingDomain = error
        }
        if !storedOnly, let value = try installedManifest()?.defaultValue(at: path.components) { return value }
        throw missingDomain ?? CLIError(.notFound, "the key \(path) does not exist in \(name)")
    }
}
