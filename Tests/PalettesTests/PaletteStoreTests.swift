import Foundation
import Palettes
import Preferences
import TestSupport
import Testing

/// `PaletteStore`: edits visible at once, written by `save()`, by a coalesced autosave and on
/// release, replayed onto what other stores saved meanwhile.
@Suite("Palette store")
struct PaletteStoreTests {
    let folder = TemporaryFolder()
    var preferences: PreferencesFolder { PreferencesFolder(path: folder.path) }

    func store(_ name: String = "Main", autosaveDelay: Double? = nil) throws -> PaletteStore {
        try PaletteStore(named: name, folder: preferences, autosaveDelay: autosaveDelay)
    }

    func saved(_ name: String = "Main") throws -> [Palette] {
        try PaletteDocument(storeName: name, folder: preferences).load().list.palettes
    }

    /// Waits for `condition` (an autosave landing), up to 10 s on a busy machine, then a further
    /// 0.5 s in which a second, unwanted write would show.
    func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<100 where !condition() { try await Task.sleep(for: .milliseconds(100)) }
        try await Task.sleep(for: .milliseconds(500))
    }

    /// Edits show in palettes at once and are not written until saved.
    @Test func editsVisibleAtOnce() throws {
        let store = try store()
        #expect(store.palettes == Palette.builtins)
        #expect(!store.hasUnsavedChanges)
        try store.insertPalette(named: "Hearts", emojis: "❤️🧡", at: 2)
        try store.renamePalette(at: 0, to: "Cars")
        try store.addEmojis("💛", toPaletteAt: 2)
        try store.removeEmojis("🎼", fromPaletteAt: 3)
        store.movePalette(from: 2, to: 99)
        try store.removePalette(at: 1)
        #expect(store.palettes.map(\.name) == ["Cars", "Music", "Animals", "Animal Faces", "Flora", "Weather", "COVID", "Faces", "Hearts"])
        #expect(store.palette(at: 99) == Palette(name: "Hearts", emojis: "❤️🧡💛", id: 10))
        #expect(!store.palettes[1].emojis.contains("🎼" as Character))
        #expect(store.hasUnsavedChanges)
        #expect(folder.bytes("palettes.plist") == nil)
    }

    /// save() writes the edits; a save with nothing pending writes nothing.
    @Test func saveWrites() throws {
        let store = try store()
        try store.insertPalette(named: "Hearts", emojis: "❤️")
        try store.save()
        #expect(!store.hasUnsavedChanges)
        #expect(try saved() == store.palettes)
        #expect(try saved().first == Palette(name: "Hearts", emojis: "❤️", id: 10))
        let inode = DomainFixtures.inode(folder.file("palettes.plist"))
        try store.save()
        #expect(DomainFixtures.inode(folder.file("palettes.plist")) == inode)
    }

    /// Refused edits throw, change nothing and leave nothing pending.
    @Test(arguments: ["abc", "😀 x"])
    func refusedEdits(text: String) throws {
        let store = try store()
        #expect(throws: PaletteError.self) { try store.addEmojis(text, toPaletteAt: 0) }
        #expect(throws: PaletteError.self) { try store.insertPalette(named: "X", emojis: text) }
        #expect(throws: PaletteError.self) { try store.renamePalette(at: 0, to: " ") }
        #expect(store.palettes == Palette.builtins)
        #expect(!store.hasUnsavedChanges)
    }

    /// A burst of 20 edits is written once by the autosave, then a second burst once more.
    @Test func burstIsWrittenOnce() async throws {
        let counter = try WriteCounter(folder: folder.path, name: "palettes.plist")
        let store = try store(autosaveDelay: 0.2)
        for index in 0..<20 {
            if index % 4 == 3 {
                store.movePalette(from: 0, to: index)
            } else {
                try store.insertPalette(named: "P\(index)", emojis: "😀", at: 0)
            }
        }
        #expect(counter.writes == 0)
        #expect(folder.bytes("palettes.plist") == nil, "written before the autosave delay")
        #expect(store.hasUnsavedChanges)
        try await waitUntil { counter.writes >= 1 && !store.hasUnsavedChanges }
        #expect(counter.writes == 1)
        #expect(!store.hasUnsavedChanges)
        #expect(store.lastAutosaveError == nil)
        #expect(try saved() == store.palettes)
        #expect(try saved().count == 24)

        for index in 0..<20 { try store.addEmojis(index.isMultiple(of: 2) ? "🌲" : "🐻‍❄️", toPaletteAt: index) }
        #expect(counter.writes == 1)
        try await waitUntil { counter.writes >= 2 && !store.hasUnsavedChanges }
        #expect(counter.writes == 2)
        #expect(try saved() == store.palettes)
        withExtendedLifetime(store) {}
    }

    /// Two stores on one domain each inserting palettes keep all of them, ids unique.
    @Test func twoStoresKeepEverything() throws {
        let first = try store()
        let second = try store()
        for name in ["F1", "F2", "F3"] { try first.insertPalette(named: name, emojis: "😀") }
        for name in ["S1", "S2", "S3"] { try second.insertPalette(named: name, emojis: "🚗", at: 50) }
        try second.renamePalette(at: 0, to: "Cars")
        try first.removePalette(at: 4)
        #expect(first.palettes.map(\.id).max() == 12 && second.palettes.map(\.id).max() == 12)
        try first.save()
        try second.save()
        let palettes = try saved()
        #expect(palettes.count == 9 + 6 - 1)
        #expect(Set(palettes.map(\.id)).count == palettes.count)
        #expect(Set(palettes.map(\.name)).isSuperset(of: ["F1", "F2", "F3", "S1", "S2", "S3", "Cars"]))
        #expect(!palettes.map(\.name).contains("Vehicles") && !palettes.map(\.name).contains("Sports"))
        #expect(palettes.filter { $0.name.hasPrefix("S") }.map(\.id) == [13, 14, 15])
        #expect(second.palettes == palettes)

        try first.insertPalette(named: "F4")
        try first.save()
        #expect(first.palettes == (try saved()))
        #expect(first.palettes.count == 15)
    }

    /// An edit that no longer applies when replayed is dropped with a warning; the store keeps one palette.
    @Test func staleEditDropped() throws {
        _ = try PaletteDocument(storeName: "Main", folder: preferences).modify {
            $0 = try PaletteList([Palette(name: "A", emojis: "😀", id: 1), Palette(name: "B", emojis: "🚗", id: 2)])
        }
        let first = try store()
        let second = try store()
        try first.removePalette(at: 0)
        try second.removePalette(at: 1)
        try first.save()
        try second.save()
        #expect(try saved() == [Palette(name: "B", emojis: "🚗", id: 2)])
        #expect(second.palettes == (try saved()))
        #expect(second.warnings.contains { $0.contains("dropped") }, "\(second.warnings)")
        #expect(!second.hasUnsavedChanges)
    }

    /// Releasing a store writes its pending edits.
    @Test(arguments: [nil, 60.0])
    func releaseFlushes(autosaveDelay: Double?) throws {
        do {
            let store = try store("Released", autosaveDelay: autosaveDelay)
            try store.insertPalette(named: "Kept", emojis: "🌲")
            try store.removeEmojis("🚙", fromPaletteAt: 1)
            #expect(folder.bytes("palettes.plist") == nil)
        }
        let palettes = try saved("Released")
        #expect(palettes.first == Palette(name: "Kept", emojis: "🌲", id: 10))
        #expect(palettes[1].name == "Vehicles" && !palettes[1].emojis.contains("🚙" as Character))
    }

    /// Edits from many threads on one store all land, ids unique.
    @Test func concurrentEditsOnOneStore() async throws {
        let store = try store(autosaveDelay: 0.05)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in 0..<25 {
                        do { try store.insertPalette(named: "w\(worker)-\(index)", emojis: "😀", at: index) } catch { Issue.record(error) }
                    }
                }
            }
        }
        // Let the autosave finish rather than race it with save() (see saveRacingAutosave).
        for _ in 0..<50 where store.hasUnsavedChanges { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!store.hasUnsavedChanges)
        let palettes = try saved()
        #expect(palettes.count == 109)
        #expect(Set(palettes.map(\.id)) == Set(1...109))
        #expect(palettes == store.palettes)
    }

    /// save() racing the autosave writes each edit once.
    @Test func saveRacingAutosave() throws {
        let store = try store(autosaveDelay: 0.005)
        var generator = SplitMix(seed: 7)
        for index in 0..<150 {
            try store.insertPalette(named: "n\(index)", emojis: "😀", at: 0)
            usleep(UInt32.random(in: 0...8000, using: &generator))
            try store.save()
        }
        let names = try saved().map(\.name)
        let expected = Set(Palette.builtins.map(\.name) + (0..<150).map { "n\($0)" })
        #expect(names.count == 159, "\(names.count - Set(names).count) palettes written twice")
        #expect(Set(names) == expected, "lost: \(expected.subtracting(names).sorted())")
        #expect(store.palettes == (try saved()))
    }

    /// A store named N in domain D lives under PaletteStore:N of D.plist.
    @Test func storeLocation() throws {
        let store = try PaletteStore(named: "Work", domain: "com.example.emojiart", folder: preferences, autosaveDelay: nil)
        try store.insertPalette(named: "W")
        try store.save()
        #expect(store.document.key == "PaletteStore:Work")
        #expect(try DomainFixtures.storedJSON(in: folder, store: "Work", domain: "com.example.emojiart")?.contains(#""name":"W""#) == true)
        #expect(folder.bytes("palettes.plist") == nil)
    }
}
