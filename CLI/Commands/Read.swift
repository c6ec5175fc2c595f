import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs read [DOMAIN [KEY]]`: prints preferences.
    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "read",
            abstract: "Print every domain, a domain, or one value.",
            discussion: """
                With no DOMAIN, prints every domain. With a KEY (or --key-path a.b.0), prints that value: \
                a scalar prints bare, as defaults prints it, and write with the type's flag takes it back: \
                a string as is, a number (1 for a whole real), a Boolean 1 or 0, a date 2024-02-29 12:34:56 +0000, \
                data {length = 2, bytes = 0x0a0b} with every byte. \
                A key not stored prints the default of the domain's installed manifest, if any (see prefs describe). \
                Exits 1 when the domain or key does not exist.
                """
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var format: OutputFormat

        @OptionGroup var key: KeyPathOption

        @Flag(help: "Print only what the domain stores, not the manifest's default for a key it lacks.")
        var stored = false

        @Flag(name: .customLong("show-origin"), help: "Print the file the value comes from (file:PATH and a tab) before it, as git config --show-origin does.")
        var showOrigin = false

        @Argument(
            help: .domainAndKey,
            completion: Completions.domainThenKey)
        var words: [String] = []

        func run() throws {
            try ReadRequest(
                location: try store.location(), words: words, keyPath: key.keyPath, format: format.format, storedOnly: stored,
                showOrigin: showOrigin
            ).perform()
        }
    }
}

/// What `prefs read` does, apart from parsing its command line.
struct ReadRequest {
    var location = StoreLocation()
    /// The domain (unless the location names the target) and the key.
    var words: [String]
    var keyPath: String? = nil
    var format = ValueFormat.text
    /// `--stored`: no fallback to the manifest's defaults.
    var storedOnly = false
    /// `--show-origin`: print `file:PATH` and a tab before the value.
    var showOrigin = false

    func perform() throws {
        if words.isEmpty, !location.namesTarget {
            guard keyPath == nil else { throw CLIError(.usage, "--key-path needs a DOMAIN (or -g, or --file PATH)") }
            try printEverything()
            return
        }
        var rest = words[...]
        let target = try location.target(&rest)
        let path = try KeyPathOption.path(keyPath, from: rest)
        guard let path else {
            guard !showOrigin else { throw CLIError(.usage, "--show-origin needs a KEY (or --key-path)") }
            // An administrator's defaults in the system folders show below the user's values.
            let list = target.searchList(.domainFiles)
            guard let merged = try list.merged({ (layer) throws(PreferenceError) in try list.values(of: layer) }) else {
                _ = try target.read()
                return
            }
            try format.print(.dictionary(merged))
            return
        }
        if storedOnly {
            guard let value = path.value(in: try target.read(key: path.components[0])) else {
                throw CLIError(.notFound, "the key \(path) does not exist in \(target.name)")
            }
            if showOrigin { Output.write("file:" + TextEscaper.field.escaped(target.file.path) + "\t") }
            try format.print(value)
            return
        }
        // The value the domain's program sees: the first layer of its search list that has it,
        // down to the installed manifest's default, as UserDefaults falls back to its
        // registration domain.
        let list = target.searchList(.full)
        var manifestPath = ""
        let found = try list.first { (layer) throws(PreferenceError) -> PropertyList? in
            guard case .manifest = layer else { return try list.values(of: layer, key: path.components[0]).flatMap(path.value(in:)) }
            let manifest = try target.installedManifest()
            manifestPath = manifest?.path ?? ""
            return manifest?.defaultValue(at: path.components)
        }
        // Consumed, not copied: a copy of the optional tuple has the runtime build its type
        // metadata from its mangled name, which every `prefs read` would pay for.
        if let (value, layer) = consume found {
            if showOrigin { Output.write(TextEscaper.field.escaped(list.origin(of: layer).map { "file:" + $0 } ?? "manifest:" + manifestPath) + "\t") }
            try format.print(value)
            return
        }
        _ = try target.read(key: path.components[0])  // names a missing domain
        throw CLIError(.notFound, "the key \(path) does not exist in \(target.name)")
    }

    private func printEverything() throws {
        let folder = try location.folder()
        let host = try location.host.id(in: PreferencesEnvironment.process)
        var everything = PropertyListDictionary()
        for name in try folder.domainNames(host: host, notices: Output.notices) {
            if let dictionary = try folder.file(for: DomainName(name), host: host).read() {
                everything[name] = .dictionary(dictionary)
            }
        }
        try format.print(.dictionary(everything))
    }
}
