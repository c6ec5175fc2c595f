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

    @OptionGroup var host: HostOption

    /// The parsed options, checked when the command runs rather than in a `validate()`: after
    /// a failed `validate()`, swift-argument-parser reads any word such as `-hx` among `write`'s
    /// value words as a request for help, which would print the help and exit 0.
    ///
    /// - Throws: ``CLIError`` with status 2 when an option is empty or two contradict.
    func location() throws -> StoreLocation {
        func refuse(_ message: String) -> CLIError { CLIError(.usage, message) }
        if root == "" { throw refuse("--root needs a folder; an empty path names none") }
        if file == "" { throw refuse("--file needs a file; an empty path names none") }
        if file != nil && global { throw refuse("--file and -g name two different targets; give one") }
        if file != nil && root != nil { throw refuse("--file names a file outside any folder of domains, so --root does not apply; give one") }
        if let problem = host.problem { throw refuse(problem) }
        return StoreLocation(root: root, file: file, global: global, host: host.scope)
    }
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
    /// `-currentHost` or `-host NAME`: the domain's values for one host (ByHost) rather than
    /// for any host.
    var host = HostScope.any

    /// Whether the options name the target, so no DOMAIN argument is expected.
    var namesTarget: Bool { file != nil || global }

    /// The folder of domains: `--root`, else the environment's.
    func folder() throws(PreferenceError) -> PreferencesFolder {
        if let root { return PreferencesFolder(path: root) }
        return try PreferencesEnvironment.process.preferencesFolder()
    }

    /// The file to work on, taking the domain from the front of `words` unless `--file` or
    /// `-g` names it. A domain that holds `/` is a path, as `defaults` reads one
    /// (``pathTarget(_:in:)``), and must be absolute (or start with `~/`): `../x`, `./x` and
    /// `x/y` are refused (status 2), as is a path whose last component names no file (`~/`,
    /// `/x/dir/`, `/x/.plist`) and `~` alone.
    func target(_ words: inout ArraySlice<String>) throws -> Target {
        if let file {
            guard host == .any else {
                throw CLIError(.usage, "--file names one file, so -currentHost and -host, which choose a domain's file, do not apply; give one")
            }
            return Target(file: DomainFile(path: file))
        }
        let folder = try folder()
        if global { return try Target(domain: .global, in: folder, host: host) }
        guard let name = words.popFirst() else { throw CLIError(.usage, "missing DOMAIN (or --file PATH, or -g)") }
        if name.contains("/") {
            guard name.hasPrefix("/") || name.hasPrefix("~/") else {
                // `defaults` takes a path only when it is absolute ("$PWD/Info"): a relative one
                // would name a file beside whatever folder the command runs in.
                let quoted = name.quotedForMessage(limit: 80)
                throw CLIError(
                    .usage,
                    "\(quoted) is a relative path, and a path domain must be absolute, as with defaults: put \"$PWD/\" before it, or give it with --file"
                )
            }
            let last = name.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            let fileName = last.hasSuffix(".plist") ? last.dropLast(".plist".count) : last
            guard !["", ".", ".."].contains(fileName) else { throw Self.namelessPath(name) }
            return try pathTarget(name, in: folder)
        }
        guard name != "~" else { throw Self.namelessPath(name) }
        return try Target(domain: try DomainName(name), in: folder, host: host)
    }

    /// The error for a path domain that names a folder, not a file: `~`, `~/`, `/x/dir/`,
    /// `/x/.plist`, `/x/..`; `defaults` would make a file named `.plist` there.
    private static func namelessPath(_ name: String) -> CLIError {
        CLIError(
            .usage,
            "\(name.quotedForMessage(limit: 80)) names a folder, not a domain: a path domain ends with the file's name (/PATH/NAME or /PATH/NAME.plist)"
        )
    }

    /// The file a path names where a domain goes, `.plist` added when missing, as `defaults`
    /// reads it: `/Library/Preferences/REST` is the administrator's file REST in the first of
    /// ``PreferencesEnvironment/systemFolders``; `$HOME/Library/Preferences/NAME` (or
    /// `~/Library/…`) is the domain NAME of `folder`, and `…/ByHost/NAME.HOST` its values for
    /// HOST; any other path is that file, as `--file` names it.
    ///
    /// - Throws: ``CLIError`` with status 2 for `-currentHost` or `-host` with a path that is
    ///   no user's domain, a ByHost path that names no host, or `~/…` without an absolute HOME.
    private func pathTarget(_ given: String, in folder: PreferencesFolder) throws -> Target {
        let environment = PreferencesEnvironment.process
        var path = given.hasSuffix(".plist") ? given : given + ".plist"
        if path.hasPrefix("~/"), let home = environment.home { path = home + path.dropFirst() }
        guard path.hasPrefix("/") else {
            throw CLIError(.usage, "\(given.quotedForMessage(limit: 80)) starts with ~/, but HOME is not an absolute path; give the path in full")
        }
        if let home = environment.home, let rest = Self.path(path, below: home + "/Library/Preferences") {
            let name = String(rest.dropLast(".plist".count))
            if name.hasPrefix("ByHost/"), !name.dropFirst("ByHost/".count).contains("/") {
                guard host == .any else { throw CLIError(.usage, "\(given) names a host's file, so -currentHost and -host do not apply; give one") }
                let byHost = name.dropFirst("ByHost/".count)
                guard let dot = byHost.lastIndex(of: "."), dot != byHost.startIndex else {
                    throw CLIError(.usage, "\(given) names no host: a ByHost file is NAME.HOST")
                }
                let domain = try DomainName(String(byHost[..<dot]))
                return try Target(domain: domain, in: folder, host: .named(String(byHost[byHost.index(after: dot)...])))
            }
            if DomainName.isValid(name) { return try Target(domain: try DomainName(name), in: folder, host: host) }
            return try fileTarget(folder.file(at: rest), given: given)
        }
        if let rest = Self.path(path, below: "/Library/Preferences") {
            let system = environment.systemFolders[0]
            let name = String(rest.dropLast(".plist".count))
            let domain = DomainName.isValid(name) ? try DomainName(name) : nil
            var file = domain.map { system.file(for: $0) } ?? system.file(at: rest)
            file.isShared = true
            return try fileTarget(file, given: given, administratorFolder: system, domain: domain)
        }
        return try fileTarget(DomainFile(path: path), given: given)
    }

    /// The target of a path that names one file, refusing `-currentHost` and `-host`.
    private func fileTarget(_ file: DomainFile, given: String, administratorFolder: PreferencesFolder? = nil, domain: DomainName? = nil) throws -> Target {
        guard host == .any else {
            throw CLIError(.usage, "\(given) names one file, so -currentHost and -host, which choose a domain's file, do not apply; give one")
        }
        return Target(file: file, administratorFolder: administratorFolder, domain: domain)
    }

    /// The part of `path` below the folder `base`, when each of its components is a name prefs
    /// may give a file there: not empty and not starting with `.` (so neither `..` nor a
    /// temporary file); `nil` otherwise.
    private static func path(_ path: String, below base: String) -> String? {
        guard path.hasPrefix(base + "/") else { return nil }
        let rest = String(path.dropFirst(base.count + 1))
        let components = rest.split(separator: "/", omittingEmptySubsequences: false)
        return components.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) ? rest : nil
    }
}

