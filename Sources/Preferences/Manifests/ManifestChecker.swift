import PropertyLists

/// Walks a value beside its manifest key and collects every rule it breaks.
struct ManifestChecker {
    /// Report keys the manifest does not name as errors rather than warnings.
    let strict: Bool
    /// What was found, in the order of the values.
    private(set) var violations: [ManifestViolation] = []

    init(strict: Bool) {
        self.strict = strict
    }

    /// The keys and indices down to the value being checked: one array, pushed and popped as
    /// the walk goes, so that checking a key allocates nothing unless it reports.
    private var path: [String] = []

    /// Checks the entries of `dictionary` (found at `path`) against `keys`, and that each
    /// required key is there.
    mutating func check(_ dictionary: PropertyListDictionary, against keys: ManifestKeys, at path: [String]) {
        self.path = path
        walk(dictionary, against: keys)
    }

    /// Checks `value` (found at `path`) against `key`.
    mutating func check(_ value: PropertyList, against key: ManifestKey, at path: [String]) {
        self.path = path
        walk(value, against: key)
    }

    /// Checks `value`, an entry of a domain's root dictionary, against `keys`, the manifest's
    /// root keys, as a domain read entry by entry is checked (``ManifestDomainCheck``).
    ///
    /// - Returns: The position in `keys.all` of the key that describes the entry, if any.
    mutating func check(_ value: PropertyList, forRootKey name: String, against keys: ManifestKeys) -> Int? {
        // Empty after every entry checked before: a walk takes off what it puts on.
        if !path.isEmpty { path.removeAll() }
        return walk(value, named: name, against: keys)
    }

    /// Reports `key`, required, as missing from the domain's root.
    mutating func reportMissing(rootKey key: String) {
        path = [key]
        report("is required but missing")
    }

    private mutating func walk(_ dictionary: PropertyListDictionary, against keys: ManifestKeys) {
        // By key, then a lookup: the dictionary's own iterator is opaque to this module, and
        // stepping through it costs several times a lookup.
        for name in dictionary.keys {
            guard let value = dictionary[name] else { continue }
            walk(value, named: name, against: keys)
        }
        for key in keys.all where key.isRequired && dictionary[key.name] == nil {
            path.append(key.name)
            report("is required but missing")
            path.removeLast()
        }
    }

    /// Checks the entry `name` of a dictionary against the key of `keys` of that name.
    ///
    /// - Returns: The position of that key in `keys.all`, if there is one.
    @discardableResult
    private mutating func walk(_ value: PropertyList, named name: String, against keys: ManifestKeys) -> Int? {
        path.append(name)
        defer { path.removeLast() }
        // By position: the subscript would copy the key, which costs more than the lookup.
        if let position = keys.position(of: name) {
            walk(value, against: keys.all[position])
            return position
        }
        if !name.hasPrefix("Payload") || path.count > 1 {
            report("is not in the manifest", strict ? .error : .warning)
        }
        return nil
    }

    /// Checks `value` against `key`: its type, then the rules of that type, then what it holds.
    private mutating func walk(_ value: PropertyList, against key: ManifestKey) {
        guard key.type.accepts(value) else {
            report("is \(Self.describe(value)), not \(key.type.nameWithArticle)")
            return
        }
        if key.isDeprecated { report("is deprecated", .warning) }
        if let minimum = key.minimum, Self.compare(value, minimum) == .less {
            report("is \(Self.text(value)), below the minimum \(Self.text(minimum))")
        }
        if let maximum = key.maximum, Self.compare(value, maximum) == .greater {
            report("is \(Self.text(value)), above the maximum \(Self.text(maximum))")
        }
        if let allowed = key.allowedValues, !allowed.contains(where: { Self.compare(value, $0) == .equal }) {
            report("is \(Self.text(value)), not one of \(allowed.map(Self.listText).joined(separator: ", "))")
        }
        switch value {
        case .string(let string):
            guard let pattern = key.pattern else { break }
            switch pattern.matchesWhole(string) {
            case true?: break
            case false?: report("is \(Self.text(value)), which does not match the format \(pattern.source)")
            case nil:
                report(
                    "is \(Self.text(value)), which prefs cannot check against the format \(pattern.source) in time linear in its \(string.utf8.count) bytes: the format keeps too many alternatives open at once"
                )
            }
        case .array(let items):
            if let minimum = key.minimumCount, items.count < minimum {
                report("has \(Self.items(items.count)), fewer than the minimum \(minimum)")
            }
            if let maximum = key.maximumCount, items.count > maximum {
                report("has \(Self.items(items.count)), more than the maximum \(maximum)")
            }
            if let itemKey = key.itemKey {
                for (index, item) in items.enumerated() {
                    path.append(String(index))
                    walk(item, against: itemKey)
                    path.removeLast()
                }
            }
        case .dictionary(let dictionary) where !key.subkeys.all.isEmpty:
            walk(dictionary, against: key.subkeys)
        default:
            break
        }
    }

    private mutating func report(_ message: String, _ severity: ManifestViolation.Severity = .error) {
        violations.append(ManifestViolation(path: path, message: message, severity: severity))
    }

    private enum Order { case less, equal, greater }

    /// How two values of the same manifest type compare: numbers by value (integers exactly),
    /// other values only as equal or not.
    private static func compare(_ a: PropertyList, _ b: PropertyList) -> Order? {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x < y ? .less : x == y ? .equal : .greater
        case (.integer, .real), (.real, .integer), (.real, .real):
            number(a) < number(b) ? .less : number(a) == number(b) ? .equal : .greater
        default: a == b ? .equal : nil
        }
    }

    /// A number's value as a `Double`; NaN for anything else.
    static func number(_ value: PropertyList) -> Double {
        switch value {
        case .integer(let integer): integer.doubleValue
        case .real(let real): real
        default: .nan
        }
    }

    private static func items(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }

    /// A value as messages quote it: strings in quotes (line breaks, tabs and quotes escaped, so
    /// a message stays one line), numbers, Booleans, dates as written.
    static func text(_ value: PropertyList) -> String {
        switch value {
        case .string(let string): PropertyList.string(string.count > 60 ? String(string.prefix(60)) + "…" : string).description
        case .integer(let integer): integer.description
        case .real(let real): RealFormat.string(real)
        case .bool(let bool): bool ? "true" : "false"
        case .date(let date): date.iso8601
        case .data(let bytes): "\(bytes.count) bytes of data"
        case .array(let elements): "an array of \(items(elements.count))"
        case .dictionary(let dictionary): "a dictionary of \(dictionary.count) keys"
        }
    }

    /// An allowed value in a list: strings bare, as `gsettings range` prints choices.
    private static func listText(_ value: PropertyList) -> String {
        if case .string(let string) = value { return string }
        return text(value)
    }

    /// A value of the wrong type: its type, and the value when it is short.
    private static func describe(_ value: PropertyList) -> String {
        switch value {
        case .array, .dictionary, .data: value.typeNameWithArticle
        default: "\(value.typeNameWithArticle), \(text(value))"
        }
    }
}
