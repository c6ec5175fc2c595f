import Glibc

/// The folders that hold installed manifests: `$PREFS_MANIFESTS` (folders separated by `:`) if
/// set, else `$XDG_DATA_HOME/prefs/manifests` (`~/.local/share` by default) and
/// `prefs/manifests` in each of `$XDG_DATA_DIRS` (`/usr/local/share:/usr/share` by default).
///
/// The manifest of a domain is, in the first folder that has one, the file `DOMAIN.plist`, else
/// a file in the folder or its subfolders whose `pfm_domain` names the domain (see
/// `ManifestFolderIndex`), so a user's manifest overrides the system's.
/// Finding it costs opening each folder and, with a ``cache``, the read of each folder's small
/// kept index of the `pfm_domain` of each file, so a domain without a manifest is written about as fast
/// as before; without a cache, each folder's manifests are read for their `pfm_domain` every time.
///
/// A manifest gives `read` its defaults and refuses writes, so it is believed only as the
/// administrator's files are: when the folder of the search path, each subfolder down to the
/// file, and the file itself belong to root or to the user (to root alone when the user is
/// root) and neither group nor others may write them, as OpenSSH's StrictModes asks of its
/// files. Each is checked on its open descriptor, subfolders are opened from their folder's
/// descriptor without following links, and the manifest is read from the descriptor checked. A
/// manifest that fails the rule is passed over, and the next file claiming the domain, then the
/// next folder, looked in, with a warning naming it; a folder that fails it but holds no
/// manifest of the domain is passed over silently. (Folders above a folder of the search path
/// are not checked: whatever path reaches it, the folder opened is the one checked.)
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

    /// The installed manifest file of `domain`, or `nil`: in the first folder that has one prefs
    /// trusts, `DOMAIN.plist`, else a file whose `pfm_domain` names the domain (from the
    /// folder's kept index, with a ``cache``).
    ///
    /// - Parameters:
    ///   - domain: The domain whose manifest is looked for.
    ///   - notices: Told of each manifest passed over because others may change it.
    /// - Returns: The file, `nil` also when one that prefs would believe cannot be opened (see
    ///   ``manifest(for:notices:)``, which says why).
    public func file(for domain: DomainName, notices: NoticeHandler? = nil) -> String? {
        do {
            return try open(domain, rescanning: false, notices: notices)?.path
        } catch {
            return nil  // documented: manifest(for:) reports the error
        }
    }

    /// The open file of `domain`'s manifest; `rescanning` makes each folder's index afresh,
    /// not from the cache.
    ///
    /// - Throws: ``PreferenceError`` when a system limit stops the search, or a manifest that
    ///   would be believed cannot be opened (the user may not read it): then no manifest is
    ///   silently left unenforced.
    private func open(_ domain: DomainName, rescanning: Bool, notices: NoticeHandler?) throws(PreferenceError) -> ManifestFile? {
        for path in folders {
            let folder: Directory
            do {
                folder = try Directory(path: path, failure: .unreadable)
            } catch  where error.code != .systemLimit {
                continue  // no such folder, or none the user may open: it holds nothing to believe
            }
            var claims = [domain.fileName]
            claims += ManifestFolderIndex(of: path, cache: cache, rescanning: rescanning).files[domain.rawValue] ?? []
            var folderChecked = false
            for claim in claims {
                do throws(PreferenceError) {
                    if !folderChecked {
                        // Only once a claim is found, so a domain without a manifest costs no more.
                        guard Self.exists(claim, in: folder) else { continue }
                        do {
                            try folder.checkTrusted(anyOwnerForRoot: false, holding: .manifests)
                        } catch {
                            // The whole folder is passed over: one warning, for the first of its claims.
                            notices?(PreferenceNotice(.warning, "\(error.message); the manifest \(path)/\(claim) is passed over"))
                            break
                        }
                        folderChecked = true
                    }
                    if let file = try Self.trustedFile(claim, in: folder) { return file }
                } catch  where error.code == .untrusted {
                    notices?(PreferenceNotice(.warning, "\(error.message); the manifest \(path)/\(claim) is passed over"))
                }
            }
        }
        return nil
    }

    /// Whether `claim` (a path below `folder`) names something, without following it.
    private static func exists(_ claim: String, in folder: Directory) -> Bool {
        var status = stat()
        return fstatat(folder.descriptor, claim, &status, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// The file `claim` (a path below `folder`) when every subfolder down to it, and the file,
    /// is trusted; each subfolder is opened without following a symbolic link, as the index
    /// is made.
    ///
    /// - Returns: The open file; `nil` when there is none, or it is no regular file, or a
    ///   subfolder of the kept index is gone (the index is older than the folder).
    /// - Throws: ``PreferenceError`` with code `.untrusted` naming the subfolder or file that
    ///   is not, `.systemLimit`, or why a file that is there cannot be opened.
    private static func trustedFile(_ claim: String, in folder: Directory) throws(PreferenceError) -> ManifestFile? {
        var components = claim.split(separator: "/").map(String.init)
        let name = components.removeLast()
        var current = folder
        for component in components {
            do {
                current = try Directory(named: component, in: current, create: false)
            } catch  where error.code != .systemLimit {
                return nil
            }
            try current.checkTrusted(anyOwnerForRoot: false, holding: .manifests)
        }
        return try ManifestFile.trusted(name, in: current)
    }

    /// The installed manifest of `domain`, or `nil` when none is installed that prefs trusts.
    ///
    /// - Parameters:
    ///   - domain: The domain whose manifest is looked for.
    ///   - notices: Told of each manifest passed over because others may change it.
    /// - Throws: ``PreferenceError`` with code `.unreadable` when the manifest does not read,
    ///   is malformed, or (named `DOMAIN.plist`) names another domain in `pfm_domain`, or when
    ///   one that would be believed cannot be opened; `.systemLimit` when a system limit stops
    ///   the search.
    public func manifest(for domain: DomainName, notices: NoticeHandler? = nil) throws(PreferenceError) -> Manifest? {
        guard var file = try open(domain, rescanning: false, notices: notices) else { return nil }
        var manifest = try Manifest(file, cache: cache)
        if manifest.domain != domain.rawValue, !file.path.hasSuffix("/" + domain.fileName) {
            // Found by a kept index, but the file has been edited in place since: look again.
            guard let found = try open(domain, rescanning: true, notices: nil) else { return nil }
            file = found
            manifest = try Manifest(file, cache: cache)
        }
        if let named = manifest.domain, named != domain.rawValue {
            throw PreferenceError(.unreadable, "the manifest \(file.path) describes the domain \(named) (pfm_domain), not \(domain); rename it \(named).plist")
        }
        return manifest
    }
}
