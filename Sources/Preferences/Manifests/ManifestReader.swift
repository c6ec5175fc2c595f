import Patterns
import PropertyLists

/// Reads the `pfm_*` entries of a manifest, and places each problem in the manifest.
///
/// Real manifests carry rules prefs cannot enforce (a `pfm_format` with a construct prefs
/// refuses, a range on an array, a bound written as a string, a default outside its own
/// choices, a key described twice): each is a warning in ``Findings`` and is left out, and the
/// rest of the manifest is read and enforced. Only what makes the manifest unusable is an
/// error: a root that is no dictionary, a `pfm_domain` or `pfm_subkeys` of the wrong type, an
/// unknown `pfm_type`, a minimum above its maximum.
struct ManifestReader {
    /// A problem with the manifest itself: what, and where in the manifest's value (for the
    /// line, which is looked up only then, so that a manifest that reads well costs no line
    /// records).
    struct Problem: Error {
        /// The keys and indices of the manifest's entry at fault.
        let place: [String]
        /// What is wrong, naming the key described and the rule.
        let message: String
    }

    /// The problems found in one manifest, shared by the readers of its entries.
    final class Findings {
        /// Problems that make the manifest unusable.
        var errors: [Problem] = []
        /// Rules prefs cannot enforce, left out.
        var warnings: [Problem] = []
    }

    /// Compiled `pfm_format` expressions by source: manifests repeat a few patterns (UUIDs,
    /// identifiers) many times, and compiling one costs more than reading its key.
    let patterns: PatternCache
    /// Where problems go.
    let findings: Findings
    /// Where the entry being read lies in the manifest, for its line.
    let place: [String]
    /// The domain keys (names; `*` for an array's items) down to the entry, for messages.
    let keyNames: [String]

    /// A reader of a manifest's root.
    init() {
        self.init(patterns: PatternCache(), findings: Findings(), place: [], keyNames: [])
    }

    private init(patterns: PatternCache, findings: Findings, place: [String], keyNames: [String]) {
        self.patterns = patterns
        self.findings = findings
        self.place = place
        self.keyNames = keyNames
    }

    /// A reader of the entry at `place` (a key of the manifest's own dictionary).
    func entry(_ components: String...) -> ManifestReader {
        ManifestReader(patterns: patterns, findings: findings, place: place + components, keyNames: keyNames)
    }

    /// A reader for the key `name` described by the entry here.
    func naming(_ name: String, isItem: Bool) -> ManifestReader {
        ManifestReader(patterns: patterns, findings: findings, place: place, keyNames: keyNames + [isItem ? "*" : name])
    }

    /// A problem with the entry here (or with its `pfm_*` entry at `components`).
    func problem(_ message: String, at components: [String] = []) -> Problem {
        let subject = keyNames.isEmpty ? "" : "key \(keyNames.joined(separator: ".").quotedForMessage(limit: 80)): "
        return Problem(place: place + components, message: subject + message)
    }

    /// Records a rule that prefs leaves out, with why.
    func warn(_ message: String, at components: [String] = []) {
        findings.warnings.append(problem(message, at: components))
    }

    /// The string under `field`, `nil` when absent; one of another type is a warning and
    /// left out, unless `required`, when it is an error.
    func string(_ field: ManifestEntry.Field, in entry: ManifestEntry, required: Bool = false) throws(Problem) -> String? {
        guard let value = entry[field] else { return nil }
        let key = field.key
        guard case .string(let string) = value else {
            let message = "\(key) is \(value.typeNameWithArticle), not a string"
            if required { throw problem(message, at: [key]) }
            warn(message + "; it is ignored", at: [key])
            return nil
        }
        return string
    }

    /// The Boolean under `field`, `nil` when absent or (with a warning) of another type.
    func bool(_ field: ManifestEntry.Field, in entry: ManifestEntry) -> Bool? {
        guard let value = entry[field] else { return nil }
        let key = field.key
        guard case .bool(let bool) = value else {
            warn("\(key) is \(value.typeNameWithArticle), not a boolean; it is ignored", at: [key])
            return nil
        }
        return bool
    }

    /// The bound under `field` of a number of type `type`: an integer, or a real for a real
    /// key; `nil` when absent or (with a warning) when it bounds nothing prefs can compare.
    func number(_ field: ManifestEntry.Field, in entry: ManifestEntry, for type: ManifestType) -> PropertyList? {
        guard let value = entry[field] else { return nil }
        let key = field.key
        guard type == .integer || type == .real else {
            warn("\(key) applies to numbers, but the key is \(type.nameWithArticle); not enforced", at: [key])
            return nil
        }
        guard type.accepts(value) else {
            warn("\(key) is \(Self.described(value)), not \(type.nameWithArticle) like the key; not enforced", at: [key])
            return nil
        }
        if case .real(let real) = value, real.isNaN {
            warn("\(key) is nan, which bounds nothing; not enforced", at: [key])
            return nil
        }
        return value
    }

    /// A value as a message names it: its type, and a short string's text.
    static func described(_ value: PropertyList) -> String {
        switch value {
        case .array, .dictionary, .data: value.typeNameWithArticle
        default: "\(value.typeNameWithArticle), \(ManifestChecker.text(value))"
        }
    }

    /// Throws when `minimum` lies above `maximum`, so that no value could fit between them.
    func checkRange(_ minimum: PropertyList?, _ maximum: PropertyList?, of fields: (ManifestEntry.Field, ManifestEntry.Field)) throws(Problem) {
        guard let minimum, let maximum, ManifestChecker.compare(minimum, maximum) == .greater else { return }
        throw problem(
            "\(fields.0.key) \(ManifestChecker.text(minimum)) is above \(fields.1.key) \(ManifestChecker.text(maximum)), so no value could fit",
            at: [fields.0.key])
    }

    /// The array length under `field`, a non-negative integer; `nil` when absent or (with a
    /// warning) when it is not one, or the key is no array.
    func count(_ field: ManifestEntry.Field, in entry: ManifestEntry, for type: ManifestType) -> Int? {
        guard let value = entry[field] else { return nil }
        let key = field.key
        guard type == .array else {
            warn("\(key) applies to arrays, but the key is \(type.nameWithArticle); not enforced", at: [key])
            return nil
        }
        guard case .integer(let integer) = value, !integer.isNegative, let count = integer.int64Value.map(Int.init) else {
            warn("\(key) must be an integer of 0 or more, not \(Self.described(value)); not enforced", at: [key])
            return nil
        }
        return count
    }

    /// The compiled `pfm_format` expressions of one manifest, by source.
    final class PatternCache {
        private var compiled: [String: ManifestPattern] = [:]
        /// The matchers of the strings of the keys' `pfm_default` values.
        var defaults = ManifestChecker.Formats()

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
