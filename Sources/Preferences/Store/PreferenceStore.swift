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
/// Lookups go through the domain's search list: the argument domain (`-key value` on the command
/// line), the store's domain for this host (ByHost) when the store is for the current host or
/// a named one, the store's domain, its files in the read-only ``systemFolders``, the same for
/// the global domain (``DomainName/global``), then registered defaults and the defaults of the
/// domain's installed manifest.
///
/// Unlike `UserDefaults`, every access can throw: a domain file that does not read is reported
/// (and never overwritten), and a failed write is an error, not a silent loss. Each change is
/// written at once, durably, as a locked read-modify-write of the file, so concurrent writers of
/// different keys never lose an update. A change made through any store of this process is seen
/// by the next read; once a store reads a domain a second time it watches its folders (inotify),
/// so a warm read makes no system call and another process's change is seen within milliseconds.
/// The store never prints: what it has to say that is no error goes to the ``NoticeHandler`` its
/// creator gives.
public final class PreferenceStore: Sendable {
    /// The store's domain.
    public let domain: DomainName
    /// Whose values of the domain the store writes: for any host, or for one host (ByHost).
    public let host: HostScope
    /// The id of ``host``, `nil` for any host.
    private let hostID: String?
    /// The folder holding the domain files.
    public let folder: PreferencesFolder
    /// The read-only folders of an administrator's defaults, searched below each domain, highest
    /// precedence first (``PreferencesEnvironment/systemFolders`` by default).
    public let systemFolders: [PreferencesFolder]
    /// Where lookups go, in order.
    package let searchList: SearchList
    /// The values given on the command line, which take precedence over every domain.
    public let argumentDomain: PropertyListDictionary
    /// The domain's installed manifest: its defaults come after registered ones, and ``set(_:forKey:)-(PropertyList?,_)``
    /// refuses values that break it.
    public let manifest: Manifest?
    /// The environment the store was made with; writes take their lock timeout from it.
    public let environment: PreferencesEnvironment
    /// Told what the store did or found that is no failure; `nil` drops it.
    public let notices: NoticeHandler?
    /// The paths of the search list's files, in order, for the cache's warm lookups.
    private let filePaths: [String]
    /// Why ``standard`` could not be set up, thrown by its first use; `nil` for a working store.
    let setupError: PreferenceError?
    /// The registration domain, the parsed domain files and the observers.
    let cache = SearchListCache()
    /// The watch on the search list's folders that keeps ``cache`` fresh, taken at the first
    /// warm read or the first observer: a program that reads once starts no watcher.
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
    ///   - folder: Where domain files live; `environment`'s ``PreferencesEnvironment/preferencesFolder()`` when `nil`.
    ///   - arguments: The command line whose `-key value` pairs form the argument domain; the
    ///     process's own arguments by default. The first element is the program and is skipped.
    ///   - systemFolders: Read-only folders of an administrator's defaults, searched below the
    ///     domain; `environment`'s ``PreferencesEnvironment/systemFolders`` when `nil`, none when empty.
    ///   - manifests: Where the domain's manifest is installed; `environment`'s
    ///     ``PreferencesEnvironment/manifestSearchPath`` when `nil`.
    ///   - host: Whose values the store writes: the domain's for any host, or its ByHost values
    ///     for this machine or a named host. Reads see the host's values first either way (this
    ///     machine's for ``HostScope/any``), then the values for any host.
    ///   - environment: Where the defaults above come from; the process's environment now by default.
    ///   - notices: Told what the store did or found that is no failure, such as an
    ///     administrator's file or an installed manifest passed over because others may change it.
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` for a bad domain name or host,
    ///   or when no folder can be found, `.unreadable` when the installed manifest is malformed.
    public init(
        domain: String, folder: PreferencesFolder? = nil, arguments: [String] = CommandLine.arguments,
        systemFolders: [PreferencesFolder]? = nil, manifests: ManifestSearchPath? = nil, host: HostScope = .any,
        environment: PreferencesEnvironment = PreferencesEnvironment(), notices: NoticeHandler? = nil
    ) throws(PreferenceError) {
        self.domain = try DomainName(domain)
        self.host = host
        hostID = try host.id(in: environment)
        if let folder { self.folder = folder } else { self.folder = try environment.preferencesFolder() }
        argumentDomain = ArgumentDomain.parse(arguments)
        manifest = try (manifests ?? environment.manifestSearchPath).manifest(for: self.domain, notices: notices)
        self.systemFolders = systemFolders ?? environment.systemFolders
        self.environment = environment
        self.notices = notices
        searchList = SearchList(
            domain: self.domain, folder: self.folder, systemFolders: self.systemFolders, host: hostID ?? environment.currentHost,
            notices: notices)
        filePaths = searchList.files.map(\.path)
        setupError = nil
    }

    /// A store that throws `setupError` from every call that reads or writes.
    init(failing setupError: PreferenceError) {
        domain = DomainName.global
        folder = PreferencesFolder(path: "/nonexistent")
        host = .any
        hostID = nil
        systemFolders = []
        searchList = SearchList(file: DomainFile(path: "/nonexistent"))
        filePaths = []
        argumentDomain = PropertyListDictionary()
        manifest = nil
        environment = PreferencesEnvironment([:])
        notices = nil
        self.setupError = setupError
    }

    // MARK: Search list

    /// The value for `key` from the first layer of the search list that has one.
    ///
    /// - Throws: `.unreadable` when a file of the search list does not read.
    public func object(forKey key: String) throws(PreferenceError) -> PropertyList? {
        if let setupError { throw setupError }
        if !argumentDomain.isEmpty, let value = argumentDomain[key] { return value }
        if case .found(let value) = cache.lookup(key, files: filePaths) { return value ?? manifest?.keys[key]?.defaultValue }
        return try searchList.first { (layer) throws(PreferenceError) in try value(forKey: key, in: layer) }?.value
    }

    /// Every value the search list resolves, as one dictionary.
    ///
    /// - Throws: `.unreadable` when a file of the search list does not read.
    public func dictionaryRepresentation() throws(PreferenceError) -> PropertyListDictionary {
        if let setupError { throw setupError }
        return try searchList.merged(values(in:)) ?? PropertyListDictionary()
    }

    /// Where the value of `key` comes from: `"command line"`, the path of the domain file or
    /// system file that holds it, `"registered defaults"`, or the path of the installed manifest
    /// whose default it is; `nil` when no layer has it.
    ///
    /// ```swift
    /// try store.origin(ofKey: "fontSize")   // "/etc/xdg/prefs/com.example.editor.plist"
    /// ```
    ///
    /// - Throws: `.unreadable` when a file on the search list does not read.
    public func origin(ofKey key: String) throws(PreferenceError) -> String? {
        if let setupError { throw setupError }
        guard let layer = try searchList.first({ (layer) throws(PreferenceError) in try value(forKey: key, in: layer) })?.layer else { return nil }
        return searchList.origin(of: layer) ?? manifest?.path
    }