/// The domain file a command works on.
struct Target {
    /// The file.
    var file: DomainFile
    /// The preferences folder to create before the first write; `nil` for a target named by a
    /// path (`--file`, a path domain).
    let folder: PreferencesFolder?
    /// The domain; `nil` for a target named by a path that is no store's domain (an
    /// administrator's file `/Library/Preferences/NAME` is the domain NAME).
    let domain: DomainName?
    /// The id of the host whose values of the domain are meant (`-currentHost`, `-host NAME`),
    /// `nil` for the values for any host.
    let host: String?

    /// The administrator's folder whose file this is (`/Library/Preferences/…`), for the
    /// message when the user may not write it; `nil` for any other target.
    let administratorFolder: PreferencesFolder?

    /// The file `file` alone; its notices print on standard error.
    ///
    /// - Parameters:
    ///   - administratorFolder: The administrator's folder that holds the file, if any.
    ///   - domain: The domain the file is, if the path names one.
    init(file: DomainFile, administratorFolder: PreferencesFolder? = nil, domain: DomainName? = nil) {
        self.file = file
        self.file.notices = Output.notices
        self.administratorFolder = administratorFolder
        folder = nil
        self.domain = domain
        host = nil
    }

    /// The domain `domain` of `folder`: its values for any host, or its ByHost values for `host`.
    ///
    /// - Throws: ``PreferenceError`` for a host that names no ByHost file.
    init(domain: DomainName, in folder: PreferencesFolder, host: HostScope = .any) throws(PreferenceError) {
        let id = try host.id(in: PreferencesEnvironment.process)
        file = folder.file(for: domain, host: id)
        file.notices = Output.notices
        self.folder = folder
        self.domain = domain
        self.host = id
        administratorFolder = nil
    }

