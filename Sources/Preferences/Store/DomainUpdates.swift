import PropertyLists

/// The changes of a store's search list, each as the set of keys whose values changed. See
/// ``PreferenceStore/updates()``.
public struct DomainUpdates: AsyncSequence, Sendable {
    /// The keys whose values changed (added, changed or removed).
    public typealias Element = Set<String>
    /// What reading the domain throws.
    public typealias Failure = PreferenceError

    let store: PreferenceStore

    /// Starts observing; the observation ends when the iterator is dropped.
    public func makeAsyncIterator() -> Iterator { Iterator(store: store) }

    /// Compares the search list after each change with what it was before.
    public struct Iterator: AsyncIteratorProtocol {
        let store: PreferenceStore
        private var signal: ChangeSignal?
        private var last = PropertyListDictionary()

        init(store: PreferenceStore) { self.store = store }

        /// The keys changed by the next change that changes any.
        ///
        /// - Returns: `nil` once the task is cancelled.
        /// - Throws: As ``PreferenceStore/dictionaryRepresentation()``, or `.systemLimit` when the
        ///   folder cannot be watched.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(PreferenceError) -> Set<String>? {
            if signal == nil {
                signal = try ChangeSignal(store)
                last = try store.dictionaryRepresentation()
            }
            while true {
                guard await signal!.wait(isolation: actor) else { return nil }
                let current = try store.dictionaryRepresentation()
                var changed: Set<String> = []
                for (key, value) in current where last[key] != value { changed.insert(key) }
                for (key, _) in last where current[key] == nil { changed.insert(key) }
                last = current
                if !changed.isEmpty { return changed }
            }
        }

        /// As ``next(isolation:)``.
        public mutating func next() async throws(PreferenceError) -> Set<String>? {
            try await next(isolation: nil)
        }
    }
}
