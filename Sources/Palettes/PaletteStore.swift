import Observation
import Preferences
import Synchronization

/// EmojiArt's palette store for Linux programs: palettes kept in a preferences domain under
/// `PaletteStore:<name>`, changed through safe intents, each saved before it returns.
///
/// ```swift
/// let store = try PaletteStore(named: "Main")
/// try store.insert(Palette(name: "Hearts", emojis: "❤️🧡💛", id: 100), at: 0)
/// try store.move(fromOffsets: [0], toOffset: 3)  // an IndexSet, as SwiftUI's onMove gives
/// store.palettes[1].name = "Cars"  // a failure shows in lastError
/// ```
///
/// Every change is one locked read-modify-write of the domain (``PaletteDocument/change(replacingDamaged:_:)``),
/// durable when it returns, like `PreferenceStore.set`: there is nothing to save later, so
/// nothing is lost when the program ends, and nothing is written behind the caller's back.
/// An intent names palettes by what this store shows and applies to what is saved at that
/// moment, by id, so changes other stores and processes saved in the meantime are kept; the
/// store then shows what was saved. A failure throws and changes nothing.
///
/// The store is `Observable`: reading ``palettes`` or ``lastError`` in `withObservationTracking`
/// tracks them, and observers are told after each change this store saves or loads.
/// ``updates()`` also follows other processes' saves.
public final class PaletteStore: Observable, Sendable {
    /// Where the palettes are stored.
    public let document: PaletteDocument

    private struct State {
        var list: PaletteList
        var warnings: [String]
        var lastError: PaletteError?
    }

    private let state: Mutex<State>
    /// Held for the length of a write or reload, so the list kept is always the last one saved.
    private let writing = Mutex(())
    private let registrar = ObservationRegistrar()
    /// The observers of ``updates()``.
    let publisher = PalettePublisher()

    /// Opens a store, loading what is saved (or the built-in palettes when nothing is).
    ///
    /// - Parameters:
    ///   - name: The store's name; its palettes live under the key `PaletteStore:<name>`.
    ///   - domain: The preferences domain, `palettes` by default.
    ///   - folder: The preferences folder; the environment's when `nil`.
    /// - Throws: ``PaletteError`` with code `.preferences` when the domain does not read or no
    ///   folder can be found, `.unreadable` when the stored palettes do not decode. Nothing is
    ///   overwritten then.
    public init(
        named name: String = PaletteDocument.defaultStoreName, domain: String = PaletteDocument.defaultDomain,
        folder: PreferencesFolder? = nil
    ) throws(PaletteError) {
        let resolved: PreferencesFolder
        if let folder {
            resolved = folder
        } else {
            do {
                resolved = try PreferencesEnvironment().preferencesFolder()
            } catch {
                throw PaletteError(error)
            }
        }
        document = try PaletteDocument(storeName: name, domain: domain, folder: resolved)
        let loaded = try document.load()
        state = Mutex(State(list: loaded.list, warnings: loaded.warnings))
    }

    /// The palette at `index`, clamped into range (``PaletteList/palette(at:)``); observed as
    /// ``palettes`` is.
    public func palette(at index: Int) -> Palette {
        registrar.access(self, keyPath: \.palettes)
        return state.withLock { $0.list.palette(at: index) }
    }

    /// The palettes, in order, as last saved or loaded by this store.
    ///
    /// Setting it saves the new list whole, as ``setPalettes(_:)`` does; a setter cannot throw,
    /// so a list that is refused or does not save leaves the palettes as they were and its
    /// error in ``lastError``. Code that can handle an error should call ``setPalettes(_:)``.
    public var palettes: [Palette] {
        get {
            registrar.access(self, keyPath: \.palettes)
            return state.withLock { $0.list.palettes }
        }
        set {
            do throws(PaletteError) {
                try setPalettes(newValue)
            } catch {
                lastError = error
            }
        }
    }

