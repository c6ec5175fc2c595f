import FoundationEssentials
import Preferences

extension PaletteStore {
    /// The palettes now, then after every change: an edit through this store, or palettes saved
    /// by another store or process (`prefs palette …` included).
    ///
    /// ```swift
    /// for await palettes in store.updates() {
    ///     print(palettes.map(\.name))
    /// }
    /// ```
    ///
    /// A burst of changes while the loop is busy is one new list; the loop ends when its task is
    /// cancelled. Another process's save is followed through the domain folder's watch
    /// (`PreferenceStore.updates(for:)`), by one task per store, whatever the number of
    /// observers; it ``reload()``s the store, so `Observation` observers see those saves too.
    /// A save that does not load puts its error in ``lastError`` and following goes on; should
    /// following itself fail (the folder cannot be watched), that error is in ``lastError`` and
    /// the stream goes on with this store's own changes.
    public func updates() -> AsyncStream<[Palette]> {
        publisher.observe(current: palettes) {
            let key = document.key
            let domain = document.file.domain
            let folder = document.folder
            return Task { [weak self] in
                // A store on a bare domain file (no folder) has no folder to watch.
                guard let folder else { return }
                do throws(PreferenceError) {
                    let preferences = try PreferenceStore(domain: domain, folder: folder, arguments: [])
                    // The stored value now, once watched, then after each change: loading at the
                    // first one too catches a save made before the watch began.
                    for try await _ in preferences.updates(for: PreferenceKey<Data?>(key, default: nil)) {
                        guard let self else { return }
                        do throws(PaletteError) {
                            try self.reload()
                        } catch {
                            // Saved palettes that do not load now may load after the next save.
                            self.lastError = error
                        }
                    }
                } catch {
                    self?.lastError = PaletteError(error)
                }
            }
        }
    }
}
