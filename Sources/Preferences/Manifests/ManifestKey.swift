import PropertyLists

/// One key a manifest describes (an entry of `pfm_subkeys`): its type and the rules its value
/// must meet.
///
/// Every rule is optional but the type. Numbers compare exactly: integers as integers (the
/// whole range of property list integers), reals as `Double`.
public struct ManifestKey: Sendable {
    /// `pfm_name`: the key in the domain.
    public let name: String
    /// `pfm_type`.
    public let type: ManifestType
    /// `pfm_default`: the value a reader gets when the domain holds none.
    public let defaultValue: PropertyList?
    /// `pfm_range_min`: the least number allowed, inclusive.
    public let minimum: PropertyList?
    /// `pfm_range_max`: the greatest number allowed, inclusive.
    public let maximum: PropertyList?
    /// `pfm_range_list`: the values allowed, when the manifest lists them.
    public let allowedValues: [PropertyList]?
    /// `pfm_require` is `always` (or `always-nested`): the key must be present.
    public let isRequired: Bool
    /// `pfm_subkeys`: a dictionary's keys, or (its first entry) every item of an array.
    public let subkeys: ManifestKeys
    /// `pfm_repetition_min`: the fewest items an array may have.
    public let minimumCount: Int?
    /// `pfm_repetition_max`: the most items an array may have.
    public let maximumCount: Int?
    /// `pfm_title`.
    public let title: String?
    /// `pfm_description`.
    public let description: String?
    /// `pfm_deprecated`.
    public let isDeprecated: Bool
    /// `pfm_format`, compiled.
    let pattern: ManifestPattern?

    /// `pfm_format`: the regular expression a string must match whole.
    public var format: String? { pattern?.source }

    /// The description of every item of an array: the first of ``subkeys``.
    public var itemKey: ManifestKey? { type == .array ? subkeys.all.first : nil }

    /// A key with these rules, as the compiled cache gives them back (``ManifestCache``).
    init(
        name: String, type: ManifestType, defaultValue: PropertyList?, minimum: PropertyList?, maximum: PropertyList?,
        allowedValues: [PropertyList]?, isRequired: Bool, subkeys: ManifestKeys, minimumCount: Int?, maximumCount: Int?,
        title: String?, description: String?, isDeprecated: Bool, pattern: ManifestPattern?
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.allowedValues = allowedValues
        self.isRequired = isRequired
        self.subkeys = subkeys
        self.minimumCount = minimumCount
        self.maximumCount = maximumCount
        self.title = title
        self.description = description
        self.isDeprecated = isDeprecated
        self.pattern = pattern
    }

    /// Reads a key's description from a manifest.
    ///
    /// - Parameters:
    ///   - entry: The entries of the `pfm_subkeys` item.
    ///   - reader: Reports problems at the entry's place in the manifest.
    ///   - isItem: Whether the entry describes an array's items, which need no `pfm_name`.
    /// - Throws: ``ManifestReader/Problem`` naming the key and what is wrong with it.
    init(_ entry: ManifestEntry, at reader: ManifestReader, isItem: Bool) throws(ManifestReader.Problem) {
        if isItem {
            name = try reader.string(.name, in: entry) ?? ""
        } else {
            guard let name = try reader.string(.name, in: entry) else { throw reader.problem("has no pfm_name") }
            self.name = name
        }
        let reader = reader.naming(name, isItem: isItem)
        guard let typeName = try reader.string(.type, in: entry) else { throw reader.problem("has no pfm_type", at: []) }
        guard let type = ManifestType(manifestName: typeName) else {
            throw reader.problem("pfm_type \"\(typeName)\" is not a type prefs knows (\(ManifestType.knownNames))", at: ["pfm_type"])
        }
        self.type = type
        title = try reader.string(.title, in: entry)
        description = try reader.string(.description, in: entry)
        isDeprecated = try reader.bool(.deprecated, in: entry) ?? false
        let requirement = try reader.string(.require, in: entry)
        isRequired = requirement == "always" || requirement == "always-nested"
        minimum = try reader.number(.rangeMin, in: entry, for: type)
        maximum = try reader.number(.rangeMax, in: entry, for: type)
        minimumCount = try reader.count(.repetitionMin, in: entry, for: type)
        maximumCount = try reader.count(.repetitionMax, in: entry, for: type)
        if let format = try reader.string(.format, in: entry) {
            do {
                pattern = try reader.patterns.pattern(format)
            } catch {
                throw reader.problem("pfm_format \"\(format)\" is not a regular expression: \(error)", at: ["pfm_format"])
            }
        } else {
            pattern = nil
        }
        if let list = entry[.rangeList] {
            guard case .array(let values) = list else {
                throw reader.problem("pfm_range_list is \(list.typeNameWithArticle), not an array", at: ["pfm_range_list"])
            }
            for (index, value) in values.enumerated() where !type.accepts(value) {
                throw reader.problem("pfm_range_list holds \(value.typeNameWithArticle), not \(type.nameWithArticle)", at: ["pfm_range_list", String(index)])
            }
            allowedValues = values
        } else {
            allowedValues = nil
        }
        subkeys = try ManifestKeys(entry[.subkeys], at: reader, itemsOf: type == .array)
        defaultValue = entry[.defaultValue]
        if let defaultValue {
            var checker = ManifestChecker(strict: false)
            checker.check(defaultValue, against: self, at: [name])
            if let broken = checker.violations.first(where: { $0.severity == .error }) {
                throw reader.problem("pfm_default breaks the key's own rules: \(broken.message)", at: ["pfm_default"])
            }
        }
    }
}
