import Dispatch
import Glibc
import Preferences
import Synchronization

/// EmojiArt's palette store for Linux programs: palettes kept in a preferences domain under
/// `PaletteStore:<name>`, edited through safe intents and saved with a coalesced autosave.
///
/// ```swift
/// let store = try PaletteStore(named: "Main")
/// try store.insertPalette(named: "Hearts", emojis: "❤️🧡💛", at: 0)
/// try store.save()   // or let the autosave write it a moment later
/// ```
///
/// Edits apply at once to ``palettes`` and are recorded; a burst of edits is written once, after
/// ``autosaveDelay``, as one locked read-modify-write that replays the recorded edits onto what
/// is stored then, so edits from other processes in the meantime are kept. Pending edits are also
/// written when the store is released and when the process exits normally.
public final class PaletteStore: Sendable {
    /// Where the palettes are stored.
    public let document: PaletteDocument
    /// How long after an edit the autosave writes, in seconds; `nil` turns autosave off.
    public let autosaveDelay: Double?

    private typealias Edit = @Sendable (inout PaletteList) throws(PaletteError) -> Void

    private struct State {
        var list: PaletteList
        var pending: [Edit] = []
        /// Edits a save has taken from ``pending`` and not yet written.
        var inFlight = 0
        var warnings: [String]
        var saveScheduled = false
        var lastAutosaveError: String?
    }

    private let state: Mutex<State>
    /// The observers of ``updates()``.
    let publisher = PalettePublisher()
    /// Held for the length of a save, so saves run one at a time.
    private let saving = Mutex(())

    /// Opens a store, loading what is saved (or the built-in palettes when nothing is).
    ///
    /// - Parameters:
    ///   - name: The store's name; its palettes live under the key `PaletteStore:<name>`.
    ///   - domain: The preferences domain, `palettes` by default.
    ///   - folder: The preferences folder; the environment's when `nil`.
    ///   - autosaveDelay: Seconds between an edit and its write; `nil` saves only on ``save()``.
    /// - Throws: `PreferenceError` when the domain does not read, ``PaletteError`` with code
    ///   `.unreadable` when the stored palettes do not decode. Nothing is overwritten then.
    public init(
        named name: String = PaletteDocument.defaultStoreName, domain: String = PaletteDocument.defaultDomain,
        folder: PreferencesFolder? = nil, autosaveDelay: Double? = 0.5
    ) throws {
        document = try PaletteDocument(storeName: name, domain: domain, folder: folder ?? PreferencesEnvironment().preferencesFolder())
        self.autosaveDelay = autosaveDelay
        let loaded = try document.load()
        state = Mutex(State(list: loaded.list, warnings: loaded.warnings))
        ExitFlush.register(self)
    }

    deinit {
        try? save()
    }

    /// The palettes, in order, with this store's unsaved edits applied.
    public var palettes: [Palette] { state.withLock { $0.list.palettes } }

    /// What loading or saving had to repair, and edits that no longer applied when saved.
    public var warnings: [String] { state.withLock { $0.warnings } }

    /// Whether edits are waiting to be written, or being written by a save that has not finished.
    public var hasUnsavedChanges: Bool { state.withLock { !$0.pending.isEmpty || $0.inFlight > 0 } }

    /// The error of the last autosave, if it failed; ``save()`` throws it instead.
    public var lastAutosaveError: String? { state.withLock { $0.lastAutosaveError } }

    /// The palette at `index`, clamped into range.
    public func palette(at index: Int) -> Palette {
        state.withLock { $0.list.palette(at: index) }
    }

    /// Inserts a new palette with an unused id (``PaletteList/unusedID(notIn:)``), at `index`
    /// clamped into range.
    ///
    /// - Returns: The index it went to.
    /// - Throws: ``PaletteError`` for an empty name or text that is not emoji.
    @discardableResult
    public func insertPalette(named name: String, emojis: String = "", at index: Int = 0) throws(PaletteError) -> Int {
        try edit { (list: inout PaletteList) throws(PaletteError) in try list.insertPalette(named: name, emojis: emojis, at: index) }
    }

    /// Removes the palette at `index` (clamped), unless it is the last one.
    ///
    /// - Returns: A valid index to show next.
    @discardableResult
    public func removePalette(at index: Int) throws(PaletteError) -> Int {
        let id = palette(at: index).id
        return try edit { (list: inout PaletteList) throws(PaletteError) in
            guard let current = list.index(ofID: id) else { return list.clamped(index) }
            return try list.removePalette(at: current)
        }
    }

    /// Renames the palette at `index` (clamped).
    public func renamePalette(at index: Int, to name: String) throws(PaletteError) {
        let id = palette(at: index).id
        try edit { (list: inout PaletteList) throws(PaletteError) in
            if let current = list.index(ofID: id) { try list.renamePalette(at: current, to: name) }
        }
    }

    /// Moves the palette at `source` to `destination`, both clamped.
    public func movePalette(from source: Int, to destination: Int) {
        let id = palette(at: source).id
        edit { (list: inout PaletteList) in
            if let current = list.index(ofID: id) { list.movePalette(from: current, to: destination) }
        }
    }

