import Glibc
import Preferences
import PropertyLists

/// Where a palette store lives: a key `PaletteStore:<name>` of a preferences domain, holding the
/// palettes as JSON `Data` (``PaletteJSON``: an array of `{"emojis", "id", "name"}` objects, keys
/// sorted, other fields kept), the way the EmojiArt app keeps them in `UserDefaults`.
public struct PaletteDocument: Sendable {
    /// The default domain, `palettes`.
    public static let defaultDomain = "palettes"
    /// The default store name, `Main`.
    public static let defaultStoreName = "Main"

    /// The domain file that holds the store.
    package let file: DomainFile
    /// The preferences folder, created before the first write; `nil` for a bare file.
    public let folder: PreferencesFolder?
    /// The store's name.
    public let storeName: String
    /// The domain's installed manifest, which every change is checked against; `nil` checks
    /// nothing.
    public let manifest: Manifest?

    /// The key the palettes are stored under: `PaletteStore:<name>`.
    public var key: String { Self.keyPrefix + storeName }

    /// What the key of every palette store starts with, before its name.
    package static let keyPrefix = "PaletteStore:"

    /// The key beside ``key`` that names the stored format: `PaletteStoreFormat:<name>`, holding
    /// ``PaletteJSON/schemaID``. It sits beside the array, not in it, so the array stays exactly
    /// what the EmojiArt app's `Codable` `[Palette]` decodes.
    public var formatKey: String { "PaletteStoreFormat:" + storeName }

    /// The document of store `storeName` in `domain` of `folder`, whose changes must meet
    /// `manifest` (the domain's installed one: `ManifestSearchPath.manifest(for:)`).
    ///
    /// - Throws: ``PaletteError`` with code `.preferences` for a bad domain name.
    public init(
        storeName: String = defaultStoreName, domain: String = defaultDomain, folder: PreferencesFolder, manifest: Manifest? = nil
    ) throws(PaletteError) {
        do {
            self.file = folder.file(for: try DomainName(domain))
        } catch {
            throw PaletteError(error)
        }
        self.folder = folder
        self.storeName = storeName
        self.manifest = manifest
    }

    /// The document of store `storeName` in the domain file at `file`.
    package init(storeName: String = defaultStoreName, file: DomainFile) {
        self.file = file
        self.folder = nil
        self.storeName = storeName
        self.manifest = nil
    }

    /// The stored palettes, repaired; the built-in palettes when nothing is stored.
    ///
    /// - Returns: The palettes and any repair warnings (``PaletteList/repairing(_:)``).
    /// - Throws: ``PaletteError`` with code `.preferences` when the domain file does not read,
    ///   or `.unreadable` when the stored value is not palette JSON data (``PaletteJSON``).
    public func load() throws(PaletteError) -> (list: PaletteList, warnings: [String]) {
        let outcome = try read()
        return (outcome.result, outcome.warnings)
    }

    /// The stored palettes like ``load()``, and whether anything was stored, from one read.
    ///
    /// - Throws: What ``load()`` throws.
    public func read() throws(PaletteError) -> Outcome<PaletteList> {
        let stored: PropertyList?
        do {
            stored = try file.read(key: key)?[key]
        } catch {
            throw PaletteError(error)
        }
        let loaded = try decode(stored)
        return Outcome(result: loaded.list, warnings: loaded.warnings, hadSavedValue: stored != nil, damagedCopy: nil)
    }

    /// Changes the palettes in one locked read-modify-write of the domain.
    ///
    /// `body` receives the palettes stored now (repaired, or the built-ins); what it leaves is
    /// encoded and written. Nothing is written when `body` throws, or when it changes nothing
    /// and the stored palettes needed no repair (with nothing stored, the built-ins it leaves are
    /// written).
    ///
    /// - Returns: What `body` returns, and the repair warnings of the load.
    /// - Throws: What `body` throws; ``PaletteError`` with code `.preferences` when the domain
    ///   does not read or write or when the palettes it would store break ``manifest``,
    ///   `.unreadable` when the stored value does not decode.
    public func modify<Result>(
        _ body: (inout PaletteList) throws(PaletteError) -> Result
    ) throws(PaletteError) -> (result: Result, warnings: [String]) {
        let outcome = try change(body)
        return (outcome.result, outcome.warnings)
    }

