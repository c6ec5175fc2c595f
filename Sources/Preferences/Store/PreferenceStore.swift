import PropertyLists
import Synchronization

/// Preferences for Linux programs, used like `UserDefaults`: named domains of typed values in
/// XML property list files, shared safely between processes.
///
/// ```swift
/// let store = try PreferenceStore(domain: "com.example.editor")
/// store.register(defaults: ["fontSize": 12])
/// try store.set(14, forKey: "fontSize")
/// let size = try store.integer(forKey: "fontSize")   // 14
/// ```
///
/// Lookups go through the search list: the argument domain (`-key value` on the command line),
/// the store's domain, its files in the read-only ``systemFolders``, the global domain
/// (``DomainName/global``) and its system files, then registered defaults.
///
/// Unlike `UserDefaults`, every access can throw: a domain file that does not read is reported
/// (and never overwritten), and a failed write is an error, not a silent loss. Each change is
/// written at once, durably, as a locked read-modify-write of the file, so concurrent writers of
/// different keys never lose an update. A change made through any store of this process is seen
/// by the next read; once a store reads a domain a second time it watches its folder (inotify),
/// so a warm read makes no system call and another process's change is seen within milliseconds.
public final class PreferenceStore: Sendable {
    /// The store's domain.
    public let domain: DomainName
    /// The folder holding the domain files.
    public let folder: PreferencesFolder
    /// The read-only folders of an administrator's defaults, searched below each domain, highest
    /// precedence first (``PreferencesFolder/systemFolders()`` by default).
    public let systemFolders: [PreferencesFolder]
    /// The cache's names of the search list's files, in the order they are searched.
    private let layerNames: [String]
    /// The values given on the command line, which take precedence over every domain.
    public let argumentDomain: PropertyListDictionary
    /// The domain's installed manifest: its defaults come after registered ones, and ``set(_:forKey:)``
    /// refuses values that break it.
    public let manifest: Manifest?
    /// Why ``standard`` could not be set up, thrown by its first use; `nil` for a working store.
    let setupError: PreferenceError?
    /// The registration domain, the parsed domain files and the observers.
    let cache = SearchListCache()
    /// The watch on ``folder`` that keeps ``cache`` fresh, taken at the first warm read or the
    /// first observer: a program that reads once starts no watcher.
    private let watch = Mutex<WatchState>(.notStarted)

    private enum WatchState {
        case notStarted
        case watching([FolderWatcher.Token])
        case refused
    }

