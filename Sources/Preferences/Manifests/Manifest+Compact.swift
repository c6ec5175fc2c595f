import PropertyLists

extension Manifest {
    /// The manifest as the compiled cache keeps it (``ManifestCache``): one flat array, which
    /// the binary property list reader turns back into values several times faster than the
    /// dictionaries of the manifest file.
    ///
    /// The array holds a flags integer, the top-level entries the flags name, the count of
    /// root keys, then each key in order: its name, its flags (type and the entries present),
    /// those entries, and when it has subkeys their count followed by them, depth first.
    var compactForm: PropertyList {
        var items: [PropertyList] = []
        var flags = 0
        for (bit, entry) in [domain, title, description].enumerated() {
            guard let entry else { continue }
            flags |= 1 << bit
            items.append(.string(entry))
        }
        if let formatVersion {
            flags |= 1 << 3
            items.append(.integer(PropertyListInteger(formatVersion)))
        }
        items.insert(.integer(PropertyListInteger(flags)), at: 0)
        Self.append(keys, to: &items)
        return .array(items)
    }

    /// What the flags of a key in the compact form say, beside its type in the low four bits.
    private struct KeyFlags: OptionSet {
        let rawValue: Int
        static let required = KeyFlags(rawValue: 1 << 4)
        static let deprecated = KeyFlags(rawValue: 1 << 5)
        static let title = KeyFlags(rawValue: 1 << 6)
        static let description = KeyFlags(rawValue: 1 << 7)
        static let defaultValue = KeyFlags(rawValue: 1 << 8)
        static let minimum = KeyFlags(rawValue: 1 << 9)
        static let maximum = KeyFlags(rawValue: 1 << 10)
        static let allowedValues = KeyFlags(rawValue: 1 << 11)
        static let minimumCount = KeyFlags(rawValue: 1 << 12)
        static let maximumCount = KeyFlags(rawValue: 1 << 13)
        static let format = KeyFlags(rawValue: 1 << 14)
        static let subkeys = KeyFlags(rawValue: 1 << 15)
        static let typeMask = 0xF
    }

    private static func append(_ keys: ManifestKeys, to items: inout [PropertyList]) {
        items.append(.integer(PropertyListInteger(keys.all.count)))
        for key in keys.all {
            var flags = KeyFlags(rawValue: ManifestType.allCases.firstIndex(of: key.type)!)
            var fields: [PropertyList] = []
            func add(_ flag: KeyFlags, _ value: PropertyList?) {
                guard let value else { return }
                flags.insert(flag)
                fields.append(value)
            }
            if key.isRequired { flags.insert(.required) }
            if key.isDeprecated { flags.insert(.deprecated) }
            add(.title, key.title.map(PropertyList.string))
            add(.description, key.description.map(PropertyList.string))
            add(.defaultValue, key.defaultValue)
            add(.minimum, key.minimum)
            add(.maximum, key.maximum)
            add(.allowedValues, key.allowedValues.map(PropertyList.array))
            add(.minimumCount, key.minimumCount.map { .integer(PropertyListInteger($0)) })
            add(.maximumCount, key.maximumCount.map { .integer(PropertyListInteger($0)) })
            add(.format, key.format.map(PropertyList.string))
            items.append(.string(key.name))
            items.append(.integer(PropertyListInteger(flags.rawValue | (key.subkeys.all.isEmpty ? 0 : KeyFlags.subkeys.rawValue))))
            items += fields
            if !key.subkeys.all.isEmpty { append(key.subkeys, to: &items) }
        }
    }

    /// The manifest in `compactForm`, read from the file at `path`; `nil` when the compact
    /// form is not one ``compactForm`` makes: a value of the wrong type or out of range, a
    /// count beyond the items, nesting deeper than the reader allows, two keys of one name, a
    /// default that breaks its key.
    ///
    /// - Complexity: O(*n*) in the number of items.
    init?(compactForm: PropertyList, path: String) {
        guard case .array(let items) = compactForm else { return nil }
        var reader = CompactReader(items: items)
        guard let flags = reader.count() else { return nil }
        func string(_ bit: Int) -> String?? {
            flags & (1 << bit) == 0 ? .some(nil) : reader.string().map { $0 }
        }
        guard let domain = string(0), let title = string(1), let description = string(2) else { return nil }
        var formatVersion: Int?
        if flags & (1 << 3) != 0 {
            guard let version = reader.next()?.intValue else { return nil }
            formatVersion = version
        }
        guard let keys = Self.keys(from: &reader, itemsOf: false, depth: 0), reader.isAtEnd else { return nil }
        self.init(path: path, domain: domain, title: title, description: description, formatVersion: formatVersion, keys: keys)
    }

