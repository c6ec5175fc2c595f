import Foundation
import Palettes
import Preferences
import TestSupport
import Testing

// The Swift snippets of the Palettes DocC articles, verbatim (indented to fit), so that they
// compile; `articleSnippetsAreTheOnesCompiledHere` checks that the articles and this file agree.

private func overviewSnippet() throws -> PaletteStore {
    let store = try PaletteStore(named: "Main")
    try store.insertPalette(named: "Hearts", emojis: "❤️🧡💛", at: 0)
    try store.move(fromOffsets: [0], toOffset: 2)  // or the IndexSet SwiftUI hands over
    store.palettes[0].name = "Cars"  // saved, or the error is in store.lastError
    return store
}

private func otherToolsSnippet(_ json: String) throws -> String {
    let palettes = try PaletteJSON.decode(Array(json.utf8))
    let text = PaletteJSON.encode(palettes)
    return text
}

@Suite("The Palettes articles' snippets compile and run")
struct PalettesArticleSnippetTests {
    /// Every Swift block of Palettes.docc's articles is in this file, line for line.
    @Test(arguments: ["Palettes.md", "PalettesForOtherTools.md"])
    func articleSnippetsAreTheOnesCompiledHere(article: String) throws {
        let here = URL(fileURLWithPath: #filePath)
        let path = here.deletingLastPathComponent().appendingPathComponent("../../Sources/Palettes/Palettes.docc/" + article)
        let text = try String(contentsOf: path, encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let blocks = SnippetBlocks.swift(in: text)
        #expect(blocks.count == 1)
        for block in blocks {
            // `import Palettes` is at the top of this file.
            let found = SnippetBlocks.source(source, holds: block) { $0 == "import Palettes" }
            #expect(found, "\(article) snippet not in PalettesArticleSnippetTests.swift:\n\(block)")
        }
    }

    /// The overview's snippet runs in a process of its own, whose PREFS_HOME is a fresh
    /// folder, and saves what it says.
    @Test func overviewSnippetRunsAgainstAStoreInPREFS_HOME() async throws {
        let folder = TemporaryFolder()
        let home = folder.path
        await #expect(processExitsWith: .success) { [home = home as String] in
            setenv("PREFS_HOME", home, 1)
            let store = try overviewSnippet()
            guard store.lastError == nil else { exit(2) }
        }
        let saved = try PaletteDocument(folder: PreferencesFolder(path: folder.path)).load().list.palettes
        #expect(saved.map(\.name).prefix(3) == ["Cars", "Hearts", "Sports"])
    }

    /// The snippet for other tools encodes what it decodes, byte for byte.
    @Test func otherToolsSnippetRoundTripsTheArticlesJSON() throws {
        let json = #"[{"emojis":"❤️🧡💛","id":1,"name":"Hearts"},{"emojis":"🚲🚗🚂","id":2,"name":"Vehicles"}]"#
        #expect(try otherToolsSnippet(json) == json)
    }
}