    /// Changes the palettes like ``modify(_:)``, saying whether anything was stored before and,
    /// when `replacingDamaged`, replacing a stored value that does not decode.
    ///
    /// With `replacingDamaged`, a stored value that does not decode is first saved to a new file
    /// `<domain file>.PaletteStore-<store>.damaged-<N>` beside the domain file (the stored data's
    /// bytes, or the XML property list of a value that is not data), durably, and `body` then
    /// receives the built-in palettes to replace.
    ///
    /// - Returns: What `body` returns, the repair warnings, whether a value was stored, and
    ///   where a damaged value was saved.
    /// - Throws: What ``modify(_:)`` throws (without `.unreadable` when `replacingDamaged`);
    ///   nothing is replaced when saving the copy fails.
    public func change<Result>(
        replacingDamaged: Bool = false, _ body: (inout PaletteList) throws(PaletteError) -> Result
    ) throws(PaletteError) -> Outcome<Result> {
        let applied: Swift.Result<Outcome<Result>, PaletteError>
        do {
            // The update's body throws only the file layer's own errors; a PaletteError leaves
            // the domain untouched, comes out as the update's value and is thrown once the lock
            // is released. Two entries change (the palettes and their format key), so the
            // update is of the whole domain.
            applied = try file.update { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
                do throws(PaletteError) {
                    return .success(try apply(body, to: &domain, replacingDamaged: replacingDamaged))
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            throw PaletteError(error)
        }
        return try applied.get()
    }

    /// Runs `body` on the palettes stored in `domain` and stores what it leaves, if anything
    /// changed; `domain` is untouched when anything throws.
    private func apply<Result>(
        _ body: (inout PaletteList) throws(PaletteError) -> Result, to domain: inout PropertyListDictionary?, replacingDamaged: Bool
    ) throws(PaletteError) -> Outcome<Result> {
        let stored = domain?[key]
        var savedCopy: String?
        let loaded: (list: PaletteList, warnings: [String])
        do throws(PaletteError) {
            loaded = try decode(stored)
        } catch {
            guard replacingDamaged, error.code == .unreadable else { throw error }
            do {
                savedCopy = try saveDamaged(stored)
            } catch {
                throw PaletteError(error)
            }
            loaded = (PaletteList.builtIn, [])
        }
        var list = loaded.list
        let result = try body(&list)
        if list != loaded.list || !loaded.warnings.isEmpty || savedCopy != nil || stored == nil {
            let (palettes, format) = (encode(list), PropertyList.string(PaletteJSON.schemaID))
            do {
                try manifest?.enforce(palettes, forKey: key)
                try manifest?.enforce(format, forKey: formatKey)
            } catch {
                throw PaletteError(error)
            }
            if domain == nil { domain = PropertyListDictionary() }
            domain![key] = palettes
            domain![formatKey] = format
        }
        return Outcome(result: result, warnings: loaded.warnings, hadSavedValue: stored != nil, damagedCopy: savedCopy)
    }

    /// The JSON data of `list` (``PaletteJSON/encode(_:pretty:emojiArrays:)``): keys sorted, other
    /// fields kept.
    public func encode(_ list: PaletteList) -> PropertyList {
        .data(Array(PaletteJSON.encode(list.palettes).utf8))
    }

    /// Palettes from JSON (``PaletteJSON``), as ``encode(_:)`` writes and `prefs palette export
    /// --json` prints.
    ///
    /// Duplicate ids are reassigned and repeated emojis dropped (see
    /// ``PaletteList/repairing(_:)``); text that is not a whole emoji and names that
    /// ``PaletteList/checkName(_:)`` refuses are refused.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` naming `source`, the line or
    ///   the palette, and what is wrong.
    public static func decodeJSON(_ bytes: [UInt8], source: String) throws(PaletteError) -> (list: PaletteList, warnings: [String]) {
        let palettes: [Palette]
        do {
            palettes = try PaletteJSON.decode(bytes)
        } catch {
            throw PaletteError(.invalidArgument, "\(source) is not a JSON array of palettes ({\"emojis\", \"id\", \"name\"}): \(error.message)")
        }
        guard !palettes.isEmpty else { throw PaletteError(.invalidArgument, "\(source) holds no palettes; a store keeps at least one") }
        for palette in palettes where !Emoji.nonEmojis(in: palette.emojis).isEmpty {
            let strays = Emoji.nonEmojis(in: palette.emojis).map(Emoji.describe).joined(separator: ", ")
            throw PaletteError(
                .invalidArgument, "\(source): palette \"\(palette.name)\" holds \(strays), which is not emoji; a palette holds whole emojis only")
        }
        for palette in palettes {
            do throws(PaletteError) {
                try PaletteList.checkName(palette.name)
            } catch {
                throw PaletteError(.invalidArgument, "\(source): the palette with id \(palette.id): \(error.message)")
            }
        }
        return PaletteList.repairing(palettes)
    }

    private func decode(_ stored: PropertyList?) throws(PaletteError) -> (list: PaletteList, warnings: [String]) {
        guard let stored else { return (PaletteList.builtIn, []) }
        guard case .data(let bytes) = stored else {
            throw PaletteError(
                .unreadable,
                "\(key) in \(file.domain) is \(stored.typeNameWithArticle), not palette JSON data; it was left untouched")
        }
        do {
            return PaletteList.repairing(try PaletteJSON.decode(bytes))
        } catch {
            throw PaletteError(
                .unreadable,
                "\(key) in \(file.domain) does not decode as palettes (a JSON array of {\"emojis\", \"id\", \"name\"}): \(error.message); it was left untouched"
            )
        }
    }

    /// Writes `stored` to a new file beside the domain file and returns its path.
    private func saveDamaged(_ stored: PropertyList?) throws(PreferenceError) -> String {
        let bytes: [UInt8]
        switch stored {
        case .data(let data)?: bytes = data
        case let value?:
            do {
                bytes = try PropertyListWriter().write(value)
            } catch {
                throw PreferenceError(.writeFailed, "cannot save the damaged \(key) of \(file.domain): \(error)")
            }
        case nil: bytes = []
        }
        // The store's name may hold any text; the file name keeps letters, digits, '-', '_' and '.'.
        let safeName = String(
            key.unicodeScalars.map { scalar -> Character in
                if scalar == ":" { return "-" }
                return scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "-_.".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
        let base = file.path + "." + safeName + ".damaged-"
        let path = (1...).lazy.map { base + String($0) }.first { access($0, F_OK) != 0 }!
        try AtomicFile.write(bytes, to: path)
        return path
    }
}
