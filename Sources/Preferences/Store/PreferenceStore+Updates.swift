/// Observing changes, as `UserDefaults`' key-value observing, GSettings' `changed` signal and the
/// Defaults library's `updates` do, but across processes too.
extension PreferenceStore {
    /// The value of `key` now, then each time it changes, in this process, in another process
    /// using the library, or through `prefs write`.
    ///
    /// ```swift
    /// for try await size in store.updates(for: .fontSize) {
    ///     print("font size is now", size)
    /// }
    /// ```
    ///
    /// Changes arrive from the kernel (inotify on the store's folder) without polling, typically
    /// within a millisecond; a burst of changes while the loop is busy is one new value. The
    /// sequence ends when the task is cancelled. Observers share the process's one watcher thread.
    public func updates<Value>(for key: PreferenceKey<Value>) -> PreferenceUpdates<Value> {
        PreferenceUpdates(store: self, key: key)
    }

    /// The keys whose values changed, after each change to the store's search list (its
    /// domain, the global domain or the registered defaults).
    ///
    /// ```swift
    /// for try await keys in store.updates() {
    ///     print("changed:", keys.sorted())
    /// }
    /// ```
    public func updates() -> DomainUpdates {
        DomainUpdates(store: self)
    }
}
