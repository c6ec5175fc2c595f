import PropertyLists

/// Reads the `pfm_*` entries of a manifest, and places each problem in the manifest.
struct ManifestReader {
    /// A manifest that is itself wrong: what, and where in the manifest's value (for the line,
    /// which is looked up only then, so that a manifest that reads well costs no line records).
    struct Problem: Error {
        /// The keys and indices of the manifest's entry at fault.
        let place: [String]
        /// What is wrong, naming the key described.
        let message: String
    }

    /// Compiled `pfm_format` expressions by source: manifests repeat a few patterns (UUIDs,
    /// identifiers) many times, and compiling one costs more than reading its key.
    let patterns: PatternCache
    /// Where the entry being read lies in the manifest, for its line.
    let place: [String]
    /// The domain keys (names; `*` for an array's items) down to the entry, for messages.
    let keyNames: [String]

    /// A reader of the entry at `place` (a key of the manifest's own dictionary).
    func entry(_ components: String...) -> ManifestReader {
        ManifestReader(patterns: patterns, place: place + components, keyNames: keyNames)
    }

    /// A reader for the key `name` described by the entry here.
    func naming(_ name: String, isItem: Bool) -> ManifestReader {
        ManifestReader(patterns: patterns, place: place, keyNames: keyNames + [isItem ? "*" : name])
    }

    /// A problem with the entry here (or with its `pfm_*` entry at `components`).
    func problem(_ message: String, at components: [String] = []) -> Problem {
        let subject = keyNames.isEmpty ? "" : "key \"\(keyNames.joined(separator: "."))\": "
        return Problem(place: place + components, message: subject + message)
    }

    /// The string under `field`, `nil` when absent.
    func string(_ field: ManifestEntry.Field, in entry: ManifestEntry) throws(Problem) -> String? {
        guard let value = entry[field] else { return nil }
        let key = field.key
        guard case .string(let string) = value else { throw problem("\(key) is \(value.typeNameWithArticle), not a string", at: [key]) }
        return string
    }

    /// The Boolean under `field`, `nil` when absent.
    func bool(_ field: ManifestEntry.Field, in entry: ManifestEntry) throws(Problem) -> Bool? {
        guard let value = entry[field] else { return nil }
        let key = field.key
        guard case .bool(let bool) = value else { throw problem("\(key) is \(value.typeNameWithArticle), not a boolean", at: [key]) }
        return bool
    }

    /// The bound under `field` of a number of type `type`: an integer, or a real for a real key.
    func number(_ field: ManifestEntry.Field, in entry: ManifestEntry, for type: ManifestType) throws(Problem) -> PropertyList? {
        guard let value = entry[field] else { return nil }
        let key = field.key
        guard type == .integer || type == .real else {
            throw problem("\(key) applies to numbers, but the key is \(type.nameWithArticle)", at: [key])
        }
        guard type.accepts(value) else {
            throw problem("\(key) is \(value.typeNameWithArticle), not \(type.nameWithArticle) like the key", at: [key])
        }
        if case .real(let real) = value, real.isNaN { throw problem("\(key) is nan, which bounds nothing", at: [key]) }
        return value
    }

    /// Throws when `minimum` lies above `maximum`, so that no value could fit between them.
    func checkRange(_ minimum: PropertyList?, _ maximum: PropertyList?, of fields: (ManifestEntry.Field, ManifestEntry.Field)) throws(Problem) {
        guard let minimum, let maximum, ManifestChecker.compare(minimum, maximum) == .greater else { return }
        throw problem(
            "\(fields.0.key) \(ManifestChecker.text(minimum)) is above \(fields.1.key) \(ManifestChecker.text(maximum)), so no value could fit",
            at: [fields.0.key])
    }

    /// The array length under `field`, a non-negative integer.
    func count(_ field: ManifestEntry.Field, in entry: ManifestEntry, for type: ManifestType) throws(Problem) -> Int? {
        guard let value = entry[field] else { return nil }
        let key = field.key
        guard type == .array else { throw problem("\(key) applies to arrays, but the key is \(type.nameWithArticle)", at: [key]) }
        guard case .integer(let integer) = value, !integer.isNegative, let count = integer.int64Value.map(Int.init) else {
            throw problem("\(key) must be an integer of 0 or more", at: [key])
        }
        return count
    }

    /// The compiled `pfm_format` expressions of one manifest, by source.
    final class PatternCache {
        private var compiled: [String: ManifestPattern] = [:]

        /// The compiled `source`, compiled once.
        ///
        /// - Throws: ``PatternError`` for an expression that is not one or that prefs refuses.
        func pattern(_ source: String) throws(PatternError) -> ManifestPattern {
            if let pattern = compiled[source] { return pattern }
            let pattern = try ManifestPattern(source)
            compiled[source] = pattern
            return pattern
        }
    }
}
