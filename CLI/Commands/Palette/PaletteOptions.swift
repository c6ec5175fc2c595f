import ArgumentParser
import Palettes
import Preferences

/// Which palette store a `prefs palette` command works on, given before the subcommand
/// (`prefs palette --store S list`) or after it (`prefs palette list --store S`).
struct PaletteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Use this folder of domains instead of $PREFS_HOME.", valueName: "dir"))
    var root: String?

    @Option(help: ArgumentHelp("The domain that holds the store (default: palettes).", valueName: "domain"))
    var domain: String?

    @Option(help: ArgumentHelp("The store's name (default: Main); its palettes live under PaletteStore:<name>.", valueName: "name"))
    var store: String?

    /// What these options would give, with `parent`'s filling in what they leave out.
    func filled(from parent: PaletteOptions) -> ResolvedPaletteOptions {
        ResolvedPaletteOptions(
            root: root ?? parent.root, domain: domain ?? parent.domain ?? PaletteDocument.defaultDomain,
            store: store ?? parent.store ?? PaletteDocument.defaultStoreName)
    }
}

/// The store a palette command works on, defaults applied.
struct ResolvedPaletteOptions {
    let root: String?
    let domain: String
    let store: String

    /// The store's document, whose changes must meet the domain's installed manifest.
    func document() throws -> PaletteDocument {
        let folder = if let root { PreferencesFolder(path: root) } else { try PreferencesFolder.fromEnvironment() }
        let manifest = try ManifestSearchPath.fromEnvironment().manifest(for: DomainName(domain))
        return try PaletteDocument(storeName: store, domain: domain, folder: folder, manifest: manifest)
    }

    /// Changes the store in one locked read-modify-write, printing repair warnings on stderr,
    /// and, when `notingNewStore`, a note if the store had nothing saved (so a mistyped `--store`
    /// or `--domain` shows).
    @discardableResult
    func modify<Result>(notingNewStore: Bool = true, _ body: (inout Palettes.PaletteList) throws -> Result) throws -> Result {
        let document = try document()
        let outcome = try withDamageHint { try document.change(body) }
        Output.noteChangeSaved()
        if notingNewStore && !outcome.hadSavedValue {
            Output.error("note: store \"\(store)\" in domain \"\(domain)\" had nothing saved; it starts from the \(Palette.builtins.count) built-in palettes")
        }
        for warning in outcome.warnings { Output.error("warning: " + warning) }
        return outcome.result
    }

    /// The stored palettes, printing repair warnings on stderr, and a note when the store has
    /// nothing saved and the built-in palettes are shown instead.
    func load() throws -> Palettes.PaletteList {
        let document = try document()
        let outcome = try withDamageHint { try document.read() }
        if !outcome.hadSavedValue {
            Output.error("note: store \"\(store)\" in domain \"\(domain)\" has nothing saved; showing the \(Palette.builtins.count) built-in palettes")
        }
        for warning in outcome.warnings { Output.error("warning: " + warning) }
        return outcome.result
    }

    /// Runs `body`, adding to an `.unreadable` palette error how to replace the damaged value.
    func withDamageHint<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as PaletteError where error.code == .unreadable {
            let options = (root.map { ["--root", $0] } ?? []) + ["--domain", domain, "--store", store]
            throw CLIError(
                .unreadable,
                error.message + ". To replace it, saving it aside first: prefs palette import --replace-damaged "
                    + options.map(Self.shellQuoted).joined(separator: " ") + " FILE")
        }
    }

    private static func shellQuoted(_ word: String) -> String {
        word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=@".contains($0)) } && !word.isEmpty
            ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'''"#) + "'"
    }
}

/// `--index N`, `--id N` or `--name NAME`: which palette a command acts on.
struct PaletteSelector: ParsableArguments {
    @Option(parsing: .unconditional, help: "The palette at this index (clamped into range).")
    var index: Int?

    @Option(parsing: .unconditional, help: "The palette with this id.")
    var id: Int?

    @Option(parsing: .unconditional, help: "The first palette with exactly this name.")
    var name: String?

    func validate() throws {
        if [index != nil, id != nil, name != nil].filter({ $0 }).count != 1 {
            throw ValidationError("select one palette with --index N, --id N or --name NAME")
        }
    }

    /// The index of the selected palette in `list`, saying so on stderr when `--index` was clamped.
    ///
    /// - Throws: ``CLIError`` with status 1 for an unknown id or name.
    func resolve(in list: Palettes.PaletteList) throws -> Int {
        if let index {
            let safe = list.clamped(index)
            if safe != index { Output.error("note: index \(index) is out of range (0...\(list.count - 1)); using \(safe)") }
            return safe
        }
        if let id {
            guard let found = list.index(ofID: id) else { throw CLIError(.notFound, "no palette has the id \(id)") }
            return found
        }
        guard let name, let found = list.index(ofName: name) else {
            throw CLIError(.notFound, "no palette is named \"\(name ?? "")\"")
        }
        return found
    }
}

extension PaletteError: ExitStatusConvertible {
    var exitStatus: ExitStatus {
        switch code {
        case .notFound: .notFound
        case .invalidArgument: .usage
        case .unreadable: .unreadable
        }
    }

    var diagnosticLines: [String] { [] }
}
