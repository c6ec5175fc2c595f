import Preferences
import PropertyLists

/// The administrator's defaults `prefs read` shows below a domain: the domain's files in the
/// system folders (`$XDG_CONFIG_DIRS/prefs`, else `/etc/xdg/prefs`), highest precedence first.
/// They are only ever read; writes go to the user's domain.
struct SystemLayers {
    /// The domain's files in the system folders; none for `--file`.
    let files: [DomainFile]

    init(of target: Target) {
        guard target.folder != nil else {
            files = []
            return
        }
        let fileName = target.file.path.split(separator: "/").last.map(String.init) ?? target.file.path
        files = PreferencesFolder.systemFolders().map { DomainFile(path: $0.path + "/" + fileName, domain: target.name) }
    }

    /// The value at `path` and the file it comes from: the user's domain first, then each system file.
    ///
    /// - Returns: `nil` when no file holds it.
    func value(at path: PropertyListKeyPath, in target: Target) throws -> (value: PropertyList, origin: String)? {
        for file in [target.file] + files {
            if let dictionary = try file.read(key: path.components[0]), let value = path.value(in: dictionary) {
                return (value, file.path)
            }
        }
        return nil
    }

    /// The domain with the system files' values below the user's, or `nil` when none has a file.
    func merged(with target: Target) throws -> PropertyListDictionary? {
        var result: PropertyListDictionary? = nil
        for file in (files.reversed() + [target.file]) {
            guard let values = try file.read() else { continue }
            if result == nil { result = PropertyListDictionary() }
            for (key, value) in values { result![key] = value }
        }
        return result
    }
}
