/// One observer of a store: woken, once per burst, after its domains change.
///
/// Holds no thread: the process's one ``FolderWatcher`` thread wakes it through an
/// `AsyncStream` that keeps at most one pending wake-up, so a burst of changes is one wake-up.
/// Dropping it removes the observer.
package final class ChangeSignal {
    private let cache: SearchListCache
    private let id: UInt64
    private var changes: AsyncStream<Void>.Iterator

    /// Registers an observer of `store`, watching its folder first.
    ///
    /// - Throws: ``PreferenceError`` with code `.systemLimit` when the kernel refuses to watch
    ///   the folder.
    package init(_ store: PreferenceStore) throws(PreferenceError) {
        if let setupError = store.setupError { throw setupError }
        guard store.startWatching() else {
            throw PreferenceError(
                .systemLimit,
                "cannot watch \(store.folder.path) for changes: the kernel refused an inotify watch (see /proc/sys/fs/inotify/max_user_watches and max_user_instances)"
            )
        }
        cache = store.cache
        let (id, stream) = store.cache.addObserver()
        self.id = id
        changes = stream.makeAsyncIterator()
    }

    /// Waits for the next change.
    ///
    /// - Returns: `false` when the task was cancelled.
    package func wait(isolation actor: isolated (any Actor)? = #isolation) async -> Bool {
        await changes.next(isolation: actor) != nil && !Task.isCancelled
    }

    deinit { cache.removeObserver(id) }
}
