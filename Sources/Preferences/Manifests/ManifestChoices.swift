import PropertyLists
import Synchronization

/// A `pfm_range_list`: the values a key allows, looked up by their exact values in a hashed
/// set, so that checking a value costs the same however long the list (Chrome's and Firefox's
/// manifests list hundreds of locales or policies; a hostile one, as many as it likes).
///
/// A class so that the copies of a key share one set; the set is built when a value is first
/// checked, under a lock, so sharing it between threads is safe.
final class ManifestChoices: Sendable {
    /// The values, in the manifest's order.
    let values: [PropertyList]
    /// The values made exact (``ManifestChecker/exactValue(_:)``), NaN left out, once built.
    private let exactValues: Mutex<Set<PropertyList>?>

    /// The choice of `values`.
    init(_ values: [PropertyList]) {
        self.values = values
        exactValues = Mutex(nil)
    }

    /// Whether `value`, of the key's type, is one of the values as ``ManifestChecker/compare(_:_:)``
    /// compares them: numbers by their exact values (`1` is `1.0`, `-0.0` is `0`, NaN is none),
    /// strings exactly, other values when equal.
    ///
    /// - Complexity: O(1) on average in the length of the list, but the first value checked,
    ///   which hashes the list: O(*n*).
    func contains(_ value: PropertyList) -> Bool {
        if case .real(let real) = value, real.isNaN { return false }
        let exact = ManifestChecker.exactValue(value)
        return exactValues.withLock { exactValues in
            if let exactValues { return exactValues.contains(exact) }
            var set = Set<PropertyList>(minimumCapacity: values.count)
            for choice in values {
                if case .real(let real) = choice, real.isNaN { continue }
                set.insert(ManifestChecker.exactValue(choice))
            }
            exactValues = set
            return set.contains(exact)
        }
    }
}
