import Observation
import Synchronization

/// A typed key's value as an `@Observable` property, for UI state and configuration that must
/// always have a value: reading never throws, and what goes wrong goes to the handler its creator
/// gives.
///
/// ```swift
/// let fontSize = ObservablePreference(.fontSize, in: store) { error in
///     logger.warning("\(error)")
/// }
/// fontSize.value        // what is stored, else the key's default
/// fontSize.value = 14   // stored at once, as store.set(14, for: .fontSize)
/// ```
///
/// The value follows the store: a change made in this process, in another process or by
/// `prefs write` reaches ``value``, and whatever observes it (Observation's
/// `withObservationTracking`, a SwiftUI view), within milliseconds, as the kernel reports it
/// (see ``PreferenceStore/updates(for:)``); watching ends when the model is released. A value that
/// cannot be read (an unreadable domain file, a stored value that is not a `Value`) or written is
/// handed to the handler, and ``value`` keeps the last good value (the key's default at first).
///
/// It lives on the main actor, as UI state does.
@MainActor
@Observable
public final class ObservablePreference<Value: Codable & Sendable> {
    /// The key whose value this is.
    @ObservationIgnored public let key: PreferenceKey<Value>
    /// The store the value is read from and written to.
    @ObservationIgnored public let store: PreferenceStore
    @ObservationIgnored private let report: @MainActor (PreferenceError) -> Void
    /// The task that follows the store, cancelled when the model goes.
    @ObservationIgnored private let watch = Mutex<Task<Void, Never>?>(nil)
    private var current: Value

    /// The stored value, else the key's default; setting it stores the new value at once.
    ///
    /// A value that cannot be stored (it breaks the domain's manifest, the disk is full) is
    /// handed to the error handler and the value stays what is stored.
    public var value: Value {
        get { current }
        set {
            do throws(PreferenceError) {
                try store.set(newValue, for: key)
                current = newValue
            } catch {
                report(error)
            }
        }
    }

    /// Reads `key` from `store` and starts following its changes.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - store: The store that holds it.
    ///   - onError: Told each failure to read or store the value, and why watching stopped
    ///     (`.systemLimit`: the kernel refused to watch the folder).
    public init(_ key: PreferenceKey<Value>, in store: PreferenceStore, onError: @escaping @MainActor (PreferenceError) -> Void) {
        self.key = key
        self.store = store
        report = onError
        var failure: PreferenceError?
        current = store.value(for: key) { error in
            failure = error
            onError(error)
        }
        let task = Task { [weak self, failure] in
            // The key's value now (after the watch began, so no change is missed), then each new one.
            var values = store.updates(for: key).makeAsyncIterator()
            var isFirst = true
            while true {
                do throws(PreferenceError) {
                    guard let value = try await values.next(isolation: #isolation), let self else { return }
                    self.current = value
                } catch {
                    guard let self else { return }
                    // The first read repeats the one above: its failure was reported already.
                    if !isFirst || error != failure { self.report(error) }
                    // The kernel will not watch the folder, or the store never opened: that lasts.
                    if error.code == .systemLimit || store.setupError != nil { return }
                }
                isFirst = false
            }
        }
        watch.withLock { $0 = task }
    }

    deinit {
        watch.withLock { $0?.cancel() }
    }
}
