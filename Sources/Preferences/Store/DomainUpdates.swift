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
        /// Whether the last read threw, so the next one that succeeds returns even if no key changed.
        private var recovering = false

        init(store: PreferenceStore) { self.store = store }

        /// The keys changed by the next change that changes any.
        ///
        /// After it throws for a domain file caught unreadable (a program writing it in place, an
        /// editor saving it), the iterator may be asked again: it goes on watching, and the next
        /// read that succeeds returns the keys changed since the last good read, perhaps none, so
        /// the caller learns that the domain reads again.
        ///
        /// - Returns: `nil` once the task is cancelled.
        /// - Throws: As ``PreferenceStore/dictionaryRepresentation()``, or `.systemLimit` when the
        ///   folder cannot be watched.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(PreferenceError) -> Set<String>? {
            if signal == nil {
                signal = try ChangeSignal(store)
                last = try read()
            }
            while true {
                guard await signal!.wait(isolation: actor) else { return nil }
                let current = try read()
                var changed: Set<String> = []
                for (key, value) in current where last[key] != value { changed.insert(key) }
                for (key, _) in last where current[key] == nil { changed.insert(key) }
                last = current
                if !changed.isEmpty || recovering {
                    recovering = false
                    return changed
                }
            }
        }

        /// The search list now, noting a failure for ``next(isolation:)``.
        private mutating func read() throws(PreferenceError) -> PropertyListDictionary {
            do {
                return try store.dictionaryRepresentation()
            } catch {
                recovering = true
                throw error
            }
        }

        /// As ``next(isolation:)``.
        public mutating func next() async throws(PreferenceError) -> Set<String>? {
            try await next(isolation: nil)
        }
    }
}
