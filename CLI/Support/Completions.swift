import ArgumentParser
import Glibc
import Palettes
import Preferences

/// What the shell completions (`prefs --generate-completion-script bash|zsh|fish`) offer beyond
/// subcommands and options: the domains of the store, the keys of the domain already typed,
/// palette stores and palettes, and files where a file goes.
///
/// A custom completion runs prefs itself each time the user presses Tab, so each reads only
/// what it offers (the folder's names, one domain file and its manifest) and prints nothing but
/// its candidates: a failure (no folder, an unreadable file) offers nothing, and
/// ``silenceErrors(_:)`` keeps anything else prefs might say out of the user's terminal.
enum Completions {
    /// DOMAIN, then a KEY of that domain; with `--file` or `-g` naming the target, a KEY at once
    /// (`read`, `read-type`, `delete`, `rename`, `watch`).
    static let domainThenKey = offering { words, index, typed in
        domainOrKey(CompletionLine(words, completing: index, commandDepth: 1), CompletionLine.unquoted(typed)) ?? []
    }

    /// As ``domainThenKey``, then, where the value goes, the type flags `defaults write` takes
    /// (`-int`, `-array-add`, …) once a `-` is typed (`write`).
    static let domainKeyThenValue = offering { words, index, typed in
        let line = CompletionLine(words, completing: index, commandDepth: 1)
        let prefix = CompletionLine.unquoted(typed)
        if let candidates = domainOrKey(line, prefix) { return candidates }
        guard line.arguments.count == (line.namesTarget ? 1 : 2), prefix.hasPrefix("-") else { return [] }
        return (CommandLineValue.scalarFlags + CommandLineValue.compositeFlags).filter { $0.hasPrefix(prefix) }
    }

    /// The domains where the DOMAIN goes, the keys of the target where its KEY goes; `nil`
    /// past them.
    private static func domainOrKey(_ line: CompletionLine, _ prefix: String) -> [String]? {
        var rest = line.arguments[...]
        let domain = line.namesTarget ? nil : rest.popFirst()
        if !line.namesTarget && domain == nil { return domains(line, prefix) }
        return rest.isEmpty ? keys(line, domain: domain, prefix) : nil
    }

    /// DOMAIN, then a FILE; with `--file` or `-g` naming the target, a FILE at once (`import`,
    /// `export`).
    static let domainThenFile = offering { words, index, typed in
        let line = CompletionLine(words, completing: index, commandDepth: 1)
        let prefix = CompletionLine.unquoted(typed)
        let files = line.arguments.count - (line.namesTarget ? 0 : 1)
        if files < 0 { return Completions.domains(line, prefix) }
        return files == 0 ? Completions.files(prefix).filter { Completions.isArgument($0, on: line) } : []
    }

    /// Domains (`describe`, `manifest`, `check`, `--domain`).
    static let domains = offering { words, index, typed in
        Completions.domains(CompletionLine(words, completing: index, commandDepth: 1), CompletionLine.unquoted(typed))
    }

    /// A KEY of the domain named just before it (`describe DOMAIN KEY`).
    static let keyOfDomainBefore = offering { words, index, typed in
        let line = CompletionLine(words, completing: index, commandDepth: 1)
        return Completions.keys(line, domain: line.arguments.last, CompletionLine.unquoted(typed))
    }

    /// The palette stores of the domain `--domain` names (`palettes` by default).
    static let paletteStores = offering { words, index, typed in
        let line = CompletionLine(words, completing: index, commandDepth: 1)
        let domain = line.values["--domain"] ?? PaletteDocument.defaultDomain
        let keys = Completions.keys(line, domain: domain, PaletteDocument.keyPrefix + CompletionLine.unquoted(typed))
        return keys.map { String($0.dropFirst(PaletteDocument.keyPrefix.count)) }
    }

    /// The names of the palettes of the store `--domain` and `--store` name.
    static let paletteNames = offering { words, index, typed in
        let line = CompletionLine(words, completing: index, commandDepth: 1)
        let prefix = CompletionLine.unquoted(typed)
        // A best-effort completion, as for every candidate list below: a store that does not
        // open or read offers no names, and the command itself reports why once it runs.
        guard let folder = Completions.folder(line),
            let document = try? PaletteDocument(
                storeName: line.values["--store"] ?? PaletteDocument.defaultStoreName,
                domain: line.values["--domain"] ?? PaletteDocument.defaultDomain, folder: folder),
            let palettes = try? document.load().list.palettes
        else { return [] }
        var seen: Set<String> = []
        return palettes.map(\.name).filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
    }

