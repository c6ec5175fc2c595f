import FoundationEssentials
import Preferences
import PropertyLists

/// Where a palette store lives: a key `PaletteStore:<name>` of a preferences domain, holding the
/// palettes as JSON `Data` (an array of `{"emojis", "id", "name"}` objects, keys sorted), the way
/// the EmojiArt app keeps them in `UserDefaults`.
public struct PaletteDocument: Sendable {
    /// The default domain, `palettes`.
    public static let defaultDomain = "palettes"
    /// The default store name, `Main`.
    public static let defaultStoreName = "Main"

    /// The domain file that holds the store.
    public let file: DomainFile
    /// The preferences folder, created before the first write; `nil` for a bare file.
    public let folder: PreferencesFolder?
    /// The store's name.
    public let storeName: String

    /// The key the palettes are stored under: `PaletteStore:<name>`.
    public var key: String { "PaletteStore:" + storeName }

    /// The document of store `storeName` in `domain` of `folder`.
    ///
    /// - Throws: ``PreferenceError`` for a bad domain name.
    public init(storeName: String = defaultStoreName, domain: String = defaultDomain, folder: PreferencesFolder) throws(PreferenceError) {
        self.file = folder.file(for: try DomainName(domain))
        self.folder = folder
        self.storeName = storeName
    }

    /// The document of store `storeName` in the domain file at `file`.
    public init(storeName: String = defaultStoreName, file: DomainFile) {
        self.file = file
        self.folder = nil
        self.storeName = storeName
    }

    /// The stored palettes, repaired; the built-in palettes when nothing is stored.
    ///
    /// - Returns: The palettes and any repair warnings.
    /// - Throws: ``PreferenceError`` when the domain file does not read, or ``PaletteError``
    ///   with code `.unreadable` when the stored value is not palette JSON data.
    public func load() throws -> (list: PaletteList, warnings: [String]) {
        try decode(file.read()?[key])
    }

    /// Changes the palettes in one locked read-modify-write of the domain.
    ///
    /// `body` receives the palettes stored now (repaired, or the built-ins); what it leaves is
    /// encoded and written. Nothing is written when `body` throws or changes nothing.
    ///
    /// - Returns: What `body` returns, and the repair warnings of the load.
    public func modify<Result>(_ body: (inout PaletteList) throws -> Result) throws -> (result: Result, warnings: [String]) {
        var outcome: Result?
        var warnings: [String] = []
        var failure: (any Error)?
        try file.update { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
            do {
                let loaded = try decode(domain?[key])
                warnings = loaded.warnings
                var list = loaded.list
                outcome = try body(&list)
                guard list != loaded.list || !warnings.isEmpty || domain?[key] == nil else { return }
                let data = try encode(list)
                if domain == nil { domain = PropertyListDictionary() }
                domain![key] = data
            } catch let error as PreferenceError {
                throw error
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return (outcome!, warnings)
    }

    /// The JSON data of `list`: an array of palettes, keys sorted.
    public func encode(_ list: PaletteList) throws(PreferenceError) -> PropertyList {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return .data([UInt8](try encoder.encode(list.palettes)))
        } catch {
            throw PreferenceError(.invalidArgument, "cannot encode the palettes of \(key): \(error)")
        }
    }

    /// Palettes from JSON: an array of `{"emojis", "id", "name"}` objects, as ``encode(_:)``
    /// writes and `prefs palette export --json` prints.
    ///
    /// Duplicate ids are reassigned and repeated emojis dropped (see
    /// ``PaletteList/repairing(_:)``); text that is not emoji is refused.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` naming what is wrong.
    public static func decodeJSON(_ bytes: [UInt8], source: String) throws(PaletteError) -> (list: PaletteList, warnings: [String]) {
        let palettes: [Palette]
        do {
            palettes = try JSONDecoder().decode([Palette].self, from: Data(bytes))
        } catch {
            throw PaletteError(.invalidArgument, "\(source) is not a JSON array of palettes ({\"emojis\", \"id\", \"name\"}): \(error)")
        }
        guard !palettes.isEmpty else { throw PaletteError(.invalidArgument, "\(source) holds no palettes; a store keeps at least one") }
        for palette in palettes where !Emoji.nonEmojis(in: palette.emojis).isEmpty {
            let strays = Emoji.nonEmojis(in: palette.emojis).map { "\"\($0)\"" }.joined(separator: ", ")
            throw PaletteError(.invalidArgument, "\(source): palette \"\(palette.name)\" holds \(strays), which is not emoji")
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

    private func decode(_ stored: PropertyList?) throws -> (list: PaletteList, warnings: [String]) {
        guard let stored else { return (PaletteList.builtIn, []) }
        guard case .data(let bytes) = stored else {
            throw PaletteError(.unreadable,
                "\(key) in \(file.domain) is \(stored.typeNameWithArticle), not palette JSON data; it was left untouched")
        }
        do {
            return PaletteList.repairing(try JSONDecoder().decode([Palette].self, from: Data(bytes)))
        } catch {
            throw PaletteError(.unreadable,
                "\(key) in \(file.domain) does not decode as palettes (a JSON array of {\"emojis\", \"id\", \"name\"}): \(error); it was left untouched")
        }
    }
}
