import Glibc
import PropertyLists

/// Which domain each manifest of one folder describes (its `pfm_domain`), to find a manifest
/// that is not named `DOMAIN.plist`.
///
/// Making the index reads the `pfm_domain` of every `.plist` file in the folder, which costs
/// a parse of each; so with a ``ManifestCache`` it is kept there, keyed by the folder's
/// identity (device, inode and modification time), and made again only when a file is added
/// to the folder, removed or renamed. A file edited in place to claim another domain is seen
/// once the folder changes (editors that save by renaming change it at once), or with
/// `PREFS_NO_CACHE`.
struct ManifestFolderIndex {
    /// The file name (in the folder) of the manifest of each domain a file other than
    /// `DOMAIN.plist` claims; of two files claiming one domain, the first by name.
    let files: [String: String]

    /// The index of `folder`, from `cache` when it holds one of the folder as it is now (and
    /// not `rescanning`), else made and kept there; empty when the folder does not exist or
    /// cannot be listed.
    ///
    /// - Complexity: O(*n*) in the number of entries when kept; else O(*n*) in the size of
    ///   the folder's manifests.
    init(of folder: String, cache: ManifestCache?, rescanning: Bool = false) {
        guard let identity = ManifestCache.identity(of: folder, type: S_IFDIR) else {
            files = [:]
            return
        }
        // Named after the folder's path with a slash, which no manifest file's path ends in.
        let name = ManifestCache.fileName(for: folder + "/")
        if let cache, !rescanning, case .dictionary(let kept)? = cache.load(name, path: folder, identity: identity)?["value"],
            let files = Self.files(kept)
        {
            self.files = files
            return
        }
        files = Self.scan(folder)
        var kept = PropertyListDictionary()
        for (domain, file) in files { kept[domain] = .string(file) }
        cache?.store(.dictionary(kept), as: name, path: folder, type: S_IFDIR, identity: identity)
    }

    /// The file names of a kept index, `nil` when it holds anything but strings that name
    /// files in the folder.
    private static func files(_ kept: PropertyListDictionary) -> [String: String]? {
        var files: [String: String] = [:]
        for domain in kept.keys {
            guard let file = kept[domain]?.stringValue, !file.isEmpty, !file.contains("/") else { return nil }
            files[domain] = file
        }
        return files
    }

    /// Reads the `pfm_domain` of each `.plist` file in `folder` not named after the domain it
    /// claims; a file that does not read as a property list, or names no domain, is left out.
    private static func scan(_ folder: String) -> [String: String] {
        guard let entries = folderEntries(folder) else { return [:] }
        var files: [String: String] = [:]
        for file in entries.names.sorted() where file.hasSuffix(".plist") && !file.hasPrefix(".") {
            let path = folder + "/" + file
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let root: PropertyList
            do {
                root = try PropertyListReader().read(contentsOf: path, rootKey: "pfm_domain")
            } catch {
                continue  // not a manifest of any domain; an error only when named after one
            }
            guard let domain = root.dictionaryValue?["pfm_domain"]?.stringValue, file != domain + ".plist",
                files[domain] == nil
            else { continue }
            files[domain] = file
        }
        return files
    }
}
