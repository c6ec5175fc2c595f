import PropertyLists

/// The type a manifest's `pfm_type` gives a key: one of the eight property list types.
public enum ManifestType: String, Sendable, CaseIterable {
    /// `string`.
    case string
    /// `integer`.
    case integer
    /// `real`, also spelled `float`.
    case real
    /// `boolean`.
    case boolean
    /// `date`.
    case date
    /// `data`.
    case data
    /// `array`: `pfm_subkeys`' first entry describes every item.
    case array
    /// `dictionary`: `pfm_subkeys` describes its keys.
    case dictionary

    /// The type `pfm_type` names, or `nil` when prefs does not know it; `float` is `real`.
    public init?(manifestName: String) {
        if manifestName == "float" { self = .real } else { self.init(rawValue: manifestName) }
    }

    /// The spellings of `pfm_type` prefs knows, for messages.
    static let knownNames = "string, integer, real, float, boolean, date, data, array, dictionary"

    /// Whether `value` is of this type; an integer counts as a real, as an `NSNumber` would.
    public func accepts(_ value: PropertyList) -> Bool {
        switch (self, value) {
        case (.string, .string), (.integer, .integer), (.real, .real), (.real, .integer), (.boolean, .bool),
            (.date, .date), (.data, .data), (.array, .array), (.dictionary, .dictionary):
            true
        default:
            false
        }
    }

    /// The type's name with its article, as messages use it: `an integer`, `data`.
    var nameWithArticle: String {
        switch self {
        case .integer, .array: "an \(rawValue)"
        case .data: "data"
        default: "a \(rawValue)"
        }
    }
}
