import PropertyLists

/// A check of a whole domain against a manifest, fed the domain's root entries one by one as
/// they are read (``PropertyListReader/read(contentsOf:fileName:eachRootEntry:)``), so that the
/// domain's dictionary is never built.
///
/// ```swift
/// var check = ManifestDomainCheck(manifest)
/// let root = try PropertyListReader().read(contentsOf: path) { key, value in check.check(value, forKey: key) }
/// let problems = check.finish()
/// ```
///
/// Fed every entry of a domain once, in the domain's order, it finds what
/// ``Manifest/check(_:strict:)`` finds in the whole dictionary, in the same order.
package struct ManifestDomainCheck {
    private let keys: ManifestKeys
    private var checker: ManifestChecker
    /// Whether the domain holds each of the manifest's root keys, by position.
    private var present: [Bool]

    /// A check against `manifest`.
    ///
    /// - Parameter strict: Report keys the manifest does not name as errors, not warnings.
    package init(_ manifest: Manifest, strict: Bool = false) {
        keys = manifest.keys
        checker = ManifestChecker(strict: strict)
        present = Array(repeating: false, count: manifest.keys.all.count)
    }

    /// Checks the domain's root entry `key`, which holds `value`. Each key comes once.
    package mutating func check(_ value: PropertyList, forKey key: String) {
        if let position = checker.check(value, forRootKey: key, against: keys) { present[position] = true }
    }

    /// Ends the check, once every entry has been checked: reports the required keys the
    /// domain lacks.
    ///
    /// - Returns: Every violation, errors and warnings, in the order of the domain's keys
    ///   followed by the missing keys in the manifest's order.
    package mutating func finish() -> [ManifestViolation] {
        // By index: enumerating would copy each key.
        for position in keys.all.indices where !present[position] && keys.all[position].isRequired {
            checker.reportMissing(rootKey: keys.all[position].name)
        }
        return checker.violations
    }
}