    private static func keys(from reader: inout CompactReader, itemsOf isArray: Bool, depth: Int) -> ManifestKeys? {
        guard depth < PropertyListLimits.maxNestingDepth, let count = reader.count(), count >= 0, count <= reader.remaining else { return nil }
        var keys: [ManifestKey] = []
        keys.reserveCapacity(count)
        var patterns: [String: ManifestPattern] = [:]
        for _ in 0..<count {
            guard let name = reader.string(), let bits = reader.count() else { return nil }
            let flags = KeyFlags(rawValue: bits)
            guard ManifestType.allCases.indices.contains(bits & KeyFlags.typeMask) else { return nil }
            let type = ManifestType.allCases[bits & KeyFlags.typeMask]
            func field(_ flag: KeyFlags) -> PropertyList?? {
                flags.contains(flag) ? reader.next().map { $0 } : .some(nil)
            }
            guard let title = field(.title), let description = field(.description), let defaultValue = field(.defaultValue),
                  let minimum = field(.minimum), let maximum = field(.maximum), let allowed = field(.allowedValues),
                  let minimumCount = field(.minimumCount), let maximumCount = field(.maximumCount), let format = field(.format)
            else { return nil }
            guard let title = Self.optional(title, as: \.stringValue), let description = Self.optional(description, as: \.stringValue),
                  let format = Self.optional(format, as: \.stringValue),
                  let minimumCount = Self.optional(minimumCount, as: CompactReader.count), let maximumCount = Self.optional(maximumCount, as: CompactReader.count),
                  let allowedValues = Self.optional(allowed, as: \.arrayValue),
                  [minimum, maximum].allSatisfy({ $0 == nil || ((type == .integer || type == .real) && type.accepts($0!)) }),
                  allowedValues?.allSatisfy(type.accepts) ?? true
            else { return nil }
            var subkeys = ManifestKeys()
            if flags.contains(.subkeys) {
                guard let nested = Self.keys(from: &reader, itemsOf: type == .array, depth: depth + 1) else { return nil }
                subkeys = nested
            }
            let pattern = format.map { source in
                if let shared = patterns[source] { return shared }
                let pattern = ManifestPattern(uncompiled: source)
                patterns[source] = pattern
                return pattern
            }
            let key = ManifestKey(name: name, type: type, defaultValue: defaultValue, minimum: minimum, maximum: maximum,
                                  allowedValues: allowedValues, isRequired: flags.contains(.required), subkeys: subkeys,
                                  minimumCount: minimumCount, maximumCount: maximumCount, title: title, description: description,
                                  isDeprecated: flags.contains(.deprecated), pattern: pattern)
            if let defaultValue {
                var checker = ManifestChecker(strict: false)
                checker.check(defaultValue, against: key, at: [name])
                guard !checker.violations.contains(where: { $0.severity == .error }) else { return nil }
            }
            keys.append(key)
        }
        return ManifestKeys(keys, itemsOf: isArray)
    }

    /// `value` (present or not) read as `T`: `.some(nil)` when absent, `nil` when of another type.
    private static func optional<T>(_ value: PropertyList?, as read: (PropertyList) -> T?) -> T?? {
        guard let value else { return .some(nil) }
        return read(value).map { $0 }
    }
}

/// Reads the items of a compact form one by one; every read past the end is `nil`.
private struct CompactReader {
    let items: [PropertyList]
    private var position = 0

    init(items: [PropertyList]) {
        self.items = items
    }

    var remaining: Int { items.count - position }
    var isAtEnd: Bool { position == items.count }

    mutating func next() -> PropertyList? {
        guard position < items.count else { return nil }
        defer { position += 1 }
        return items[position]
    }

    mutating func string() -> String? {
        next()?.stringValue
    }

    /// The next item as an integer of 0 or more.
    mutating func count() -> Int? {
        next().flatMap(Self.count)
    }

    /// `value` as an integer of 0 or more.
    static func count(_ value: PropertyList) -> Int? {
        value.intValue.flatMap { $0 >= 0 ? $0 : nil }
    }
}
