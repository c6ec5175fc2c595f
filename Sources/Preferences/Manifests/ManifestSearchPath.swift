import Glibc

/// The folders that hold installed manifests: `$PREFS_MANIFESTS` (folders separated by `:`) if
/// set, else `$XDG_DATA_HOME/prefs/manifests` (`~/.local/share` by default) and
/// `prefs/manifests` in each of `$XDG_DATA_DIRS` (`/usr/local/share:/usr/share` by default).
///
/// The manifest of a domain is, in the first folder that has one, the file `DOMAIN.plist`, else
/// a file in the folder or its subfolders whose `pfm_domain` names the domain (see
/// `ManifestFolderIndex`), so a user's manifest overrides the system's.
/// Finding it costs a `stat` per folder and, with a ``cache``, the read of each folder's small
/// kept index of the `pfm_domain` of each file, so a domain without a manifest is written about as fast
/// as before; without a cache, each folder's manifests are read for their `pfm_domain` every time.
public struct ManifestSearchPath: Sendable {
    /// The folders, searched in order.
    public let folders: [String]
    /// Where the manifests found are kept compiled; `nil` reads each file every time.
    public let cache: ManifestCache?

    /// A search path of these folders.
    ///
    /// - Parameters:
    ///   - folders: The folders, searched in order.
    ///   - cache: Where the manifests found are kept compiled; `nil` for none.
    public init(folders: [String], cache: ManifestCache? = nil) {
        self.folders = folders
        self.cache = cache
    }

    /// The installed manifest file of `domain`, or `nil`: in the first folder that has one,
    /// `DOMAIN.plist`, else a file whose `pfm_domain` names the domain (from the folder's kept
    /// index, with a ``cache``).
    public func file(for domain: DomainName) -> String? {
        file(for: domain, rescanning: false)
    }

    /// The file of `domain`; `rescanning` makes each folder's index afresh, not from the cache.
    private func file(for domain: DomainName, rescanning: Bool) -> String? {
        for folder in folders {
            let path = folder + "/" + domain.fileName
            var status = stat()
            if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG { return path }
            if let file = ManifestFolderIndex(of: folder, cache: cache, rescanning: rescanning).files[domain.rawValue] { return folder + "/" + file }
        }
        return nil
    }

    /// The installed manifest of `domain`, or `nil` when none is installed.
    ///
    /// - Throws: ``PreferenceError`` with code `.unreadable` when the manifest does not read,
    ///   is malformed, or (named `DOMAIN.plist`) names another domain in `pfm_domain`.
    public func manifest(for domain: DomainName) throws(PreferenceError) -> Manifest? {
        guard var path = file(for: domain) else { return nil }
        var manifest = try Manifest(contentsOf: path, cache: cache)
        if manifest.domain != domain.rawValue, !path.hasSuffix("/" + domain.fileName) {
            // Found by a kept index, but the file has been edited in place since: look again.
            guard let found = file(for: domain, rescanning: true) else { return nil }
            path = found
            manifest = try Manifest(contentsOf: path, cache: cache)
        }
        if let named = manifest.domain, named != domain.rawValue {
            throw PreferenceError(.unreadable, "the manifest \(path) describes the domain \(named) (pfm_domain), not \(domain); rename it \(named).plist")
        }
        return manifest
    }
}