    /// The value of `key` in one layer of the search list.
    private func value(forKey key: String, in layer: SearchList.Layer) throws(PreferenceError) -> PropertyList? {
        switch layer {
        case .manifest: manifest?.keys[key]?.defaultValue
        default: try values(in: layer)?[key]
        }
    }

    /// The values of one layer of the search list; a file's parsed again only when it changed
    /// since the last read.
    func values(in layer: SearchList.Layer) throws(PreferenceError) -> PropertyListDictionary? {
        switch layer {
        case .arguments: argumentDomain
        case .registered: cache.registered
        case .manifest: manifest?.defaults
        case .user, .administrator: try cachedValues(of: layer)
        }
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
    @_disfavoredOverload
    public func set(_ value: (any PropertyListConvertible)?, forKey key: String) throws(PreferenceError) {
        try set(value?.propertyListValue(), forKey: key)
    }

    /// Stores a property list value under `key` in the store's domain; `nil` removes the key.
    ///
    /// Literals take this overload, so a literal that mixes types is one value:
    ///
    /// ```swift
    /// try store.set(["columns": 3, "names": ["a", "b"], "visible": true], forKey: "panel")
    /// ```
    ///
    /// - Throws: `.manifestViolation` for a value that breaks the domain's ``manifest``
    ///   (nothing is written), `.unreadable` when the domain file does not read (it is left
    ///   untouched), `.writeFailed`, `.lockTimeout`.
    public func set(_ value: PropertyList?, forKey key: String) throws(PreferenceError) {
        try manifest?.enforce(value, forKey: key)
        try update { $0[key] = value }
    }

    /// Removes the value of `key` from the store's domain.
    ///
    /// - Throws: As ``set(_:forKey:)-(PropertyList?,_)``: `.manifestViolation` for a key the domain's
    ///   ``manifest`` requires (`pfm_require`), and then nothing is written.
    public func removeObject(forKey key: String) throws(PreferenceError) {
        try set(nil, forKey: key)
    }

    /// Changes several values of the store's domain in one locked read-modify-write.
    ///
    /// `body` receives the domain as it is on disk now; what it leaves is written at once.
    ///
    /// - Returns: What `body` returns.
    /// - Throws: As ``set(_:forKey:)-(PropertyList?,_)``, or what `body` throws (then nothing is written).
    @discardableResult
    public func update<Result>(_ body: (inout PropertyListDictionary) throws(PreferenceError) -> Result) throws(PreferenceError) -> Result {
        try updatePersistentDomain(domain, host: hostID) { (dictionary: inout PropertyListDictionary?) throws(PreferenceError) -> Result in
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
    ///
    /// A file whose name names no domain is passed over, with a notice.
    ///
    /// - Throws: `.unreadable` when ``folder`` exists but cannot be listed (its ``PreferenceError/cause``
    ///   says why: `EACCES`, `ENOTDIR`, `EMFILE`, …), or, for ``standard``, the error of its
    ///   setup. A missing folder holds no domains and is no error.
    public var persistentDomainNames: [String] {
        get throws(PreferenceError) {
            if let setupError { throw setupError }
            return try folder.domainNames(notices: notices)
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
    /// - Throws: As ``set(_:forKey:)-(PropertyList?,_)``.
    public func setPersistentDomain(_ values: PropertyListDictionary, forName name: String) throws(PreferenceError) {
        try updatePersistentDomain(DomainName(name)) { $0 = values }
    }

    /// Removes a domain's file.
    ///
    /// - Throws: As ``set(_:forKey:)-(PropertyList?,_)``.
    public func removePersistentDomain(forName name: String) throws(PreferenceError) {
        try updatePersistentDomain(DomainName(name)) { $0 = nil }
    }

    private func updatePersistentDomain<Result>(
        _ name: DomainName, host: String? = nil, _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        if let setupError { throw setupError }
        var file = folder.file(for: name, host: host)
        file.notices = notices
        defer {
            // Every store of this process sees the change before this returns; other processes'
            // stores see it through their watch.
            cache.invalidate([file.path])
            FolderWatcher.shared.noteChange(of: String(file.fileName.dropLast(".plist".count)), in: file.folderPath)
        }
        return try file.update(lockTimeout: environment.lockTimeout(), body)
    }

    /// The values the store's own file holds: its domain's for its ``host``, without the rest
    /// of the search list; `nil` when there is no file.
    ///
    /// - Throws: `.unreadable` when the file does not read.
    public func storedValues() throws(PreferenceError) -> PropertyListDictionary? {
        if let setupError { throw setupError }
        return try cachedValues(of: .user(folder.file(for: domain, host: hostID)))
    }

    /// The values of the domain `name` in the user's folder.
    private func persistentValues(of name: DomainName) throws(PreferenceError) -> PropertyListDictionary? {
        if let setupError { throw setupError }
        return try cachedValues(of: .user(folder.file(for: name)))
    }

    /// The values of a file layer, parsed again only when the file changed since the last read.
    private func cachedValues(of layer: SearchList.Layer) throws(PreferenceError) -> PropertyListDictionary? {
        guard let file = layer.file else { return nil }
        let (snapshot, epoch, isWatched) = cache.snapshot(file.path)
        var version: DomainFile.Version? = nil
        if isWatched {
            if let snapshot { return snapshot.dictionary }
        } else {
            version = file.currentVersion()
            if let snapshot, snapshot.version == version {
                // A warm read: from now on the folders' watch tells when the file changes.
                startWatching()
                return snapshot.dictionary
            }
        }
        let dictionary = version == nil && !isWatched ? nil : try searchList.values(of: layer)
        // The epoch was taken before reading: if the file changes while it is read, this parse
        // is not kept and the next lookup reads again.
        cache.keep(SearchListCache.Snapshot(version: version, dictionary: dictionary), of: file.path, epoch: epoch)
        return dictionary
    }

    /// Watches the search list's folders so that the cache is invalidated by changes rather
    /// than checked on every read; when the kernel refuses a watch, or the watch stops, reads go
    /// on checking the files' versions.
    ///
    /// - Returns: Whether the folders are watched.
    @discardableResult
    func startWatching() -> Bool {
        watch.withLock { watch in
            switch watch {
            case .watching: return cache.isWatched
            case .refused: return false
            case .notStarted:
                let cache = self.cache
                var tokens: [FolderWatcher.Token] = []
                for folder in searchList.folders {
                    let token = FolderWatcher.shared.subscribe(folder: folder) { change in
                        switch change {
                        case .domains(let names): cache.invalidate(Set(names.map { folder + "/" + $0 + ".plist" }))
                        case .everything: cache.invalidate(nil)
                        case .stopped: cache.stopWatching()
                        }
                    }
                    guard let token else {
                        watch = .refused
                        return false
                    }
                    tokens.append(token)
                }
                watch = .watching(tokens)
                cache.startWatching()
                return true
            }
        }
    }
}
