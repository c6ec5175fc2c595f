import Patterns
import PropertyLists

/// Walks a value beside its manifest key and collects every rule it breaks.
///
/// One checker walks one document, in time linear in it: its strings share the matchers of
/// the formats they meet and one limit on the work of matching them (``Formats``).
struct ManifestChecker {
    /// Report keys the manifest does not name as errors rather than warnings.
    let strict: Bool
    /// What was found, in the order of the values.
    private(set) var violations: [ManifestViolation] = []
    /// The formats' matchers, and the work they did.
    private(set) var formats: Formats

    /// A checker whose strings share `formats` with the strings checked before (the defaults
    /// of one manifest's keys).
    init(strict: Bool, formats: Formats = Formats()) {
        self.strict = strict
        self.formats = formats
    }

    /// The `pfm_format` matchers of one document: one for each format its strings meet, which
    /// keeps the automaton states of one string for the next, and the work they may do
    /// together (``PatternWork``): the allowance once and the program's instructions once
    /// for the document, then a number of units per byte.
    struct Formats {
        private var matchers: [ObjectIdentifier: ManifestPattern.Matcher] = [:]
        private var work = PatternWork()

        init() {}

        /// Whether all of `string` matches `pattern`; `nil` when the document's work limit
        /// would not allow deciding it.
        mutating func matchesWhole(_ string: String, _ pattern: ManifestPattern) -> Bool? {
            matchers[ObjectIdentifier(pattern), default: ManifestPattern.Matcher(pattern)].matchesWhole(string, work: &work)
        }

        /// What `value`, the `pfm_default` of `key`, breaks of the key's rules, its strings
        /// matched with these matchers: the defaults of a manifest are one document, so a
        /// manifest of many keys with a costly format and a default reads in linear time.
        mutating func violations(ofDefault value: PropertyList, of key: ManifestKey) -> [ManifestViolation] {
            var checker = ManifestChecker(strict: false, formats: self)
            // Handed over, not shared, so that the checker's matchers do not copy.
            self = Formats()
            checker.check(value, against: key, at: [key.name])
            self = checker.formats
            return checker.violations
        }
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
        if case .real(let real) = value, real.isNaN, key.minimum != nil || key.maximum != nil {
            report("is nan, which is not a number, so no range holds it")
        }
        if let minimum = key.minimum, Self.compare(value, minimum) == .less {
            report("is \(Self.text(value)), below the minimum \(Self.text(minimum))")
        }
        if let maximum = key.maximum, Self.compare(value, maximum) == .greater {
            report("is \(Self.text(value)), above the maximum \(Self.text(maximum))")
        }
        if let choices = key.choices, !choices.contains(value) {
            // A long list (a hundred locales) is named by its first ten.
            let allowed = choices.values
            let shown = allowed.prefix(10).map(Self.listText).joined(separator: ", ")
            report("is \(Self.text(value)), not one of \(shown)\(allowed.count > 10 ? " or \(allowed.count - 10) more" : "")")
        }
        switch value {
        case .string(let string):
            guard let pattern = key.pattern else { break }
            switch formats.matchesWhole(string, pattern) {
            case true?: break
            case false?: report("is \(Self.text(value)), which does not match the format \(pattern.source.quotedForMessage())")
            case nil:
                report(
                    "is \(Self.text(value)), which prefs cannot check against the format \(pattern.source.quotedForMessage()) in time linear in its \(string.utf8.count) bytes: the format keeps too many alternatives open at once"
                )
            }
        case .array(let items):
            if let minimum = key.minimumCount, items.count < minimum {
                report("has \(Self.items(items.count)), fewer than the minimum \(minimum)")
            }
            if let maximum = key.maximumCount, items.count > maximum {
                report("has \(Self.items(items.count)), more than the maximum \(maximum)")
            }
            if key.itemsAreUnique { reportRepeats(in: items) }
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

    /// Reports each value that `items` hold more than once, naming its first two places:
    /// `pfm_value_unique`. Numbers compare by their exact values, as ranges do (`1` and
    /// `1.0` are one number, and so are `0.0` and `-0.0`, which values otherwise keep apart).
    ///
    /// - Complexity: O(*n*) in the total size of the items, which are hashed.
    private mutating func reportRepeats(in items: [PropertyList]) {
        var firstPlaces: [PropertyList: Int] = [:]
        var reported: Set<PropertyList> = []
        for (index, item) in items.enumerated() {
            let value = Self.exactValue(item)
            guard let first = firstPlaces[value] else {
                firstPlaces[value] = index
                continue
            }
            guard reported.insert(value).inserted else { continue }
            report("has \(Self.text(items[first])) more than once (items \(first) and \(index)), but its items must be unique")
        }
    }

    private mutating func report(_ message: String, _ severity: ManifestViolation.Severity = .error) {
        violations.append(ManifestViolation(path: path, message: message, severity: severity))
    }

    enum Order { case less, equal, greater }

    /// How two values of the same manifest type compare: numbers by their exact values (an
    /// integer beyond 2^53 against a real too, infinities beyond every integer, `-0.0` equal to
    /// `0`), other values only as equal or not; `nil` when they are unordered (NaN, or values
    /// that differ and are not numbers).
    static func compare(_ a: PropertyList, _ b: PropertyList) -> Order? {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x < y ? .less : x == y ? .equal : .greater
        case (.integer(let x), .real(let y)): compare(x, y)
        case (.real(let x), .integer(let y)): compare(y, x).map { $0 == .less ? .greater : $0 == .greater ? .less : .equal }
        case (.real(let x), .real(let y)): x < y ? .less : x == y ? .equal : x > y ? .greater : nil
        default: a == b ? .equal : nil
        }
    }

    /// `value`, with an integer that a `Double` holds exactly made that real and `-0.0` made
    /// `0.0`: two values are equal as property lists (and hash alike) when ``compare(_:_:)``
    /// calls them equal (but NaN, which is equal to itself as a property list and to nothing
    /// here).
    static func exactValue(_ value: PropertyList) -> PropertyList {
        switch value {
        case .integer(let integer) where compare(value, .real(integer.doubleValue)) == .equal: .real(integer.doubleValue)
        case .real(let real) where real == 0: .real(0)
        default: value
        }
    }

    /// How `integer` compares with `real`, exactly: the real's whole part is compared as an
    /// integer, then its fraction; `nil` for NaN.
    private static func compare(_ integer: PropertyListInteger, _ real: Double) -> Order? {
        guard !real.isNaN else { return nil }
        let whole = real.rounded(.towardZero)
        // 2^64 and -2^63 as doubles: every property list integer lies in -2^63 ..< 2^64.
        if whole >= 18_446_744_073_709_551_616.0 { return .less }
        if whole < -9_223_372_036_854_775_808.0 { return .greater }
        let wholeInteger = whole >= 0 ? PropertyListInteger(UInt64(whole)) : PropertyListInteger(Int64(whole))
        if integer < wholeInteger { return .less }
        if wholeInteger < integer { return .greater }
        return real > whole ? .less : real < whole ? .greater : .equal
    }

    private static func items(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }

    /// A value as messages quote it: strings in quotes (line breaks, tabs and quotes escaped, so
    /// a message stays one line), numbers, Booleans, dates as written.
    static func text(_ value: PropertyList) -> String {
        switch value {
        case .string(let string): string.quotedForMessage(limit: 60)
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
