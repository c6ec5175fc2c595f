import PropertyLists

/// The administrator's defaults: each domain's files in the ``PreferenceStore/systemFolders``.
extension PreferenceStore {
    /// The name the system layers of `name` have in the cache; no domain name holds a NUL.
    static func systemLayerName(of name: String) -> String { "\u{0}system:" + name }

    /// The values of `name` in the system folders, the first folder's winning, or `nil` when
    /// none has a file.
    ///
    /// - Throws: `.unreadable` when a system file does not read.
    func systemValues(of name: DomainName) throws(PreferenceError) -> PropertyListDictionary? {
        guard !systemFolders.isEmpty else { return nil }
        let (snapshot, epoch, isWatched) = cache.snapshot(Self.systemLayerName(of: name.rawValue))
        if isWatched, let snapshot { return snapshot.dictionary }
        var merged: PropertyListDictionary? = nil
        for folder in systemFolders.reversed() {
            let file = DomainFile(path: folder.path + "/" + name.fileName, domain: name.rawValue)
            guard let values = try file.read() else { continue }
            if merged == nil { merged = PropertyListDictionary() }
            for (key, value) in values { merged![key] = value }
        }
        // Without a watch the files are read again each time: a version per folder would be
        // needed to tell, and the watch starts at the second read anyway.
        if isWatched {
            cache.keep(SearchListCache.Snapshot(version: nil, dictionary: merged), of: Self.systemLayerName(of: name.rawValue), epoch: epoch)
        }
        return merged
    }

    /// Where the value of `key` comes from: `"command line"`, the path of the domain file or
    /// system file that holds it, or `"registered defaults"`; `nil` when no layer has it.
    ///
    /// ```swift
    /// try store.origin(ofKey: "fontSize")   // "/etc/xdg/prefs/com.example.editor.plist"
    /// ```
    ///
    /// - Throws: `.unreadable` when a file on the search list does not read.
    public func origin(ofKey key: String) throws(PreferenceError) -> String? {
        if argumentDomain[key] != nil { return "command line" }
        var names = [domain]
        if domain != .global { names.append(.global) }
        for name in names {
            if try persistentDomain(forName: name.rawValue)?[key] != nil { return folder.file(for: name).path }
            for system in systemFolders {
                let file = DomainFile(path: system.path + "/" + name.fileName, domain: name.rawValue)
                if try file.read(key: key)?[key] != nil { return file.path }
            }
        }
        return cache.registered[key] != nil ? "registered defaults" : nil
    }
}
