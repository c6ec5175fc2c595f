import ArgumentParser
import Preferences
import PropertyLists

/// Where a command reads and writes: a domain in the preferences folder, the global domain, or
/// any property list file. Shared by every command that takes a domain.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Use this folder of domains instead of $PREFS_HOME.", valueName: "dir"), completion: .directory)
    var root: String?

    @Option(
        help: ArgumentHelp("Work on this property list file instead of a domain (leave DOMAIN out; not with --root or -g).", valueName: "path"),
        completion: .file())
    var file: String?

    @Flag(
        name: [.customShort("g"), .customLong("global"), .customLong("globalDomain", withSingleDash: true)],
        help: "Work on the global domain, NSGlobalDomain (leave DOMAIN out).")
    var global = false

    func validate() throws {
        if root == "" { throw ValidationError("--root needs a folder; an empty path names none") }
        if file == "" { throw ValidationError("--file needs a file; an empty path names none") }
        if file != nil && global { throw ValidationError("--file and -g name two different targets; give one") }
        if file != nil && root != nil { throw ValidationError("--file names a file outside any folder of domains, so --root does not apply; give one") }
    }

    /// The parsed options.
    var location: StoreLocation { StoreLocation(root: root, file: file, global: global) }
}

/// Where a command works, as ``StoreOptions`` parsed it (or the fast path in ``Prefs/main()``
/// took it from a plain command line).
struct StoreLocation {
    /// `--root`: the folder of domains.
    var root: String? = nil
    /// `--file`: a property list file instead of a domain.
    var file: String? = nil
    /// `-g`: the global domain.
    var global = false

    /// Whether the options name the target, so no DOMAIN argument is expected.
    var namesTarget: Bool { file != nil || global }

    /// The folder of domains: `--root`, else the environment's.
    func folder() throws(PreferenceError) -> PreferencesFolder {
        if let root { return PreferencesFolder(path: root) }
        return try PreferencesEnvironment.process.preferencesFolder()
    }

    /// The file to work on, taking the domain from the front of `words` unless `--file` or
    /// `-g` names it.
    func target(_ words: inout ArraySlice<String>) throws -> Target {
        if let file {
            return Target(file: DomainFile(path: file), folder: nil)
        }
        let folder = try folder()
        if global { return Target(domain: .global, in: folder) }
        guard let name = words.popFirst() else { throw CLIError(.usage, "missing DOMAIN (or --file PATH, or -g)") }
        return Target(domain: try DomainName(name), in: folder)
    }
}

/// The domain file a command works on.
struct Target {
    /// The file.
    var file: DomainFile
    /// The preferences folder to create before the first write, or `nil` for `--file`.
    let folder: PreferencesFolder?

    /// The file `file` alone, or a domain's file in `folder`; its notices print on standard error.
    init(file: DomainFile, folder: PreferencesFolder?) {
        self.file = file
        self.file.notices = Output.notices
        self.folder = folder
    }

    /// The domain `domain` of `folder`.
    init(domain: DomainName, in folder: PreferencesFolder) {
        self.init(file: folder.file(for: domain), folder: folder)
    }

    /// How messages name the target: the domain, or the file's path.
    var name: String { file.domain }

    /// Where a value of the target is looked up: for a domain, its search list, with the
    /// administrator's files (``PreferencesEnvironment/systemFolders``) below the user's and,
    /// in the `.full` scope, the global domain below that; for `--file`, the file alone.
    func searchList(_ scope: SearchList.Scope) throws -> SearchList {
        guard let folder else { return SearchList(file: file) }
        return SearchList(
            domain: try DomainName(name), folder: folder, systemFolders: PreferencesEnvironment.process.systemFolders, scope: scope,
            notices: Output.notices)
    }

    /// The domain's values; only the entry under `key` when one is given.
    ///
    /// - Throws: ``CLIError`` with status 1 when the domain does not exist.
    func read(key: String? = nil) throws -> PropertyListDictionary {
        guard let dictionary = try key.map(file.read(key:)) ?? file.read() else {
            throw CLIError(.notFound, folder == nil ? "the file \(file.path) does not exist" : "the domain \(name) does not exist")
        }
        return dictionary
    }

    /// Changes the domain under its lock (see ``DomainFile/update(lockTimeout:_:)``).
    func update<Result>(_ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result) throws -> Result {
        try file.update(lockTimeout: PreferencesEnvironment.process.lockTimeout(), body)
    }

    /// Changes the entry under `key` under the domain's lock (see
    /// ``DomainFile/update(key:lockTimeout:_:)``).
    func update<Result>(key: String, _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result) throws -> Result {
        try file.update(key: key, lockTimeout: PreferencesEnvironment.process.lockTimeout(), body)
    }
}