    /// The last error of a change that had no caller to throw to: setting ``palettes``, or
    /// following other processes' saves in ``updates()``. `nil` until one fails; set it back
    /// to `nil` once it has been shown.
    public var lastError: PaletteError? {
        get {
            registrar.access(self, keyPath: \.lastError)
            return state.withLock { $0.lastError }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.lastError) { state.withLock { $0.lastError = newValue } }
        }
    }

    /// What loading had to repair (``PaletteList/repairing(_:)``); the next change saves the
    /// repaired palettes.
    public var warnings: [String] { state.withLock { $0.warnings } }

    /// Replaces the palettes with `palettes`, saved before it returns.
    ///
    /// The list must keep the rules of ``PaletteList``: at least one palette, unique ids, names
    /// on one line, whole emojis, none twice. It replaces the palettes this store shows, so
    /// when another store or process saved a change since this store last read the palettes,
    /// writing it would undo that change: it is not written then, and the store shows what is
    /// saved, for the caller to apply its change again.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` for a list that breaks a rule,
    ///   `.conflict` when the saved palettes changed meanwhile, `.preferences` when the domain
    ///   does not read or write, `.unreadable` when the saved palettes do not decode.
    public func setPalettes(_ palettes: [Palette]) throws(PaletteError) {
        let replacement = try PaletteList(palettes)
        let shown = state.withLock { $0.list }
        try write { (list: inout PaletteList) throws(PaletteError) in
            guard list == shown else {
                throw PaletteError(
                    .conflict,
                    "the palettes of \(document.key) in \(document.file.domain) were changed elsewhere since this store read them; "
                        + "the new list was not saved, so as not to undo that change, and the store now shows what is saved")
            }
            list = replacement
        }
    }

    /// Loads what is saved now and tells the observers if it differs from what the store shows.
    ///
    /// - Throws: ``PaletteError`` with code `.preferences` or `.unreadable` as ``init(named:domain:folder:)``
    ///   throws them; the palettes stay as they were then.
    public func reload() throws(PaletteError) {
        let changed = try writing.withLock { _ throws(PaletteError) -> Bool in
            let loaded = try document.load()
            return keep(loaded.list, warnings: loaded.warnings)
        }
        if changed { registrar.withMutation(of: self, keyPath: \.palettes) {} }
    }

    /// Runs `change` on the palettes saved now, in one locked read-modify-write of the domain,
    /// and shows what was saved: or when `change` throws, what is saved, unchanged.
    ///
    /// - Throws: What `change` throws, and what ``PaletteDocument/change(replacingDamaged:_:)``
    ///   throws; nothing is written then.
    @discardableResult
    func write<Result: Sendable>(_ change: (inout PaletteList) throws(PaletteError) -> Result) throws(PaletteError) -> Result {
        var changed = false
        let result = try writing.withLock { _ throws(PaletteError) -> Result in
            var stored: PaletteList?
            do throws(PaletteError) {
                let outcome = try document.change { (list: inout PaletteList) throws(PaletteError) -> (Result, PaletteList) in
                    stored = list
                    return (try change(&list), list)
                }
                changed = keep(outcome.result.1, warnings: outcome.warnings)
                return outcome.result.0
            } catch {
                // An intent that what is saved refuses still shows what is saved, for the caller
                // to try again; a read or write that failed has nothing new to show.
                if error.code != .preferences, let stored { changed = keep(stored, warnings: []) }
                throw error
            }
        }
        // Observers run after the locks are released, so one may read or change the store.
        if changed { registrar.withMutation(of: self, keyPath: \.palettes) {} }
        return result
    }

    /// Shows `list`, telling the ``updates()`` observers when it differs from what was shown.
    ///
    /// - Returns: Whether it differs.
    private func keep(_ list: PaletteList, warnings: [String]) -> Bool {
        state.withLock { state in
            state.warnings += warnings
            guard state.list != list else { return false }
            state.list = list
            publisher.publish(list.palettes)
            return true
        }
    }
}
