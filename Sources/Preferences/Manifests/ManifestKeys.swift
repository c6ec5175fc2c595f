import PropertyLists

/// The keys a manifest describes at one level: the domain's root, or a dictionary's
/// `pfm_subkeys`.
///
/// Keys whose names start with `Payload` describe the wrapper of a configuration profile, not
/// preferences, and are left out, as are ProfileCreator's interface elements (`PFC_…`).
public struct ManifestKeys: Sendable {
    /// The keys, in the manifest's order.
    public let all: [ManifestKey]
    /// The keys' positions by name; `nil` for no keys, and for the description of an array's
    /// items, which no name looks up.
    private let positions: ManifestKeyPositions?

    /// No keys.
    init() {
        self.init(all: [], positions: nil)
    }

    private init(all: [ManifestKey], positions: ManifestKeyPositions?) {
        self.all = all
        self.positions = positions
    }

    /// `keys`, as the compiled cache gives them back (``ManifestCache``); `nil` when two share a
    /// name, or an array's items have more than one description.
    init?(_ keys: [ManifestKey], itemsOf isArray: Bool) {
        if isArray {
            guard keys.count <= 1 else { return nil }
            self.init(all: keys, positions: nil)
            return
        }
        if keys.isEmpty {
            self.init()
            return
        }
        // By index: mapping would copy each key, which costs more than its name.
        var names: [String] = []
        names.reserveCapacity(keys.count)
        for index in keys.indices { names.append(keys[index].name) }
        guard let positions = ManifestKeyPositions(names) else { return nil }
        self.init(all: keys, positions: positions)
    }

    /// Reads `pfm_subkeys`. An entry that is no dictionary, and the second description of a
    /// key, are warnings in the reader's findings and left out; so is each rule prefs cannot
    /// enforce (``ManifestKey/init(_:at:isItem:)``). A key whose description is unusable is
    /// an error in the findings, and the other keys are read on, so that every error is found.
    ///
    /// - Parameters:
    ///   - value: The `pfm_subkeys` entry, `nil` when absent.
    ///   - reader: The reader of the entry holding it.
    ///   - itemsOf: Whether the entries describe an array's items (only the first counts).
    /// - Throws: ``ManifestReader/Problem`` when `pfm_subkeys` is not an array.
    init(_ value: PropertyList?, at reader: ManifestReader, itemsOf isArray: Bool) throws(ManifestReader.Problem) {
        guard let value else {
            self.init()
            return
        }
        guard case .array(let entries) = value else {
            throw reader.problem("pfm_subkeys is \(value.typeNameWithArticle), not an array", at: ["pfm_subkeys"])
        }
        var keys: [ManifestKey] = []
        var positions: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let entryReader = reader.entry("pfm_subkeys", String(index))
            guard case .dictionary(let description) = entry else {
                entryReader.warn("an entry of pfm_subkeys is \(entry.typeNameWithArticle), not a dictionary; it is ignored")
                continue
            }
            let entry = ManifestEntry(description)
            if case .string(let name)? = entry[.name], name.hasPrefix("Payload") || name.hasPrefix("PFC_") { continue }
            let read: ManifestKey?
            do throws(ManifestReader.Problem) {
                read = try ManifestKey(entry, at: entryReader, isItem: isArray)
            } catch {
                reader.findings.errors.append(error)
                continue
            }
            guard let key = read else { continue }
            if isArray {
                keys.append(key)
                break
            }
            if positions[key.name] != nil {
                entryReader.naming(key.name, isItem: false).warn("is described twice; the second description is ignored")
                continue
            }
            positions[key.name] = keys.count
            keys.append(key)
        }
        // No two names are equal, as `positions` found.
        self.init(all: keys, positions: isArray || keys.isEmpty ? nil : ManifestKeyPositions(keys.map(\.name)))
    }

    /// The name ProfileCreator's manifests give the description of every entry of a
    /// dictionary whose keys are free, as Chrome's `ExtensionSettings` is keyed by extension
    /// id (beside it, `{{key}}` describes the names).
    static let anyKeyName = "{{value}}"

    /// The description of the key `name`, or of any key (`{{value}}`, as ProfileCreator's
    /// manifests describe a dictionary keyed by ids) when the manifest does not name it; `nil`
    /// when it describes neither.
    public subscript(name: String) -> ManifestKey? {
        position(of: name).map { all[$0] }
    }

    /// The position in ``all`` of the key `name`, or of the description of any key
    /// (`anyKeyName`) when the manifest does not name it; `nil` when it describes neither.
    func position(of name: String) -> Int? {
        guard let positions else { return nil }
        return positions.position(of: name) ?? positions.position(of: Self.anyKeyName)
    }
}
