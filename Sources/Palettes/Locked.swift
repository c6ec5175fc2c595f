import Glibc

/// A value guarded by a POSIX mutex: the lock `PaletteStore` takes around its state.
///
/// Not `Synchronization.Mutex`: on Linux that one waits on a futex directly, which
/// ThreadSanitizer does not see, so `swift test --sanitize=thread` reports a race on every value
/// it guards (two threads incrementing a counter under `Mutex.withLock` give the exact total and
/// two "Swift access race" reports). ThreadSanitizer intercepts `pthread_mutex_lock`, so races
/// it reports around this lock are real.
final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Guards `value`.
    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        // The access to `value` ends here, before the unlock, on the throwing path too.
        let outcome = Swift.Result { () throws(Failure) in try body(&value) }
        pthread_mutex_unlock(mutex)
        return try outcome.get()
    }
}
