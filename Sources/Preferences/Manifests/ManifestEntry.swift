import PropertyLists

/// The `pfm_*` entries prefs reads of one dictionary of a manifest (its root, or a key's
/// description), found in one pass over the dictionary.
///
/// Looking each entry up instead costs a search of the dictionary per entry prefs knows,
/// present or not, and a manifest's key descriptions hold few of them: one pass makes reading
/// a 1,000-key manifest several times cheaper.
struct ManifestEntry {
    private var values: [PropertyList?] = Array(repeating: nil, count: Self.names.count)

    /// The entries prefs reads, at the positions of `values`.
    private static let names = [
        "pfm_name", "pfm_type", "pfm_title", "pfm_description", "pfm_deprecated", "pfm_require", "pfm_range_min",
        "pfm_range_max", "pfm_repetition_min", "pfm_repetition_max", "pfm_format", "pfm_range_list", "pfm_subkeys",
        "pfm_default", "pfm_domain", "pfm_format_version",
    ]

    /// The entries of `dictionary`.
    ///
    /// - Complexity: O(*n*) in the number of entries.
    init(_ dictionary: PropertyListDictionary) {
        for key in dictionary.keys where key.hasPrefix("pfm_") {
            guard let position = Self.names.firstIndex(of: key) else { continue }
            values[position] = dictionary[key]
        }
    }

    /// The value of the entry `key`, one of those prefs reads; `nil` when absent.
    subscript(key: String) -> PropertyList? {
        guard let position = Self.names.firstIndex(of: key) else {
            preconditionFailure("\(key) is not an entry ManifestEntry reads")
        }
        return values[position]
    }
}