    /// Adds emojis the palette at `index` (clamped) does not hold yet.
    ///
    /// - Throws: ``PaletteError`` for text that is not emoji.
    public func addEmojis(_ emojis: String, toPaletteAt index: Int) throws(PaletteError) {
        let id = palette(at: index).id
        try edit { (list: inout PaletteList) throws(PaletteError) in
            if let current = list.index(ofID: id) { try list.addEmojis(emojis, toPaletteAt: current) }
        }
    }

    /// Removes emojis (whole grapheme clusters) from the palette at `index` (clamped).
    ///
    /// - Throws: ``PaletteError`` for text that is not emoji.
    public func removeEmojis(_ emojis: String, fromPaletteAt index: Int) throws(PaletteError) {
        let id = palette(at: index).id
        try edit { (list: inout PaletteList) throws(PaletteError) in
            if let current = list.index(ofID: id) { try list.removeEmojis(emojis, fromPaletteAt: current) }
        }
    }

    /// Writes pending edits now, replaying them onto what is stored.
    ///
    /// Saves run one at a time, and each takes the edits it writes out of the pending list
    /// first, so an autosave and an explicit save never write the same edit twice.
    ///
    /// - Throws: What reading or writing the domain throws; the edits stay pending then.
    public func save() throws {
        try saving.withLock { _ in
            let pending = state.withLock { state in
                defer {
                    state.inFlight = state.pending.count
                    state.pending.removeAll()
                }
                return state.pending
            }
            defer { state.withLock { $0.inFlight = 0 } }
            guard !pending.isEmpty else { return }
            var dropped: [String] = []
            let saved: PaletteList
            let warnings: [String]
            do {
                (saved, warnings) = try document.modify { list in
                    for edit in pending {
                        do throws(PaletteError) {
                            try edit(&list)
                        } catch {
                            dropped.append("an edit no longer applied to the saved palettes and was dropped: \(error.message)")
                        }
                    }
                    return list
                }
            } catch {
                state.withLock { $0.pending = pending + $0.pending }
                throw error
            }
            state.withLock { state in
                var list = saved
                // Edits made while saving stay pending; a failure among them is reported when they are saved.
                for edit in state.pending { try? edit(&list) }
                state.list = list
                state.warnings += warnings + dropped
                state.lastAutosaveError = nil
            }
        }
    }

    /// Loads what is saved now, with this store's unsaved edits applied on top, and tells the
    /// observers: another process saved palettes.
    ///
    /// - Throws: What loading throws; the palettes stay as they were then.
    func reloadFromDisk() throws {
        let loaded = try document.load()
        state.withLock { state in
            var list = loaded.list
            for edit in state.pending { try? edit(&list) }
            state.list = list
        }
        publisher.publish(palettes)
    }

    /// Keeps the error that stopped following other processes' saves, as an autosave error is kept.
    func recordFollowError(_ error: any Error) {
        state.withLock { $0.lastAutosaveError = "palettes saved elsewhere are no longer followed: \(error)" }
    }

    /// Applies `change` now and records it for the next save.
    private func edit<Result>(_ change: @escaping @Sendable (inout PaletteList) throws(PaletteError) -> Result) throws(PaletteError) -> Result {
        let recorded: Edit = { (list: inout PaletteList) throws(PaletteError) in _ = try change(&list) }
        let result = try state.withLock { (state: inout State) throws(PaletteError) -> Result in
            let result = try change(&state.list)
            state.pending.append(recorded)
            return result
        }
        publisher.publish(palettes)
        scheduleAutosave()
        return result
    }

    /// Applies a change that cannot fail now and records it for the next save.
    private func edit(_ change: @escaping @Sendable (inout PaletteList) -> Void) {
        let recorded: Edit = { (list: inout PaletteList) throws(PaletteError) in change(&list) }
        state.withLock { state in
            change(&state.list)
            state.pending.append(recorded)
        }
        publisher.publish(palettes)
        scheduleAutosave()
    }

    private func scheduleAutosave() {
        guard let autosaveDelay else { return }
        let alreadyScheduled = state.withLock { state in
            defer { state.saveScheduled = true }
            return state.saveScheduled
        }
        guard !alreadyScheduled else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + autosaveDelay) { [weak self] in
            guard let self else { return }
            self.state.withLock { $0.saveScheduled = false }
            do {
                try self.save()
            } catch {
                self.state.withLock { $0.lastAutosaveError = String(describing: error) }
            }
        }
    }

    /// Writes every live store's pending edits; called at normal process exit.
    fileprivate func flushAtExit() {
        do {
            try save()
        } catch {
            let message = Array("Error: palette edits could not be saved at exit: \(error)\n".utf8)
            _ = Glibc.write(STDERR_FILENO, message, message.count)
        }
    }
}

/// The stores alive in this process, flushed by an `atexit` handler so pending edits are not
/// lost when a program ends without releasing its store.
private enum ExitFlush {
    private struct WeakStore: @unchecked Sendable {
        weak var store: PaletteStore?
    }

    private static let stores = Mutex<[WeakStore]>([])
    private static let installHandler: Void = {
        atexit { ExitFlush.flushAll() }
    }()

    static func register(_ store: PaletteStore) {
        _ = installHandler
        stores.withLock { stores in
            stores.removeAll { $0.store == nil }
            stores.append(WeakStore(store: store))
        }
    }

    private static func flushAll() {
        let live = stores.withLock { $0.compactMap(\.store) }
        for store in live { store.flushAtExit() }
    }
}
