import Patterns
import PropertyLists

/// One key a manifest describes (an entry of `pfm_subkeys`): its type and the rules its value
/// must meet.
///
/// Every rule is optional but the type. Numbers compare exactly: integers as integers (the
/// whole range of property list integers), reals as `Double`, an integer with a real by their
/// exact values; NaN lies in no range.
public struct ManifestKey: Sendable {
    /// The rules, shared by the copies of a key: copying a key then retains one object, not
    /// each of its many fields, and checking a domain copies keys out of their arrays.
    private final class Storage: Sendable {
        let name: String
        let type: ManifestType
        let defaultValue: PropertyList?
        let minimum: PropertyList?
        let maximum: PropertyList?
        let choices: ManifestChoices?
        let isRequired: Bool
        let subkeys: ManifestKeys
        let minimumCount: Int?
        let maximumCount: Int?
        let title: ManifestText?
        let description: ManifestText?
        let isDeprecated: Bool
        let pattern: ManifestPattern?
        let itemsAreUnique: Bool

        init(
            name: String, type: ManifestType, defaultValue: PropertyList?, minimum: PropertyList?, maximum: PropertyList?,
            allowedValues: [PropertyList]?, isRequired: Bool, subkeys: ManifestKeys, minimumCount: Int?, maximumCount: Int?,
            itemsAreUnique: Bool, title: ManifestText?, description: ManifestText?, isDeprecated: Bool, pattern: ManifestPattern?
        ) {
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.minimum = minimum
            self.maximum = maximum
            choices = allowedValues.map(ManifestChoices.init)
            self.isRequired = isRequired
            self.subkeys = subkeys
            self.minimumCount = minimumCount
            self.maximumCount = maximumCount
            self.title = title
            self.description = description
            self.isDeprecated = isDeprecated
            self.pattern = pattern
            self.itemsAreUnique = itemsAreUnique
        }
    }

    private let storage: Storage

    /// `pfm_name`: the key in the domain.
    public var name: String { storage.name }
    /// `pfm_type`.
    public var type: ManifestType { storage.type }
    /// `pfm_default`: the value a reader gets when the domain holds none.
    public var defaultValue: PropertyList? { storage.defaultValue }
    /// `pfm_range_min`: the least number allowed, inclusive.
    public var minimum: PropertyList? { storage.minimum }
    /// `pfm_range_max`: the greatest number allowed, inclusive.
    public var maximum: PropertyList? { storage.maximum }
    /// `pfm_range_list`: the values allowed, when the manifest lists them.
    public var allowedValues: [PropertyList]? { storage.choices?.values }
    /// `pfm_range_list`, hashed for look-ups.
    var choices: ManifestChoices? { storage.choices }
    /// `pfm_require` is `always` (or `always-nested`): the key must be present.
    public var isRequired: Bool { storage.isRequired }
    /// `pfm_subkeys`: a dictionary's keys, or (its first entry) every item of an array.
    public var subkeys: ManifestKeys { storage.subkeys }
    /// `pfm_repetition_min`: the fewest items an array may have.
    public var minimumCount: Int? { storage.minimumCount }
    /// `pfm_repetition_max`: the most items an array may have.
    public var maximumCount: Int? { storage.maximumCount }
    /// `pfm_value_unique`, on an array or on the description of its items (where Chrome's and
    /// Apple's manifests put it): no two items of the array may be equal.
    public var itemsAreUnique: Bool { storage.itemsAreUnique }
    /// `pfm_title`.
    public var title: String? { storage.title?.string }
    /// `pfm_description`.
    public var description: String? { storage.description?.string }
    /// `pfm_deprecated`.
    public var isDeprecated: Bool { storage.isDeprecated }
    /// `pfm_format`, compiled.
    var pattern: ManifestPattern? { storage.pattern }

    /// `pfm_format`: the regular expression a string must match whole.
    public var format: String? { pattern?.source }

    /// The description of every item of an array: the first of ``subkeys``.
    public var itemKey: ManifestKey? { type == .array ? subkeys.all.first : nil }

