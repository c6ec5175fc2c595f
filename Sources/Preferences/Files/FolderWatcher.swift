import Glibc
import Synchronization
import SystemPackage

/// Tells subscribers which domain files of a folder changed, from the kernel's inotify events.
///
/// One watcher serves the whole process: one inotify descriptor and one thread, started by the
/// first subscription and shared by every store and observer after it, so observers cost no
/// thread or descriptor of their own. A domain is replaced by a rename, so its change is the
/// `IN_MOVED_TO` of `NAME.plist`; a new domain's file is linked in, `IN_CREATE`; a removal is
/// `IN_DELETE`; an edit in place is
/// `IN_CLOSE_WRITE`. Dot-files (temporary files) are ignored. A folder that does not
/// exist yet is awaited by watching its nearest existing ancestor; once it appears (or when it
/// goes away, or the kernel's queue overflows) subscribers are told that everything changed.
/// A watch follows a folder, not its path: so that a store keeps following its path when a
/// parent folder is renamed and made again, or a link on the way is pointed elsewhere (changes
/// inotify does not report), the watcher checks once a second that each path still leads to the
/// folder it watches, and watches it again, telling its subscribers, when it does not.
/// The corresponding Linux functions are `inotify_init1`, `inotify_add_watch` and
/// `inotify_rm_watch`.
final class FolderWatcher: Sendable {
    /// What changed in a folder.
    enum Change: Sendable {
        /// These domains' files (names without `.plist`) were replaced, changed or removed.
        case domains(Set<String>)
        /// Anything may have changed: the folder appeared or went away, or events were lost.
        case everything
        /// Watching has ended (the kernel's descriptor stopped reading): no change will be told
        /// from now on, and the subscriber must check files itself.
        case stopped
    }

    typealias Handler = @Sendable (Change) -> Void

    /// The process's watcher.
    static let shared = FolderWatcher()

    /// A subscription; dropping it unsubscribes.
    final class Token: Sendable {
        fileprivate let id: UInt64
        fileprivate let watcher: FolderWatcher

        fileprivate init(id: UInt64, watcher: FolderWatcher) {
            self.id = id
            self.watcher = watcher
        }

        deinit { watcher.unsubscribe(id) }
    }

    private struct Subscription {
        let folder: String
        let handler: Handler
        /// The watch descriptor in use: of the folder, or of an ancestor while it is missing.
        var watch: Int32
        var watchesFolder: Bool
        /// The device and inode of the folder when its watch began; `nil` while it is missing.
        var identity: FileIdentity?
    }

    private struct State {
        var descriptor: Int32 = -1
        var threadStarted = false
        /// Set when the descriptor failed: later subscriptions are refused.
        var stopped = false
        var nextID: UInt64 = 0
        var subscriptions: [UInt64: Subscription] = [:]
        var watchUsers: [Int32: Int] = [:]
    }

    private let state = Mutex(State())

    private static let mask: UInt32 = UInt32(
        IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE
            | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Starts telling `handler` about changes in `folder`.
    ///
    /// - Returns: The subscription, to keep as long as changes matter; `nil` when the kernel
    ///   refuses a watch (no inotify, or its limits are reached) or watching has stopped: the
    ///   caller must then check files itself.
    func subscribe(folder: String, handler: @escaping Handler) -> Token? {
        state.withLock { state -> Token? in
            guard !state.stopped else { return nil }
            if state.descriptor < 0 {
                state.descriptor = inotify_init1(Int32(IN_CLOEXEC))
                guard state.descriptor >= 0 else { return nil }
            }
            guard let (watch, watchesFolder) = Self.arm(folder, &state) else { return nil }
            state.nextID += 1
            state.subscriptions[state.nextID] = Subscription(
                folder: folder, handler: handler, watch: watch, watchesFolder: watchesFolder,
                identity: watchesFolder ? FileIdentity(of: folder) : nil)
            if !state.threadStarted {
                state.threadStarted = true
                startThread()
            }
            return Token(id: state.nextID, watcher: self)
        }
    }

    /// Tells the subscribers of `folder` at once that `domain` changed: a write made in this
    /// process is seen by every store in it before the write returns.
    func noteChange(of domain: String, in folder: String) {
        let handlers = state.withLock { state in state.subscriptions.values.filter { $0.folder == folder }.map(\.handler) }
        for handler in handlers { handler(.domains([domain])) }
    }

    private func unsubscribe(_ id: UInt64) {
        state.withLock { state in
            guard let subscription = state.subscriptions.removeValue(forKey: id) else { return }
            Self.release(subscription.watch, &state)
        }
    }

    /// Watches `folder`, or its nearest existing ancestor while it is missing.
    ///
    /// - Returns: The watch descriptor and whether it is the folder's; `nil` when refused.
    private static func arm(_ folder: String, _ state: inout State) -> (Int32, Bool)? {
        var path = folder
        var attempts = 0
        while true {
            let watch = inotify_add_watch(state.descriptor, path, mask)
            if watch >= 0 {
                state.watchUsers[watch, default: 0] += 1
                if path == folder { return (watch, true) }
                // The folder below may have appeared before the ancestor's watch began, and its
                // creation would never be reported: look, and start again from the folder.
                attempts += 1
                guard attempts < 20, access(child(of: path, toward: folder), F_OK) == 0 else { return (watch, false) }
                release(watch, &state)
                path = folder
                continue
            }
            guard errno == ENOENT || errno == ENOTDIR, path != "/", !path.isEmpty else { return nil }
            path = parent(of: path)
        }
    }

    /// The path one component below `ancestor` on the way to `folder`.
    private static func child(of ancestor: String, toward folder: String) -> String {
        let rest = folder.dropFirst(ancestor == "/" ? 1 : ancestor.count + 1)
        return (ancestor == "/" ? "" : ancestor) + "/" + (rest.split(separator: "/").first.map(String.init) ?? "")
    }

    private static func release(_ watch: Int32, _ state: inout State) {
        let users = (state.watchUsers[watch] ?? 1) - 1
        if users > 0 {
            state.watchUsers[watch] = users
        } else {
            state.watchUsers[watch] = nil
            inotify_rm_watch(state.descriptor, watch)
        }
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The watcher thread's name, as `/proc/PID/task/*/comm` shows it.
    static let threadName = "prefs-watcher"

    /// Names the calling thread ``threadName`` (`pthread_setname_np` is not in Swift's Glibc).
    private static func nameThisThread() {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = threadName.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, threadName.utf8.count) }
        close(descriptor)
    }

