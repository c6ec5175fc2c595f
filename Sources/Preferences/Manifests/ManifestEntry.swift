import PropertyLists

/// The `pfm_*` entries prefs reads of one dictionary of a manifest (its root, or a key's
/// description), found in one pass over the dictionary.
///
/// Looking each entry up instead costs a search of the dictionary per entry prefs knows,
/// present or not, and a manifest's key descriptions hold few of them: one pass makes reading
/// a 1,000-key manifest several times cheaper.
struct ManifestEntry {
    /// An entry prefs reads.
    enum Field: Int, CaseIterable {
        case name, type, title, description, deprecated, require, rangeMin, rangeMax, repetitionMin, repetitionMax
        case format, rangeList, rangeListAllowsCustomValue, valueUnique, subkeys, defaultValue, domain, formatVersion

        /// The entry's key in the manifest, `pfm_name` and so on.
        var key: String { Self.keys[rawValue] }

        private static let keys = [
            "pfm_name", "pfm_type", "pfm_title", "pfm_description", "pfm_deprecated", "pfm_require", "pfm_range_min",
            "pfm_range_max", "pfm_repetition_min", "pfm_repetition_max", "pfm_format", "pfm_range_list",
            "pfm_range_list_allow_custom_value", "pfm_value_unique", "pfm_subkeys",
            "pfm_default", "pfm_domain", "pfm_format_version"
        ]

        /// The fields by key.
        static let byKey = Dictionary(uniqueKeysWithValues: allCases.map { ($0.key, $0) })
    }

    private var values: [PropertyList?] = Array(repeating: nil, count: Field.allCases.count)

    /// The entries of `dictionary`.
    ///
    /// - Complexity: O(*n*) in the number of entries.
    init(_ dictionary: PropertyListDictionary) {
        for key in dictionary.keys where key.hasPrefix("pfm_") {
            guard let field = Field.byKey[key] else { continue }
            values[field.rawValue] = dictionary[key]
        }
    }

    /// The value of `field`, `nil` when absent.
    subscript(field: Field) -> PropertyList? {
        values[field.rawValue]
    }
}
