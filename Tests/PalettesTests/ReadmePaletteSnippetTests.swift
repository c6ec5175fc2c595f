import Foundation
import Palettes
import Preferences
import TestSupport
import Testing

// The Swift snippet of README.md's "Palettes in Swift", verbatim (indented to fit), so that it
// compiles; `readmeSnippetIsTheOneCompiledHere` checks that README and this file agree.

private func readmeSnippet() throws -> PaletteStore {
    let store = try PaletteStore(named: "Main")
    try store.insert(Palette(name: "Hearts", emojis: "❤️🧡💛", id: 100), at: 0)
    try store.move(fromOffsets: IndexSet([0]), toOffset: 2)  // as SwiftUI's onMove hands them over
    try store.remove(atOffsets: [2])
    store.palettes[0].name = "Cars"  // saved, or the error is in store.lastError
    return store
}

@Suite("README's palette snippet compiles and runs")
struct ReadmePaletteSnippetTests {
    @Test func readmeSnippetIsTheOneCompiledHere() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let blocks = try SnippetBlocks.readme(section: "### Palettes in Swift")
        #expect(blocks.count == 1)
        for block in blocks {
            let found = SnippetBlocks.source(source, holds: block)
            #expect(found, "README snippet not in ReadmePaletteSnippetTests.swift:\n\(block)")
        }
    }

    /// The snippet runs in a process of its own, whose PREFS_HOME is a fresh folder, and saves
    /// what it says.
    @Test func snippetRunsAgainstAStoreInPREFS_HOME() async throws {
        let folder = TemporaryFolder()
        let home = folder.path
        await #expect(processExitsWith: .success) { [home = home as String] in
            setenv("PREFS_HOME", home, 1)
            let store = try readmeSnippet()
            guard store.lastError == nil else { exit(2) }
        }
        let saved = try PaletteDocument(folder: PreferencesFolder(path: folder.path)).load().list.palettes
        #expect(saved.map(\.name).prefix(3) == ["Cars", "Hearts", "Music"])
        #expect(saved.count == Palette.builtins.count)
    }
}