    private func startThread() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { context in
                FolderWatcher.nameThisThread()
                Unmanaged<FolderWatcher>.fromOpaque(context!).takeRetainedValue().readEvents()
                return nil
            }, context)
        if started == 0 { pthread_detach(thread) }
    }

    /// How often the watcher checks that each path still leads to the folder it watches, in
    /// milliseconds.
    private static let pathCheckInterval: Int32 = 1000

    /// The watcher thread: reads events for ever and hands them out, and checks the paths
    /// (``recheckPaths()``) whenever a second passes without an event.
    private func readEvents() {
        let descriptor = state.withLock { $0.descriptor }
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Self.pathCheckInterval)
            if ready == 0 {
                recheckPaths()
                continue
            }
            if ready < 0 && errno == EINTR { continue }
            // Polling or reading fails only when the descriptor is unusable. The failure is
            // handled, not dropped: the watcher stops and tells every subscriber (`stop()`), and
            // stores check their files' versions on every read instead. Its errno would reach no one.
            guard ready > 0, let count = try? FileDescriptor(rawValue: descriptor).read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity)),
                count > 0
            else { return stop() }
            var events: [(watch: Int32, mask: UInt32, name: String)] = []
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)
                let name = event.len > 0 ? String(cString: nameStart) : ""
                events.append((event.wd, event.mask, name))
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
            deliver(events)
        }
    }

    /// Ends watching after the descriptor failed: tells every subscriber ``Change/stopped`` and
    /// refuses later subscriptions, whose callers then check files themselves.
    private func stop() {
        let handlers = state.withLock { state in
            state.stopped = true
            return state.subscriptions.values.map(\.handler)
        }
        for handler in handlers { handler(.stopped) }
    }

    /// Watches again each folder whose path no longer leads to the folder watched (a parent
    /// renamed and made again, a link pointed elsewhere) or, while it was missing, now leads to
    /// one; its subscribers are told that everything changed.
    private func recheckPaths() {
        let deliveries = state.withLock { state -> [Handler] in
            var handlers: [Handler] = []
            for (id, subscription) in state.subscriptions {
                let identity = FileIdentity(of: subscription.folder)
                guard identity != subscription.identity || (identity != nil && !subscription.watchesFolder) else { continue }
                guard let (watch, watchesFolder) = Self.arm(subscription.folder, &state) else { continue }
                Self.release(subscription.watch, &state)
                state.subscriptions[id]?.watch = watch
                state.subscriptions[id]?.watchesFolder = watchesFolder
                state.subscriptions[id]?.identity = watchesFolder ? identity : nil
                handlers.append(subscription.handler)
            }
            return handlers
        }
        for handler in deliveries { handler(.everything) }
    }

    private func deliver(_ events: [(watch: Int32, mask: UInt32, name: String)]) {
        let deliveries = state.withLock { state -> [(Handler, Change)] in
            var domains: [UInt64: Set<String>] = [:]
            var everything: Set<UInt64> = []
            for event in events {
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    everything.formUnion(state.subscriptions.keys)
                    continue
                }
                for (id, subscription) in state.subscriptions where subscription.watch == event.watch {
                    let folderGone = event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0
                    if subscription.watchesFolder && !folderGone {
                        if event.name.isEmpty {
                            everything.insert(id)  // the folder's own mode or owner changed
                        } else if !event.name.hasPrefix("."), event.name.hasSuffix(".plist") {
                            domains[id, default: []].insert(String(event.name.dropLast(".plist".count)))
                        }
                        continue
                    }
                    // The folder went away, or something appeared in an ancestor: watch again,
                    // then let the old watch go (the kernel may have dropped it already).
                    guard let (watch, watchesFolder) = Self.arm(subscription.folder, &state) else {
                        everything.insert(id)
                        continue
                    }
                    Self.release(subscription.watch, &state)
                    state.subscriptions[id]?.watch = watch
                    state.subscriptions[id]?.watchesFolder = watchesFolder
                    state.subscriptions[id]?.identity = watchesFolder ? FileIdentity(of: subscription.folder) : nil
                    if watchesFolder || subscription.watchesFolder { everything.insert(id) }
                }
            }
            var result: [(Handler, Change)] = []
            for id in everything {
                if let subscription = state.subscriptions[id] { result.append((subscription.handler, .everything)) }
            }
            for (id, names) in domains where !everything.contains(id) {
                if let subscription = state.subscriptions[id] { result.append((subscription.handler, .domains(names))) }
            }
            return result
        }
        for (handler, change) in deliveries { handler(change) }
    }
}