    /// For a completion request (`prefs ---completion …`), puts standard error on `/dev/null`:
    /// whatever prefs would say there (a completion script older than this prefs, an argument
    /// that is not UTF-8) must not land in the middle of the line being typed.
    static func silenceErrors(_ arguments: [String]) {
        guard arguments.dropFirst().first == "---completion" else { return }
        let null = open("/dev/null", O_WRONLY)
        guard null >= 0 else { return }
        dup2(null, 2)
        close(null)
    }

    /// A custom completion that offers what `candidates` finds but a name no line carries whole.
    ///
    /// The script reads prefs' answer one candidate a line and the shell lists candidates on the
    /// terminal: a line feed in a name would make two candidates, a tab a description in fish, an
    /// escape sequence would reach the terminal. Such a name is left out (the command still takes
    /// it, typed).
    private static func offering(_ candidates: @escaping @Sendable ([String], Int, String) -> [String]) -> CompletionKind {
        .custom { words, index, typed in
            candidates(words, index, typed).filter { !$0.unicodeScalars.contains(where: isControl) }
        }
    }

    /// Whether `scalar` is a control character: C0, DEL or C1.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    // MARK: Candidates

    /// The folder `--root` names, else the environment's.
    private static func folder(_ line: CompletionLine) -> PreferencesFolder? {
        if let root = line.values["--root"] { return PreferencesFolder(path: expandingHome(root)) }
        // No folder (no home to find it in) completes nothing; the command will say why.
        return try? PreferencesEnvironment.process.preferencesFolder()
    }

    /// The stored domains that start with `prefix`, and `NSGlobalDomain` (stored or not).
    private static func domains(_ line: CompletionLine, _ prefix: String) -> [String] {
        // A folder that does not list offers only NSGlobalDomain, which always exists.
        var names = folder(line).flatMap { try? $0.domainNames() } ?? []
        if !names.contains(DomainName.global.rawValue) { names.append(DomainName.global.rawValue) }
        return names.filter { $0.hasPrefix(prefix) && isArgument($0, on: line) }
    }

    /// The keys that start with `prefix` of the target: the file `--file` names, the global
    /// domain with `-g`, else `domain`, whose installed manifest's keys follow its stored ones.
    private static func keys(_ line: CompletionLine, domain: String?, _ prefix: String) -> [String] {
        var keys: [String] = []
        // A file, domain name or manifest that does not read adds no candidates: completion
        // offers what it can and stays silent, and the command reports the problem once run.
        if let file = line.values["--file"] {
            keys = (try? DomainFile(path: expandingHome(file)).read())?.keys ?? []
        } else if let folder = folder(line), let name = line.namesTarget ? DomainName.global : domain.flatMap({ try? DomainName($0) }) {
            keys = (try? folder.file(for: name).read())?.keys ?? []
            let manifest = try? PreferencesEnvironment.process.manifestSearchPath.manifest(for: name)
            let stored = Set(keys)
            keys += (manifest?.keys.all ?? []).map(\.name).filter { !stored.contains($0) }
        }
        return keys.filter { $0.hasPrefix(prefix) && isArgument($0, on: line) }
    }

    /// Whether `name`, inserted where the cursor is, reaches the command as an argument: a name
    /// that starts with `-` (a key `-g`, `--file=/elsewhere`, a file `--root=x` in a cloned
    /// repository) would be read as an option and act on another domain or file, so it is
    /// offered only after a `--` that ends the options (a file also as `./-g`, typed so).
    private static func isArgument(_ name: String, on line: CompletionLine) -> Bool {
        !name.hasPrefix("-") || line.endsOptions
    }

    /// The files and folders whose paths start with `prefix`, as the shell completes a file name
    /// (hidden ones only when `prefix` names them), a folder with its `/`. A name that is not
    /// UTF-8 is left out: no candidate could name it exactly.
    private static func files(_ prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folderPart = slash.map { String(prefix[...$0]) } ?? ""
        let namePart = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        guard let directory = opendir(folderPart.isEmpty ? "." : expandingHome(folderPart)) else { return [] }
        defer { closedir(directory) }
        var candidates: [String] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard let name = String(validating: bytes, as: UTF8.self), name != ".", name != "..", name.hasPrefix(namePart),
                !name.hasPrefix(".") || namePart.hasPrefix(".")
            else { continue }
            let isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            candidates.append(folderPart + name + (isFolder ? "/" : ""))
        }
        return candidates.sorted()
    }

    /// `path` with a leading `~` replaced by `$HOME`, as the shell would have.
    private static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = PreferencesEnvironment.process.home else { return path }
        return home + path.dropFirst()
    }
}
