public import Configuration
import Preferences

/// Watching, driven by the store's inotify watch of its search list's folders.
extension PreferencesProvider {
    /// The value at the key path of `key` now, then again each time a change to the search list
    /// (from this process, another process or `prefs write`) changes it, until `updatesHandler`
    /// returns.
    ///
    /// An error reading the search list (a domain file that does not read) is an element too,
    /// and watching goes on: the next change that reads again brings the value back.
    ///
    /// - Throws: `PreferenceError` with code `.systemLimit` when the kernel refuses to watch
    ///   the search list's folders; what `updatesHandler` throws.
    nonisolated(nonsending) public func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey, type: ConfigType,
        updatesHandler: nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>) async throws -> Return
    ) async throws -> Return {
        try await watch(
            { Result { try value(forKey: key, type: type) } },
            differ: { old, new in
                switch (old, new) {
                case (.success(let old), .success(let new)): old != new
                case (.failure(let old), .failure(let new)): (old as? PreferenceError) != (new as? PreferenceError)
                default: true
                }
            },
            updatesHandler: updatesHandler)
    }

    /// The search list now, then again after each change to it, until `updatesHandler` returns.
    ///
    /// A snapshot taken while a domain file does not read throws from every lookup; watching goes
    /// on, and the next change that reads again brings a snapshot that answers.
    ///
    /// - Throws: `PreferenceError` with code `.systemLimit` when the kernel refuses to watch
    ///   the search list's folders; what `updatesHandler` throws.
    nonisolated(nonsending) public func watchSnapshot<Return: ~Copyable>(
        updatesHandler: nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws -> Return
    ) async throws -> Return {
        try await watch(
            { currentSnapshot() }, differ: { $0.values != $1.values },
            updatesHandler: { updates in try await updatesHandler(ConfigUpdatesAsyncSequence(updates.map { $0 as any ConfigSnapshot })) })
    }

    /// Hands `updatesHandler` what `read` gives now, then what it gives after each change of the
    /// search list that `differ` tells from the last.
    ///
    /// The store's observer is registered before the first read, so no change is missed between
    /// the two. At most one element waits unread: a burst of changes while the handler is busy is
    /// one element, the latest.
    nonisolated(nonsending) private func watch<Element: Sendable, Return: ~Copyable>(
        _ read: @escaping @Sendable () -> Element, differ: @escaping @Sendable (Element, Element) -> Bool,
        updatesHandler: nonisolated(nonsending) (ConfigUpdatesAsyncSequence<Element, Never>) async throws -> Return
    ) async throws -> Return {
        let signal = try ChangeSignal(store)
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let first = read()
        continuation.yield(first)
        let feeder = Task {
            var last = first
            while await signal.wait() {
                let current = read()
                guard differ(last, current) else { continue }
                continuation.yield(current)
                last = current
            }
            continuation.finish()
        }
        defer { feeder.cancel() }
        return try await updatesHandler(ConfigUpdatesAsyncSequence(stream))
    }
}