    /// Whether a write leaves the file in XML whatever it holds: a domain of the store or the
    /// administrator's layer (a lone `--file` keeps its own format).
    var writesXML: Bool { folder != nil || administratorFolder != nil }

    /// How messages name the target: the domain, or the file's path.
    var name: String { file.domain }

    /// Where a value of the target is looked up: for a domain, its search list, with the
    /// administrator's files (``PreferencesEnvironment/systemFolders``) below the user's and,
    /// in the `.full` scope, the host's values above and the global domain below; for `--file`,
    /// or a host's values of a whole domain, the file alone.
    func searchList(_ scope: SearchList.Scope) -> SearchList {
        // A pattern rather than `scope == .full`, and `map` rather than `guard let`: `==` on
        // another module's enum, and a bound copy of its optional struct, have the runtime
        // build type metadata from mangled names, which every `prefs read` would pay for.
        if case .domainFiles = scope, host != nil { return SearchList(file: file) }
        let list = domain.flatMap { domain in
            folder.map { folder in
                SearchList(
                    domain: domain, folder: folder, systemFolders: PreferencesEnvironment.process.systemFolders,
                    // This machine's id (/etc/machine-id) is read only when a ByHost file may exist.
                    host: host ?? (folder.holdsHostValues ? PreferencesEnvironment.process.currentHost : nil), scope: scope,
                    notices: Output.notices)
            }
        }
        return list ?? SearchList(file: file)
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
        try explainingRights { () throws(PreferenceError) in try file.update(lockTimeout: PreferencesEnvironment.process.lockTimeout(), body) }
    }

    /// Changes the entry under `key` under the domain's lock (see
    /// ``DomainFile/update(key:lockTimeout:_:)``).
    func update<Result>(key: String, _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result) throws -> Result {
        try explainingRights { () throws(PreferenceError) in
            try file.update(key: key, lockTimeout: PreferencesEnvironment.process.lockTimeout(), body)
        }
    }

    /// Runs `change`; when the user may not write the administrator's folder of the target,
    /// says so, naming the folder.
    ///
    /// - Throws: What `change` throws; ``CLIError`` with status 4 (write failed) instead when
    ///   the system refused permission in an administrator's folder.
    private func explainingRights<Result>(_ change: () throws(PreferenceError) -> Result) throws -> Result {
        do {
            return try change()
        } catch {
            guard let folder = administratorFolder, error.code == .writeFailed, error.cause == .permissionDenied else { throw error }
            throw CLIError(
                .writeFailed,
                "cannot write \(file.path): the administrator's defaults in \(folder.path) may be changed only by a user who may write that folder (root: run with sudo), and you may not (\(error.message))"
            )
        }
    }
}
