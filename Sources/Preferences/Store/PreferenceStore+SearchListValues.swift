import PropertyLists

extension PreferenceStore {
    /// What each layer of the ``searchList`` holds now, for lookups at key paths that must agree
    /// with one another (a configuration snapshot).
    ///
    /// Files come from the store's cache, parsed again only when they changed.
    ///
    /// - Throws: `.unreadable` when a file of the search list does not read.
    /// - Complexity: O(*n*) in the number of layers once the files are parsed.
    package func searchListValues() throws(PreferenceError) -> SearchListValues {
        if let setupError { throw setupError }
        var layers: [SearchListValues.Layer] = []
        for layer in searchList.layers {
            if case .manifest = layer {
                if let manifest { layers.append(.manifest(manifest)) }
            } else if let values = try values(in: layer), !values.isEmpty {
                layers.append(.values(values))
            }
        }
        return SearchListValues(layers: layers)
    }
}
