import Preferences
import Synchronization

/// The observers of a ``PaletteStore``: each gets the palettes after every change, whether an
/// edit in this process or a save by another process (seen through the domain's watch).
///
/// One task per store follows the domain for every observer of that store; it starts with the
/// first observer and is cancelled when the store goes away.
final class PalettePublisher: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        var observers: [UInt64: AsyncStream<[Palette]>.Continuation] = [:]
        var follower: Task<Void, Never>?
    }

    private let state = Mutex(State())

    /// A new observer's stream, starting with `current`; `follow` starts the task that follows
    /// other processes' saves, once per store.
    func observe(current: [Palette], follow: () -> Task<Void, Never>) -> AsyncStream<[Palette]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [Palette].self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(current)
        let id = state.withLock { state in
            if state.follower == nil { state.follower = follow() }
            state.nextID += 1
            state.observers[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `palettes` to every observer.
    func publish(_ palettes: [Palette]) {
        let observers = state.withLock { Array($0.observers.values) }
        for observer in observers { observer.yield(palettes) }
    }

    deinit {
        state.withLock { state in
            state.follower?.cancel()
            for observer in state.observers.values { observer.finish() }
        }
    }
}
