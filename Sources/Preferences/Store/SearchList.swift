import PropertyLists

/// The places a domain's values are looked up, highest precedence first, as CFPreferences
/// searches them: the argument domain, the domain's values for this host (ByHost), its file,
/// the administrator's files of the domain, the same for the global domain, the registered
/// defaults, and the defaults of the domain's installed manifest.
///
/// ```swift
/// let list = SearchList(domain: try DomainName("com.example.editor"), folder: folder, systemFolders: [])
/// for layer in list.layers { print(list.origin(of: layer) ?? "manifest") }
/// ```
///
/// It is one value for every reader: ``PreferenceStore`` answers lookups, origins, its merged
/// dictionary and the folders it watches from it, and so does `prefs read`. It holds no values:
/// each caller reads a layer its own way (a store from its cache, the command line one key of
/// a file) and hands the result to ``first(_:)`` or ``merged(_:)``.
package struct SearchList: Sendable {
    /// One place of a search list.
    package enum Layer: Sendable {
        /// The values given on the command line as `-key value` pairs.
        case arguments
        /// A file of the user's values: a domain's file in the user's folder, or a lone file.
        case user(DomainFile)
        /// An administrator's file of a domain: only ever read, and passed over, with a
        /// warning, when it is not safe to trust or the user may not read it.
        case administrator(DomainFile)
        /// The values registered in memory (``PreferenceStore/register(defaults:)``).
        case registered
        /// The defaults of the domain's installed manifest (``Manifest``).
        case manifest

        /// The layer's file, or `nil` for the layers held in memory.
        package var file: DomainFile? {
            switch self {
            case .user(let file), .administrator(let file): file
            case .arguments, .registered, .manifest: nil
            }
        }
    }

    /// Which layers a search list has.
    package enum Scope: Sendable {
        /// Every layer a program reading its domain sees.
        case full
        /// Only the domain's own files: what `prefs read DOMAIN` prints.
        case domainFiles
    }

    /// The layers, highest precedence first.
    package let layers: [Layer]
    /// Told when an administrator's file is passed over; `nil` drops the warnings.
    package let notices: NoticeHandler?

    /// The search list of `domain`.
    ///
    /// - Parameters:
    ///   - folder: The user's folder of domains.
    ///   - systemFolders: The administrator's folders, highest precedence first.
    ///   - host: The id of the host whose ByHost values of each domain come before its values
    ///     for any host (``PreferencesEnvironment/currentHost``), in the `.full` scope.
    ///   - scope: Which layers to include.
    ///   - notices: Told when an administrator's file is passed over.
    package init(
        domain: DomainName, folder: PreferencesFolder, systemFolders: [PreferencesFolder], host: String? = nil,
        scope: Scope = .full, notices: NoticeHandler? = nil
    ) {
        var layers: [Layer] = scope == .full ? [.arguments] : []
        func appendFiles(of name: DomainName) {
            if scope == .full, let host { layers.append(.user(folder.file(for: name, host: host))) }
            layers.append(.user(folder.file(for: name)))
            for systemFolder in systemFolders {
                var file = systemFolder.file(for: name)
                file.isShared = true
                layers.append(.administrator(file))
            }
        }
        appendFiles(of: domain)
        if scope == .full && domain != .global { appendFiles(of: .global) }
        if scope == .full {
            layers.append(.registered)
            layers.append(.manifest)
        }
        self.layers = layers
        self.notices = notices
    }

    /// The search list of a lone file (or of one host's values of a domain): the file alone.
    package init(file: DomainFile) {
        layers = [.user(file)]
        notices = nil
    }

    /// The files of the search list, in order.
    package var files: [DomainFile] { layers.compactMap(\.file) }

    /// The folders whose changes can change what the search list gives, each once.
    package var folders: [String] {
        var seen: Set<String> = []
        return files.map(\.folderPath).filter { seen.insert($0).inserted }
    }

    /// The first value a layer gives, and that layer.
    ///
    /// - Parameter value: What a layer gives, `nil` when it gives nothing.
    /// - Throws: What `value` throws.
    /// - Complexity: One call of `value` per layer, until one gives a value.
    package func first<Value>(_ value: (Layer) throws(PreferenceError) -> Value?) throws(PreferenceError) -> (value: Value, layer: Layer)? {
        for layer in layers {
            if let found = try value(layer) { return (found, layer) }
        }
        return nil
    }

    /// The layers' dictionaries merged, each key's value from the first layer that has it;
    /// `nil` when no layer gives a dictionary.
    ///
    /// - Parameter values: The dictionary a layer gives, `nil` when it gives none.
    /// - Throws: What `values` throws.
    package func merged(_ values: (Layer) throws(PreferenceError) -> PropertyListDictionary?) throws(PreferenceError) -> PropertyListDictionary? {
        var result: PropertyListDictionary? = nil
        for layer in layers.reversed() {
            guard let dictionary = try values(layer) else { continue }
            if result == nil { result = dictionary } else { for (key, value) in dictionary { result![key] = value } }
        }
        return result
    }

    /// How an origin names a layer: `command line`, the file's path, or `registered defaults`;
    /// `nil` for ``Layer/manifest``, which the manifest's path names.
    package func origin(of layer: Layer) -> String? {
        switch layer {
        case .arguments: "command line"
        case .user(let file), .administrator(let file): file.path
        case .registered: "registered defaults"
        case .manifest: nil
        }
    }

    /// What the file of `layer` holds: all of it, or with `key` at most the entry under it.
    /// An administrator's file that is not safe to trust (another user's, or one others may
    /// write) or that the user may not read gives nothing, and ``notices`` is told.
    ///
    /// - Returns: The values, or `nil` for a layer without a file or whose file is missing.
    /// - Throws: ``PreferenceError`` as ``DomainFile/read()`` throws it, for the user's files
    ///   and for an administrator's file that does not read as a property list.
    package func values(of layer: Layer, key: String? = nil) throws(PreferenceError) -> PropertyListDictionary? {
        switch layer {
        case .arguments, .registered, .manifest:
            return nil
        case .user(let file):
            return try Self.read(file, key: key)
        case .administrator(let file):
            do {
                return try Self.read(file, key: key)
            } catch  where error.code == .untrusted || error.cause == .permissionDenied {
                notices?(PreferenceNotice(.warning, "\(error.message); the administrator's values in \(file.path) are passed over"))
                return nil
            }
        }
    }

    private static func read(_ file: DomainFile, key: String?) throws(PreferenceError) -> PropertyListDictionary? {
        if let key { return try file.read(key: key) }
        return try file.read()
    }
}
