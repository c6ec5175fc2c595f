import Foundation
import Palettes
import Preferences
import Synchronization
import TestSupport
import Testing

/// The palette lists an observing task has received.
private final class ReceivedLists: Sendable {
    private let lists = Mutex<[[String]]>([])

    func append(_ palettes: [Palette]) { lists.withLock { $0.append(palettes.map(\.name)) } }
    var all: [[String]] { lists.withLock { $0 } }

    /// Whether the latest list satisfies `condition` within the tests' ``patience``.
    func eventually(_ condition: ([String]) -> Bool) async -> Bool {
        await TestSupport.eventually { all.last.map(condition) ?? false }
    }
}

/// A sequence that never ends would hang `observer.value`: the time limit turns that into a failure.
@Suite("PaletteStore publishes changes", .timeLimit(.minutes(10)))
struct PaletteUpdatesTests {
    let folder = TemporaryFolder()
    var preferences: PreferencesFolder { PreferencesFolder(path: folder.path) }

    @Test func updatesStartWithThePalettesAndFollowThisStoresEdits() async throws {
        let store = try PaletteStore(folder: preferences)
        let received = ReceivedLists()
        let observer = Task { for await palettes in store.updates() { received.append(palettes) } }
        #expect(await received.eventually { $0 == Palette.builtins.map(\.name) })
        try store.insertPalette(named: "Hearts", emojis: "❤️", at: 0)
        #expect(await received.eventually { $0.first == "Hearts" })
        observer.cancel()
        await observer.value
    }

    @Test func updatesFollowPalettesSavedByAnotherStore() async throws {
        let store = try PaletteStore(folder: preferences)
        let received = ReceivedLists()
        let observer = Task { for await palettes in store.updates() { received.append(palettes) } }
        #expect(await received.eventually { $0 == Palette.builtins.map(\.name) })
        let other = try PaletteStore(folder: preferences)
        try other.insertPalette(named: "Elsewhere", emojis: "🌍", at: 0)
        #expect(await received.eventually { $0.first == "Elsewhere" }, "\(received.all)")
        #expect(store.palettes.first?.name == "Elsewhere")
        observer.cancel()
        await observer.value
    }
}
