import PropertyLists

/// The keys a manifest describes at one level: the domain's root, or a dictionary's
/// `pfm_subkeys`.
///
/// Keys whose names start with `Payload` describe the wrapper of a configuration profile, not
/// preferences, and are left out.
public struct ManifestKeys: Sendable {
    /// The keys, in the manifest's order.
    public let all: [ManifestKey]
    private let positions: [String: Int]

    /// No keys.
    init() {
        self.init(all: [], positions: [:])
    }

    private init(all: [ManifestKey], positions: [String: Int]) {
        self.all = all
        self.positions = positions
    }

    /// `keys`, as the compiled cache gives them back (``ManifestCache``); `nil` when two share a
    /// name, or an array's items have more than one description.
    init?(_ keys: [ManifestKey], itemsOf isArray: Bool) {
        if isArray {
            guard keys.count <= 1 else { return nil }
            self.init(all: keys, positions: [:])
            return
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(keys.count)
        // By index: enumerating would copy each key, which costs more than the lookup.
        for index in keys.indices {
            guard positions.updateValue(index, forKey: keys[index].name) == nil else { return nil }
        }
        self.init(all: keys, positions: positions)
    }

    /// Reads `pfm_subkeys`.
    ///
    /// - Parameters:
    ///   - value: The `pfm_subkeys` entry, `nil` when absent.
    ///   - reader: The reader of the entry holding it.
    ///   - itemsOf: Whether the entries describe an array's items (only the first counts).
    /// - Throws: ``ManifestReader/Problem`` for an entry that is not a key description.
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
                throw entryReader.problem("an entry of pfm_subkeys is \(entry.typeNameWithArticle), not a dictionary")
            }
            let entry = ManifestEntry(description)
            if case .string(let name)? = entry[.name], name.hasPrefix("Payload") { continue }
            let key = try ManifestKey(entry, at: entryReader, isItem: isArray)
            if isArray {
                keys.append(key)
                break
            }
            if positions[key.name] != nil {
                throw entryReader.problem("the key \"\(key.name)\" is described twice")
            }
            positions[key.name] = keys.count
            keys.append(key)
        }
        self.init(all: keys, positions: positions)
    }

    /// The description of the key `name`, or `nil` when the manifest does not name it.
    public subscript(name: String) -> ManifestKey? {
        positions[name].map { all[$0] }
    }

    /// The position in ``all`` of the key `name`, or `nil` when the manifest does not name it.
    func position(of name: String) -> Int? {
        positions[name]
    }
}
