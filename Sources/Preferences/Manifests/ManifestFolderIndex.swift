import Glibc
import PropertyLists

/// Which domain each manifest of one folder and its subfolders describes (its `pfm_domain`),
/// to find a manifest that is not `DOMAIN.plist` at the top of the folder: collections such as
/// ProfileManifests keep theirs in subfolders (`Manifests/ManagedPreferencesApplications/…`).
///
/// Making the index reads the `pfm_domain` of every `.plist` file in the folder and its
/// subfolders (hidden ones, and folders reached through symbolic links, are skipped; at most
/// ``maximumDepth`` deep), which costs a parse of each; so with a ``ManifestCache`` it is kept
/// there, with the identity (device, inode and modification time) of the folder and of each
/// subfolder, and made again only when a file is added to one of them, removed or renamed. A
/// file edited in place to claim another domain is seen once its folder changes (editors that
/// save by renaming change it at once), or with `PREFS_NO_CACHE`.
struct ManifestFolderIndex {
    /// The files (their paths below the folder) that claim to be the manifest of each domain,
    /// but `DOMAIN.plist` at the top, best first: files named `DOMAIN.plist` in a subfolder,
    /// then the others, each by path. A file in a subfolder without `pfm_domain` claims the
    /// domain it is named after. Each is only a claim: ``ManifestSearchPath`` takes the first
    /// it can trust as it is now, so a file planted where others may write cannot hide one
    /// that the folder's owner installed.
    let files: [String: [String]]

    /// How deep below the folder manifests are looked for.
    static let maximumDepth = 8

    /// The index of `folder`, from `cache` when it holds one of the folder as it is now (and
    /// not `rescanning`), else made and kept there; empty when the folder does not exist or
    /// cannot be listed.
    ///
    /// - Complexity: O(*n*) in the number of entries and subfolders when kept; else O(*n*) in
    ///   the size of the folder's manifests.
    init(of folder: String, cache: ManifestCache?, rescanning: Bool = false) {
        guard let identity = ManifestCache.identity(of: folder, type: S_IFDIR) else {
            files = [:]
            return
        }
        // Named after the folder's path with a slash, which no manifest file's path ends in.
        let name = ManifestCache.fileName(for: folder + "/")
        if let cache, !rescanning, case .dictionary(let kept)? = cache.load(name, path: folder, identity: identity)?["value"],
            let files = Self.files(kept, in: folder)
        {
            self.files = files
            return
        }
        let scan = Self.scan(folder)
        files = scan.files
        var kept = PropertyListDictionary()
        var keptFiles = PropertyListDictionary()
        for (domain, claims) in files { keptFiles[domain] = .array(claims.map { .string($0) }) }
        kept["files"] = .dictionary(keptFiles)
        kept["folders"] = .array(scan.folders.map { .array([.string($0.path)] + $0.identity) })
        cache?.store(.dictionary(kept), as: name, path: folder, type: S_IFDIR, identity: identity)
    }

    /// The file paths of a kept index, `nil` when any subfolder it was made from has changed
    /// since, or it holds anything but strings that name files below the folder.
    private static func files(_ kept: PropertyListDictionary, in folder: String) -> [String: [String]]? {
        guard case .dictionary(let keptFiles)? = kept["files"], case .array(let folders)? = kept["folders"] else { return nil }
        for entry in folders {
            guard case .array(let parts) = entry, case .string(let path)? = parts.first, isBelow(path),
                ManifestCache.identity(of: folder + "/" + path, type: S_IFDIR) == Array(parts.dropFirst())
            else { return nil }
        }
        var files: [String: [String]] = [:]
        for domain in keptFiles.keys {
            guard case .array(let claims)? = keptFiles[domain] else { return nil }
            var paths: [String] = []
            for claim in claims {
                guard let file = claim.stringValue, isBelow(file) else { return nil }
                paths.append(file)
            }
            files[domain] = paths
        }
        return files
    }

    /// Whether `path` names something below a folder: relative, without `.` or `..` components.
    private static func isBelow(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && !components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// What a scan found: the claimed files, and each subfolder with its identity.
    private struct Scan {
        /// The files named after the domain they claim, by path.
        var named: [String: [String]] = [:]
        /// The other claims, by path.
        var claimedOnly: [String: [String]] = [:]
        var folders: [(path: String, identity: [PropertyList])] = []

        /// Every domain's claims, best first.
        var files: [String: [String]] { named.merging(claimedOnly) { $0 + $1 } }
    }

    /// Reads the `pfm_domain` of each `.plist` file below `folder` but `DOMAIN.plist` at the
    /// top; a file that does not read as a property list, or names no domain, is left out.
    private static func scan(_ folder: String) -> Scan {
        var scan = Scan()
        scanFolder(folder, below: "", depth: 0, into: &scan)
        return scan
    }

    private static func scanFolder(_ folder: String, below relative: String, depth: Int, into scan: inout Scan) {
        guard let entries = folderEntries(folder) else { return }
        var subfolders: [String] = []
        for file in entries.names.sorted() where !file.hasPrefix(".") {
            let path = folder + "/" + file
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let isLink = status.st_mode & S_IFMT == S_IFLNK
            if isLink { guard stat(path, &status) == 0 else { continue } }
            if status.st_mode & S_IFMT == S_IFDIR {
                if !isLink && depth < maximumDepth { subfolders.append(file) }
                continue
            }
            guard file.hasSuffix(".plist"), status.st_mode & S_IFMT == S_IFREG else { continue }
            let root: PropertyList
            do {
                root = try PropertyListReader().read(contentsOf: path, rootKey: "pfm_domain")
            } catch {
                continue  // not a manifest of any domain; an error only when named after one
            }
            let named = String(file.dropLast(".plist".count))
            let claimed = root.dictionaryValue?["pfm_domain"]?.stringValue
            guard let domain = claimed ?? (depth > 0 ? named : nil), depth > 0 || file != domain + ".plist" else { continue }
            let entry = relative.isEmpty ? file : relative + "/" + file
            if named == domain { scan.named[domain, default: []].append(entry) } else { scan.claimedOnly[domain, default: []].append(entry) }
        }
        for subfolder in subfolders {
            let path = folder + "/" + subfolder
            let entry = relative.isEmpty ? subfolder : relative + "/" + subfolder
            guard let identity = ManifestCache.identity(of: path, type: S_IFDIR) else { continue }
            scan.folders.append((entry, identity))
            scanFolder(path, below: entry, depth: depth + 1, into: &scan)
        }
    }
}