    /// Opens the store of a domain.
    ///
    /// - Parameters:
    ///   - domain: The domain name, such as `com.example.editor`.
    ///   - folder: Where domain files live; ``PreferencesFolder/fromEnvironment()`` when `nil`.
    ///   - arguments: The command line whose `-key value` pairs form the argument domain; the
    ///     process's own arguments by default. The first element is the program and is skipped.
    ///   - systemFolders: Read-only folders of an administrator's defaults, searched below the
    ///     domain; ``PreferencesFolder/systemFolders()`` when `nil`, none when empty.
    ///   - manifests: Where the domain's manifest is installed; ``ManifestSearchPath/fromEnvironment()`` when `nil`.
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` for a bad domain name or when
    ///   no folder can be found, `.unreadable` when the installed manifest is malformed.
    public init(
        domain: String, folder: PreferencesFolder? = nil, arguments: [String] = CommandLine.arguments,
        systemFolders: [PreferencesFolder]? = nil, manifests: ManifestSearchPath? = nil
    ) throws(PreferenceError) {
        self.domain = try DomainName(domain)
        if let folder { self.folder = folder } else { self.folder = try PreferencesFolder.fromEnvironment() }
        argumentDomain = ArgumentDomain.parse(arguments)
        manifest = try (manifests ?? .fromEnvironment()).manifest(for: self.domain)
        let systemFolders = systemFolders ?? PreferencesFolder.systemFolders()
        self.systemFolders = systemFolders
        var names = [self.domain]
        if self.domain != .global { names.append(.global) }
        layerNames = names.flatMap { name in
            systemFolders.isEmpty ? [name.rawValue] : [name.rawValue, PreferenceStore.systemLayerName(of: name.rawValue)]
        }
        setupError = nil
    }

    /// A store that throws `setupError` from every call that reads or writes.
    init(failing setupError: PreferenceError) {
        domain = DomainName.global
        folder = PreferencesFolder(path: "/nonexistent")
        systemFolders = []
        layerNames = []
        argumentDomain = PropertyListDictionary()
        manifest = nil
        self.setupError = setupError
    }

    // MARK: Search list

    /// The value for `key` from the first domain of the search list that has one.
    ///
    /// - Throws: `.unreadable` when the domain or global file does not read.
    public func object(forKey key: String) throws(PreferenceError) -> PropertyList? {
        if let setupError { throw setupError }
        if !argumentDomain.isEmpty, let value = argumentDomain[key] { return value }
        if case .found(let value) = cache.lookup(key, layers: layerNames) { return value }
        if let value = try persistentValues(of: domain)?[key] { return value }
        if let value = try systemValues(of: domain)?[key] { return value }
        if domain != .global, let value = try persistentValues(of: .global)?[key] { return value }
        if domain != .global, let value = try systemValues(of: .global)?[key] { return value }
        return cache.registered[key] ?? manifest?.keys[key]?.defaultValue
    }

    /// Every value the search list resolves, as one dictionary.
    ///
    /// - Throws: `.unreadable` when the domain or global file does not read.
    public func dictionaryRepresentation() throws(PreferenceError) -> PropertyListDictionary {
        if let setupError { throw setupError }
        var result = manifest?.defaults ?? PropertyListDictionary()
        for (key, value) in cache.registered { result[key] = value }
        var layers = [try systemValues(of: domain), try persistentValues(of: domain), argumentDomain]
        if domain != .global { layers.insert(contentsOf: [try systemValues(of: .global), try persistentValues(of: .global)], at: 0) }
        for layer in layers {
            for (key, value) in layer ?? PropertyListDictionary() { result[key] = value }
        }
        return result
    }

    /// Adds values to the registration domain, the last place the search list looks.
    ///
    /// Registered values live in memory only; a value registered again replaces the old one.
    public func register(defaults: PropertyListDictionary) {
        cache.register(defaults)
    }

    /// Adds the values of a dictionary literal (`["fontSize": 12, "theme": "dark"]`) to the
    /// registration domain; a literal cannot fail, so this does not throw.
    public func register(defaults: [String: PropertyList]) {
        var dictionary = PropertyListDictionary(minimumCapacity: defaults.count)
        for (key, value) in defaults { dictionary[key] = value }
        register(defaults: dictionary)
    }

    /// Adds values to the registration domain.
    ///
    /// A dictionary literal takes the non-throwing overload instead.
    ///
    /// - Throws: `.invalidArgument` when a value has no property list form.
    @_disfavoredOverload
    public func register(defaults: [String: any PropertyListConvertible]) throws(PreferenceError) {
        var dictionary = PropertyListDictionary(minimumCapacity: defaults.count)
        for (key, value) in defaults { dictionary[key] = try value.propertyListValue() }
        register(defaults: dictionary)
    }

    // MARK: Writing

    /// Stores `value` under `key` in the store's domain; `nil` removes the key.
    ///
    /// A `Date` keeps whole seconds only (rounded down), the precision of `<date>`.
    ///
    /// - Throws: `.invalidArgument` for a value with no property list form (nothing is written),
    ///   `.manifestViolation` for one that breaks the domain's ``manifest`` (nothing is
    ///   written), `.unreadable` when the domain file does not read (it is left untouched),
    ///   `.writeFailed`, `.lockTimeout`.
    public func set(_ value: (any PropertyListConvertible)?, forKey key: String) throws(PreferenceError) {
        let plist = try value?.propertyListValue()
        try manifest?.enforce(plist, forKey: key)
        try update { $0[key] = plist }
    }

    /// Removes the value of `key` from the store's domain.
    ///
    /// - Throws: As ``set(_:forKey:)``: `.manifestViolation` for a key the domain's
    ///   ``manifest`` requires (`pfm_require`), and then nothing is written.
    public func removeObject(forKey key: String) throws(PreferenceError) {
        try set(nil, forKey: key)
    }

    /// Changes several values of the store's domain in one locked read-modify-write.
    ///
    /// `body` receives the domain as it is on disk now; what it leaves is written at once.
    ///
    /// - Returns: What `body` returns.
    /// - Throws: As ``set(_:forKey:)``, or what `body` throws (then nothing is written).
    @discardableResult
    public func update<Result>(_ body: (inout PropertyListDictionary) throws(PreferenceError) -> Result) throws(PreferenceError) -> Result {
        try updatePersistentDomain(domain) { (dictionary: inout PropertyListDictionary?) throws(PreferenceError) -> Result in
            let existed = dictionary != nil
            // Changed in place: a copy changed beside the original would copy a large domain whole.
            if !existed { dictionary = PropertyListDictionary() }
            let result = try body(&dictionary!)
            // A change that leaves a missing domain empty (removing a key that was never set)
            // creates no file.
            if !existed, dictionary!.isEmpty { dictionary = nil }
            return result
        }
    }

    // MARK: Persistent domains

    /// The names of the domains with files in ``folder``, sorted.
    public var persistentDomainNames: [String] {
        get throws(PreferenceError) {
            if let setupError { throw setupError }
            return try folder.domainNames()
        }
    }

    /// The values stored in a domain's file, or `nil` when it has none.
    ///
    /// - Throws: `.invalidArgument` for a bad name, `.unreadable` when the file does not read.
    public func persistentDomain(forName name: String) throws(PreferenceError) -> PropertyListDictionary? {
        try persistentValues(of: DomainName(name))
    }

    /// Replaces a domain's values with `values`.
    ///
    /// - Throws: As ``set(_:forKey:)``.
    public func setPersistentDomain(_ values: PropertyListDictionary, forName name: String) throws(PreferenceError) {
        try updatePersistentDomain(DomainName(name)) { $0 = values }
    }

    /// Removes a domain's file.
    ///
    /// - Throws: As ``set(_:forKey:)``.
    public func removePersistentDomain(forName name: String) throws(PreferenceError) {
        try updatePersistentDomain(DomainName(name)) { $0 = nil }
    }

    private func updatePersistentDomain<Result>(
        _ name: DomainName, _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        if let setupError { throw setupError }
        defer {
            // Every store of this process sees the change before this returns; other processes'
            // stores see it through their watch.
            cache.invalidate(.domains([name.rawValue]))
            FolderWatcher.shared.noteChange(of: name.rawValue, in: folder.path)
        }
        return try folder.file(for: name).update(body)
    }

    /// The domain's values, parsed again only when the file changed since the last read.
    private func persistentValues(of name: DomainName) throws(PreferenceError) -> PropertyListDictionary? {
        if let setupError { throw setupError }
        let file = folder.file(for: name)
        let (snapshot, epoch, isWatched) = cache.snapshot(name.rawValue)
        var version: DomainFile.Version? = nil
        if isWatched {
            if let snapshot { return snapshot.dictionary }
        } else {
            version = file.currentVersion()
            if let snapshot, snapshot.version == version {
                // A warm read: from now on the folder's watch tells when the file changes.
                startWatching()
                return snapshot.dictionary
            }
        }
        let dictionary = version == nil && !isWatched ? nil : try file.read()
        // The epoch was taken before reading: if the file changes while it is read, this parse
        // is not kept and the next lookup reads again.
        cache.keep(SearchListCache.Snapshot(version: version, dictionary: dictionary), of: name.rawValue, epoch: epoch)
        return dictionary
    }

    /// Watches ``folder`` so that the cache is invalidated by changes rather than checked on
    /// every read; when the kernel refuses a watch, reads go on checking the file's version.
    ///
    /// - Returns: Whether the folder and the system folders are watched.
    @discardableResult
    func startWatching() -> Bool {
        watch.withLock { watch in
            switch watch {
            case .watching: return true
            case .refused: return false
            case .notStarted:
                let cache = self.cache
                guard let token = FolderWatcher.shared.subscribe(folder: folder.path, handler: { cache.invalidate($0) }) else {
                    watch = .refused
                    return false
                }
                var tokens = [token]
                for system in systemFolders {
                    // A system folder's change is a change of the system layers of its domains.
                    let systemToken = FolderWatcher.shared.subscribe(folder: system.path) { change in
                        guard case .domains(let names) = change else { return cache.invalidate(.everything) }
                        cache.invalidate(.domains(Set(names.map(PreferenceStore.systemLayerName(of:)))))
                    }
                    guard let systemToken else {
                        watch = .refused
                        return false
                    }
                    tokens.append(systemToken)
                }
                watch = .watching(tokens)
                cache.startWatching()
                return true
            }
        }
    }
}
