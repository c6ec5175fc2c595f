import PropertyLists

/// What each layer of a store's search list held at one moment, highest precedence first: a
/// value that answers every lookup the same way, without reading a file, however the files
/// change after it was taken. See ``PreferenceStore/searchListValues()``.
///
/// A lookup at a key path takes the first layer in which the whole path leads to a value, as
/// `prefs read --key-path` does: a user's `server = { port = 8080; }` hides the administrator's
/// `server.port` but not their `server.host`.
package struct SearchListValues: Sendable, Equatable {
    /// What one layer held.
    package enum Layer: Sendable, Equatable {
        /// The values of a layer held in a file or in memory; empty for a missing file.
        case values(PropertyListDictionary)
        /// The domain's installed manifest, whose defaults are looked up key by key and subkey
        /// by subkey (``Manifest/defaultValue(at:)``).
        case manifest(Manifest)

        package static func == (lhs: Layer, rhs: Layer) -> Bool {
            switch (lhs, rhs) {
            case (.values(let left), .values(let right)): left == right
            // A store's manifest is read once, when the store is made.
            case (.manifest(let left), .manifest(let right)): left.path == right.path
            default: false
            }
        }
    }

    /// The layers, highest precedence first.
    package let layers: [Layer]

    /// The value at `path` from the first layer in which the whole path leads to one.
    ///
    /// - Complexity: O(*n* × *d*): *n* layers, *d* components of the path.
    package func value(at path: PropertyListKeyPath) -> PropertyList? {
        for layer in layers {
            switch layer {
            case .values(let dictionary):
                if let value = path.value(in: dictionary) { return value }
            case .manifest(let manifest):
                if let value = manifest.defaultValue(at: path.components) { return value }
            }
        }
        return nil
    }
}