    /// A key with these rules, as the compiled cache gives them back (``ManifestCache``).
    init(
        name: String, type: ManifestType, defaultValue: PropertyList?, minimum: PropertyList?, maximum: PropertyList?,
        allowedValues: [PropertyList]?, isRequired: Bool, subkeys: ManifestKeys, minimumCount: Int?, maximumCount: Int?,
        itemsAreUnique: Bool, title: ManifestText?, description: ManifestText?, isDeprecated: Bool, pattern: ManifestPattern?
    ) {
        storage = Storage(
            name: name, type: type, defaultValue: defaultValue, minimum: minimum, maximum: maximum, allowedValues: allowedValues,
            isRequired: isRequired, subkeys: subkeys, minimumCount: minimumCount, maximumCount: maximumCount,
            itemsAreUnique: itemsAreUnique, title: title, description: description, isDeprecated: isDeprecated, pattern: pattern)
    }

    /// Reads a key's description from a manifest; a rule prefs cannot enforce is a warning in
    /// the reader's findings and is left out.
    ///
    /// - Parameters:
    ///   - entry: The entries of the `pfm_subkeys` item.
    ///   - reader: Reports problems at the entry's place in the manifest.
    ///   - isItem: Whether the entry describes an array's items, which need no `pfm_name`.
    /// - Returns: `nil`, with a warning, for an entry that describes no key prefs can check (no
    ///   `pfm_name`, or no `pfm_type`).
    /// - Throws: ``ManifestReader/Problem`` for what makes the manifest unusable: an unknown
    ///   `pfm_type`, or a minimum above its maximum.
    init?(_ entry: ManifestEntry, at reader: ManifestReader, isItem: Bool) throws(ManifestReader.Problem) {
        let name: String
        if isItem {
            name = try reader.string(.name, in: entry) ?? ""
        } else {
            guard let named = try reader.string(.name, in: entry) else {
                reader.warn("an entry of pfm_subkeys has no pfm_name, so it describes no key; it is ignored")
                return nil
            }
            name = named
        }
        let reader = reader.naming(name, isItem: isItem)
        guard let typeName = try reader.string(.type, in: entry) else {
            reader.warn("has no pfm_type, so its value is not checked; the description is ignored")
            return nil
        }
        let type: ManifestType
        if let named = ManifestType(manifestName: typeName) {
            type = named
        } else if let named = ManifestType(manifestName: typeName.lowercased()) {
            // Older manifests (Firefox's among them) capitalise the type; the meaning is plain.
            reader.warn("pfm_type \(typeName.quotedForMessage(limit: 60)) is read as \(named.rawValue); pfm_type names are lower case", at: ["pfm_type"])
            type = named
        } else if typeName == "url" {
            reader.warn("pfm_type \"url\" is deprecated; the value is checked as a string", at: ["pfm_type"])
            type = .string
        } else if typeName == "union policy" {
            reader.warn(
                "pfm_type \"union policy\" is deprecated and names no property list type, so its value is not checked; the description is ignored",
                at: ["pfm_type"])
            return nil
        } else {
            throw reader.problem("pfm_type \(typeName.quotedForMessage(limit: 60)) is not a type prefs knows (\(ManifestType.knownNames))", at: ["pfm_type"])
        }
        let title = try reader.string(.title, in: entry).map(ManifestText.string)
        let description = try reader.string(.description, in: entry).map(ManifestText.string)
        let isDeprecated = reader.bool(.deprecated, in: entry) ?? false
        let requirement = try reader.string(.require, in: entry)
        let isRequired = requirement == "always" || requirement == "always-nested"
        let minimum = reader.number(.rangeMin, in: entry, for: type)
        let maximum = reader.number(.rangeMax, in: entry, for: type)
        try reader.checkRange(minimum, maximum, of: (.rangeMin, .rangeMax))
        let minimumCount = reader.count(.repetitionMin, in: entry, for: type)
        let maximumCount = reader.count(.repetitionMax, in: entry, for: type)
        try reader.checkRange(
            minimumCount.map { .integer(PropertyListInteger($0)) }, maximumCount.map { .integer(PropertyListInteger($0)) }, of: (.repetitionMin, .repetitionMax)
        )
        let pattern = try Self.pattern(in: entry, of: type, at: reader)
        let allowedValues = Self.allowedValues(in: entry, of: type, at: reader)
        let itemsAreUnique = Self.itemsAreUnique(in: entry, of: type, at: reader, isItem: isItem)
        let subkeys = try ManifestKeys(entry[.subkeys], at: reader, itemsOf: type == .array)
        func key(defaultValue: PropertyList?) -> ManifestKey {
            ManifestKey(
                name: name, type: type, defaultValue: defaultValue, minimum: minimum, maximum: maximum, allowedValues: allowedValues,
                isRequired: isRequired, subkeys: subkeys, minimumCount: minimumCount, maximumCount: maximumCount,
                itemsAreUnique: itemsAreUnique, title: title, description: description, isDeprecated: isDeprecated, pattern: pattern)
        }
        guard let defaultValue = entry[.defaultValue] else {
            self = key(defaultValue: nil)
            return
        }
        let broken = reader.patterns.defaults.violations(ofDefault: defaultValue, of: key(defaultValue: nil)).first { $0.severity == .error }
        if let broken { reader.warn("pfm_default breaks the key's own rules (\(broken.message)); the default is ignored", at: ["pfm_default"]) }
        self = key(defaultValue: broken == nil ? defaultValue : nil)
    }

