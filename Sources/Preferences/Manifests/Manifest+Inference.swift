import PropertyLists

extension Manifest {
    /// A starter manifest for `domain`, inferred from the values it stores, for a person to
    /// refine: each key with its type, scalars with their value as `pfm_default`, a
    /// dictionary's keys as `pfm_subkeys`, and an array's items described by the first entry
    /// of `pfm_subkeys` when they share one type.
    ///
    /// Ranges, choices and formats cannot be inferred from one domain and are left out.
    ///
    /// - Complexity: O(*n*) in the number of values.
    public static func inferred(domain: String, from values: PropertyListDictionary) -> PropertyListDictionary {
        [
            "pfm_domain": .string(domain),
            "pfm_title": .string(domain),
            "pfm_description": .string("Inferred by prefs manifest from the stored values; refine the types, defaults and rules."),
            "pfm_format_version": 1,
            "pfm_subkeys": .array(values.sortedEntries.map { describe($0.value, name: $0.key) })
        ]
    }

    private static func describe(_ value: PropertyList, name: String?) -> PropertyList {
        var key = PropertyListDictionary()
        if let name { key["pfm_name"] = .string(name) }
        key["pfm_type"] = .string(value.typeName)
        switch value {
        case .dictionary(let dictionary):
            key["pfm_subkeys"] = .array(dictionary.sortedEntries.map { describe($0.value, name: $0.key) })
        case .array(let items):
            if let item = itemShape(items) { key["pfm_subkeys"] = .array([describe(item, name: nil)]) }
        default:
            key["pfm_default"] = value
        }
        return .dictionary(key)
    }

    /// One value with the shape every item shares: the items' type and, for dictionaries,
    /// every key any of them holds (the first value seen for each); `nil` for no items or mixed
    /// types.
    private static func itemShape(_ items: [PropertyList]) -> PropertyList? {
        guard let first = items.first, items.allSatisfy({ $0.typeName == first.typeName }) else { return nil }
        guard case .dictionary = first else { return first }
        var union = PropertyListDictionary()
        for case .dictionary(let item) in items {
            for (key, value) in item where union[key] == nil { union[key] = value }
        }
        return .dictionary(union)
    }
}
