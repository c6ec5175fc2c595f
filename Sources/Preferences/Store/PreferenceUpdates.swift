import PropertyLists

/// The values of one key of a store as they change: the current value first, then each new
/// value, from this process, another process or `prefs write`. See
/// ``PreferenceStore/updates(for:)``.
public struct PreferenceUpdates<Value: Codable & Sendable>: AsyncSequence, Sendable {
    /// The key's value.
    public typealias Element = Value
    /// What reading the value throws.
    public typealias Failure = PreferenceError

    let store: PreferenceStore
    let key: PreferenceKey<Value>

    /// Starts observing; the observation ends when the iterator is dropped.
    public func makeAsyncIterator() -> Iterator { Iterator(store: store, key: key) }

    /// Reads the key once now, then again after each change of the search list that alters it.
    public struct Iterator: AsyncIteratorProtocol {
        let store: PreferenceStore
        let key: PreferenceKey<Value>
        private var signal: ChangeSignal?
        private var last: PropertyList?
        private var hasYielded = false
        /// Whether the next call waits for a change before it reads: after a value, and after a
        /// read that threw, so a caller that asks again after an error is not answered at once
        /// with the same error.
        private var waitsForChange = false

        init(store: PreferenceStore, key: PreferenceKey<Value>) {
            self.store = store
            self.key = key
        }

        /// The current value at the first call, then the next different value.
        ///
        /// After it throws for a value that does not read (a domain file caught unreadable, a
        /// stored value of another type), it may be asked again: it waits for the next change
        /// and goes on.
        ///
        /// - Returns: `nil` once the task is cancelled.
        /// - Throws: As ``PreferenceStore/value(for:)``, or `.systemLimit` when the folder cannot be
        ///   watched.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(PreferenceError) -> Value? {
            // Observe before reading, so a change right after the first read is not missed.
            if signal == nil { signal = try ChangeSignal(store) }
            while true {
                if waitsForChange {
                    guard await signal!.wait(isolation: actor) else { return nil }
                }
                waitsForChange = true
                let stored = try store.object(forKey: key.name)
                if hasYielded && stored == last { continue }
                hasYielded = true
                last = stored
                guard let stored else { return key.defaultValue }
                return try store.decode(Value.self, from: stored, forKey: key.name)
            }
        }

        /// As ``next(isolation:)``.
        public mutating func next() async throws(PreferenceError) -> Value? {
            try await next(isolation: nil)
        }
    }
}