    /// The compiled `pfm_format`; `nil` when absent or (with a warning) when the key is not a
    /// string, when prefs cannot match it in linear time, or when it does not compile.
    private static func pattern(
        in entry: ManifestEntry, of type: ManifestType, at reader: ManifestReader
    ) throws(ManifestReader.Problem) -> ManifestPattern? {
        guard let format = try reader.string(.format, in: entry) else { return nil }
        guard type == .string else {
            reader.warn("pfm_format applies to strings, but the key is \(type.nameWithArticle); not enforced", at: ["pfm_format"])
            return nil
        }
        do throws(PatternError) {
            return try reader.patterns.pattern(format)
        } catch {
            reader.warn("pfm_format \(format.quotedForMessage()) \(error); not enforced", at: ["pfm_format"])
            return nil
        }
    }

    /// Whether `pfm_value_unique` asks the items of the key, an array, to be unique: it is true
    /// on the key or on the description of its items. On an item description it is the array's
    /// rule, read there; on any other key that is not an array it is a warning.
    private static func itemsAreUnique(in entry: ManifestEntry, of type: ManifestType, at reader: ManifestReader, isItem: Bool) -> Bool {
        let own = reader.bool(.valueUnique, in: entry) == true
        guard type == .array else {
            if own && !isItem {
                reader.warn(
                    "pfm_value_unique applies to an array or its items, but the key is \(type.nameWithArticle); not enforced",
                    at: ["pfm_value_unique"])
            }
            return false
        }
        if own && !isItem { return true }
        // The item description, as ManifestKeys reads it: the first entry of pfm_subkeys.
        guard case .array(let items)? = entry[.subkeys], case .dictionary(let item)? = items.first else { return false }
        return item["pfm_value_unique"] == .bool(true)
    }

    /// `pfm_range_list`; `nil` when absent, when `pfm_range_list_allow_custom_value` allows any
    /// value, or (with a warning) when it is no array of values of the key's type.
    private static func allowedValues(in entry: ManifestEntry, of type: ManifestType, at reader: ManifestReader) -> [PropertyList]? {
        guard let list = entry[.rangeList] else { return nil }
        // The list is a choice of suggestions, any other value allowed (loginwindow's
        // AdminHostInfo, Chrome's AlternativeBrowserPath).
        if reader.bool(.rangeListAllowsCustomValue, in: entry) == true { return nil }
        guard case .array(let values) = list else {
            reader.warn("pfm_range_list is \(list.typeNameWithArticle), not an array; not enforced", at: ["pfm_range_list"])
            return nil
        }
        switch type {
        case .array, .dictionary, .data:
            reader.warn("pfm_range_list applies to single values, but the key is \(type.nameWithArticle); not enforced", at: ["pfm_range_list"])
            return nil
        default:
            break
        }
        for (index, value) in values.enumerated() where !type.accepts(value) {
            reader.warn(
                "pfm_range_list holds \(ManifestReader.described(value)), not \(type.nameWithArticle) like the key; not enforced",
                at: ["pfm_range_list", String(index)])
            return nil
        }
        return values
    }
}
