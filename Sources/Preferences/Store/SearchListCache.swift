import PropertyLists
import Synchronization

/// What a store keeps in memory, under one lock: the registration domain, the parsed files of
/// its search list (by path), and the observers waiting for changes.
///
/// A parsed domain stays valid until it is invalidated. While the store's folder is watched
/// (``FolderWatcher``), invalidation comes from the kernel's events and from this process's own
/// writes, so a warm lookup costs this lock and a dictionary lookup, with no system call; before
/// that, each parsed file is checked against its ``DomainFile/Version``. Each file has an
/// epoch, taken before it is read and bumped by every invalidation, so a parse that raced with
/// a change is never kept.
final class SearchListCache: Sendable {
    struct Snapshot {
        /// The file's version when it was read; `nil` when the folder is watched.
        let version: DomainFile.Version?
        /// The values, or `nil` when there is no file.
        let dictionary: PropertyListDictionary?
    }

    /// The result of a lookup in memory.
    enum Lookup {
        /// The value the search list gives.
        case found(PropertyList?)
        /// A domain file must be read first.
        case needsRead
    }

    /// When a file was read: the count of changes to everything and to the file.
    struct Epoch: Equatable {
        let everything: UInt64
        let file: UInt64
    }

    private struct State {
        var everythingEpoch: UInt64 = 0
        var registered = PropertyListDictionary()
        var snapshots: [String: Snapshot] = [:]
        var epochs: [String: UInt64] = [:]
        var isWatched = false
        var nextObserver: UInt64 = 0
        var observers: [UInt64: AsyncStream<Void>.Continuation] = [:]
    }

    private let state = Mutex(State())

    /// The registration domain.
    var registered: PropertyListDictionary { state.withLock { $0.registered } }

    /// Adds `defaults` to the registration domain and tells the observers.
    func register(_ defaults: PropertyListDictionary) {
        state.withLock { state in
            for (key, value) in defaults { state.registered[key] = value }
            for observer in state.observers.values { observer.yield() }
        }
    }

    /// The value of `key` from the first of the parsed `files` (paths) that has it, else from
    /// the registration domain; `.needsRead` unless the folders are watched and every file is
    /// parsed.
    func lookup(_ key: String, files: [String]) -> Lookup {
        state.withLock { state in
            guard state.isWatched else { return .needsRead }
            for file in files {
                guard let snapshot = state.snapshots[file] else { return .needsRead }
                if let value = snapshot.dictionary?[key] { return .found(value) }
            }
            return .found(state.registered[key])
        }
    }

    /// The parsed file at the path `name` and the epoch to read it under when it needs reading.
    func snapshot(_ path: String) -> (snapshot: Snapshot?, epoch: Epoch, isWatched: Bool) {
        state.withLock { state in (state.snapshots[path], Self.epoch(of: path, state), state.isWatched) }
    }

    private static func epoch(of path: String, _ state: State) -> Epoch {
        Epoch(everything: state.everythingEpoch, file: state.epochs[path, default: 0])
    }

    /// Keeps a parse of the file at `path` made under `epoch`, unless the file changed since.
    func keep(_ snapshot: Snapshot, of path: String, epoch: Epoch) {
        state.withLock { state in
            guard Self.epoch(of: path, state) == epoch else { return }
            state.snapshots[path] = snapshot
        }
    }

    /// Marks the folder watched from now on; everything parsed before is read again.
    func startWatching() {
        state.withLock { state in
            state.isWatched = true
            Self.invalidate(nil, &state)
        }
    }

    /// Whether the folders are watched, so that no parse needs checking against its file.
    var isWatched: Bool { state.withLock { $0.isWatched } }

    /// Marks the folders unwatched from now on, as the watch has stopped: everything parsed
    /// before is read again, each parse is checked against its file's version from then on, and
    /// the observers are told.
    func stopWatching() {
        state.withLock { state in
            state.isWatched = false
            Self.invalidate(nil, &state)
            for observer in state.observers.values { observer.yield() }
        }
    }

    /// Drops the parses of the files at `paths` (of everything when `nil`) and tells the observers.
    func invalidate(_ paths: Set<String>?) {
        state.withLock { state in
            Self.invalidate(paths, &state)
            for observer in state.observers.values { observer.yield() }
        }
    }

    private static func invalidate(_ paths: Set<String>?, _ state: inout State) {
        guard let paths else {
            state.snapshots.removeAll()
            state.everythingEpoch &+= 1
            return
        }
        for path in paths {
            state.snapshots[path] = nil
            state.epochs[path, default: 0] &+= 1
        }
    }

    /// A new observer: a stream that yields once (coalesced) after any number of changes.
    func addObserver() -> (id: UInt64, changes: AsyncStream<Void>) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.nextObserver += 1
            state.observers[state.nextObserver] = continuation
            return state.nextObserver
        }
        return (id, stream)
    }

    /// Ends an observer's stream.
    func removeObserver(_ id: UInt64) {
        state.withLock { $0.observers.removeValue(forKey: id) }?.finish()
    }
}
