import ArgumentParser
import Palettes
import Preferences
import PropertyLists

/// Which palette store a `prefs palette` command works on, given before the subcommand
/// (`prefs palette --store S list`) or after it (`prefs palette list --store S`).
struct PaletteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Use this folder of domains instead of $PREFS_HOME.", valueName: "dir"), completion: .directory)
    var root: String?

    @Option(help: ArgumentHelp("The domain that holds the store (default: palettes).", valueName: "domain"), completion: Completions.domains)
    var domain: String?

    @Option(
        help: ArgumentHelp("The store's name (default: Main); its palettes live under PaletteStore:<name>.", valueName: "name"),
        completion: Completions.paletteStores)
    var store: String?

    /// What these options would give, with `parent`'s filling in what they leave out.
    func filled(from parent: PaletteOptions) -> ResolvedPaletteOptions {
        ResolvedPaletteOptions(
            root: root ?? parent.root, domain: domain ?? parent.domain ?? PaletteDocument.defaultDomain,
            store: store ?? parent.store ?? PaletteDocument.defaultStoreName,
            isNamed: root != nil || domain != nil || store != nil || parent.root != nil || parent.domain != nil || parent.store != nil)
    }
}

/// The store a palette command works on, defaults applied.
struct ResolvedPaletteOptions {
    let root: String?
    let domain: String
    let store: String
    /// Whether `--root`, `--domain` or `--store` named the store, rather than the defaults.
    let isNamed: Bool

    /// The store's document, whose changes must meet the domain's installed manifest.
    func document() throws -> PaletteDocument {
        let environment = PreferencesEnvironment.process
        let folder = if let root { PreferencesFolder(path: root) } else { try environment.preferencesFolder() }
        let manifest = try environment.manifestSearchPath.manifest(for: DomainName(domain), notices: Output.notices)
        return try PaletteDocument(storeName: store, domain: domain, folder: folder, manifest: manifest)
    }

    /// Changes the store in one locked read-modify-write, printing repair warnings on stderr,
    /// and, when `notingNewStore`, a note if the store had nothing saved (so a mistyped `--store`
    /// or `--domain` shows).
    @discardableResult
    func modify<Result>(notingNewStore: Bool = true, _ body: (inout Palettes.PaletteList) throws(PaletteError) -> Result) throws -> Result {
        let document = try document()
        let outcome = try withDamageHint { try document.change(body) }
        Output.noteChangeSaved()
        if notingNewStore && !outcome.hadSavedValue {
            Output.error(
                "note: store \(store.quotedForMessage()) in domain \(domain.quotedForMessage()) had nothing saved; it starts from the \(Palette.builtins.count) built-in palettes"
            )
        }
        for warning in outcome.warnings { Output.error("warning: " + warning) }
        return outcome.result
    }

    /// The stored palettes, printing repair warnings on stderr, and a note when the store has
    /// nothing saved and the built-in palettes are shown instead.
    ///
    /// - Parameter creating: The command goes on to save the palettes (`edit`), so a store with
    ///   nothing saved starts from the built-in ones. Otherwise (a command that only reads) a
    ///   store that `--store`, `--domain` or `--root` names and that has nothing saved is an
    ///   error, exit 1, as a typo there would be; the default store shows the built-in palettes.
    func load(creating: Bool = false) throws -> Palettes.PaletteList {
        let document = try document()
        let outcome = try withDamageHint { try document.read() }
        if !outcome.hadSavedValue && isNamed && !creating {
            let found: String
            if let keys = try document.file.read()?.keys {
                let stores = keys.filter { $0.hasPrefix(PaletteDocument.keyPrefix) }.map { String($0.dropFirst(PaletteDocument.keyPrefix.count)) }
                found = stores.isEmpty ? "it holds no store" : "its stores: " + stores.sorted().joined(separator: ", ")
            } else {
                found = "the domain does not exist"
            }
            throw CLIError(.notFound, "no palette store \"\(store)\" in domain \"\(domain)\" (\(document.file.path)); \(found)")
        }
        if !outcome.hadSavedValue {
            Output.error(
                "note: store \(store.quotedForMessage()) in domain \(domain.quotedForMessage()) has nothing saved; showing the \(Palette.builtins.count) built-in palettes"
            )
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

    @Option(parsing: .unconditional, help: "The first palette with exactly this name.", completion: Completions.paletteNames)
    var name: String?

    func validate() throws {
        if [index != nil, id != nil, name != nil].filter({ $0 }).count != 1 {
            throw ValidationError("select one palette with --index N, --id N or --name NAME")
        }
    }

    /// The index of the selected palette in `list`, saying so on stderr when `--index` was clamped.
    ///
    /// - Throws: ``PaletteError`` with code `.notFound` (status 1) for an unknown id or name.
    func resolve(in list: Palettes.PaletteList) throws(PaletteError) -> Int {
        if let index {
            let safe = list.clamped(index)
            if safe != index { Output.error("note: index \(index) is out of range (0...\(list.count - 1)); using \(safe)") }
            return safe
        }
        if let id {
            guard let found = list.index(ofID: id) else { throw PaletteError(.notFound, "no palette has the id \(id)") }
            return found
        }
        guard let name, let found = list.index(ofName: name) else {
            throw PaletteError(.notFound, "no palette is named \"\(name ?? "")\"")
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
        // Only a store's assignment to its palettes reports a conflict; a command changes the
        // palettes in one locked read-modify-write.
        case .conflict: .writeFailed
        case .preferences: cause.map { ExitStatus($0.code) } ?? .writeFailed
        }
    }

    var reportedDiagnostics: [PropertyListDiagnostic] { cause?.diagnostics ?? [] }
}
