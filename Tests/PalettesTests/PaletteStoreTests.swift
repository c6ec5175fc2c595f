import Foundation
import Palettes
import Preferences
import PropertyLists
import Testing
import TestSupport

/// Palettes on disk: the EmojiArt storage format, repair, coalesced autosave, concurrent stores.
@Suite("Palette store")
struct PaletteStoreTests {
    let folder = TemporaryFolder()
    var preferences: PreferencesFolder { PreferencesFolder(path: folder.path) }

    @Test("Palettes are stored as sorted-key JSON data under PaletteStore:<name>")
    func storageFormat() throws {
        let document = try PaletteDocument(storeName: "Main", folder: preferences)
        _ = try document.modify { try $0.insertPalette(named: "Hearts", emojis: "❤️🧡", at: 0) }
        let domain = try #require(try DomainFile(path: folder.file("palettes.plist")).read())
        guard case .data(let bytes)? = domain["PaletteStore:Main"] else {
            Issue.record("no data under PaletteStore:Main")
            return
        }
        let json = String(decoding: bytes, as: UTF8.self)
        #expect(json.hasPrefix(#"[{"emojis":"❤️🧡","id":10,"name":"Hearts"},{"emojis":"🚙"#), "\(json.prefix(80))")
    }

    @Test("A domain written like an EmojiArt app's preferences reads as is; other keys survive")
    func readsEmojiArtDomain() throws {
        let json = #"[{"emojis":"😀🚗","id":3,"name":"Mine"},{"emojis":"🌲","id":8,"name":"Trees"}]"#
        let base64 = Data(json.utf8).base64EncodedString()
        try folder.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>NSWindow Frame Main</key>
            \t<string>0 0 800 600</string>
            \t<key>PaletteStore:Main</key>
            \t<data>
            \t\(base64)
            \t</data>
            </dict>
            </plist>

            """, to: "palettes.plist")
        let document = try PaletteDocument(storeName: "Main", folder: preferences)
        #expect(try document.load().list.palettes == [Palette(name: "Mine", emojis: "😀🚗", id: 3), Palette(name: "Trees", emojis: "🌲", id: 8)])
        _ = try document.modify { try $0.addEmojis("🌴", toPaletteAt: 1) }
        #expect(try DomainFile(path: folder.file("palettes.plist")).read()?["NSWindow Frame Main"] == "0 0 800 600")
        #expect(try document.load().list.palettes[1].emojis == "🌲🌴")
    }

    @Test("Stored data that does not decode is an error and stays untouched")
    func undecodableDataIsUntouched() throws {
        try folder.write("<plist><dict><key>PaletteStore:Main</key><data>bm90IGpzb24=</data></dict></plist>", to: "palettes.plist")
        let before = folder.bytes("palettes.plist")
        let document = try PaletteDocument(storeName: "Main", folder: preferences)
        #expect(throws: PaletteError.self) { try document.load() }
        #expect(throws: PaletteError.self) { _ = try document.modify { try $0.insertPalette(named: "X") } }
        #expect(folder.bytes("palettes.plist") == before)
    }

    @Test("Edits show at once; a burst is written once by the autosave; save() and release flush")
    func coalescedAutosave() throws {
        let store = try PaletteStore(named: "Main", folder: preferences, autosaveDelay: 0.3)
        for index in 0..<20 { try store.insertPalette(named: "P\(index)", emojis: "😀", at: 0) }
        #expect(store.palettes.count == 29)
        #expect(folder.bytes("palettes.plist") == nil, "written before the autosave delay")
        Thread.sleep(forTimeInterval: 1.0)
        let onDisk = try PaletteDocument(storeName: "Main", folder: preferences).load().list
        #expect(onDisk.count == 29)
        #expect(!store.hasUnsavedChanges)

        var released: PaletteStore? = try PaletteStore(named: "Other", folder: preferences, autosaveDelay: nil)
        try released?.insertPalette(named: "Kept", emojis: "🌲")
        released = nil
        #expect(try PaletteDocument(storeName: "Other", folder: preferences).load().list.palettes.first?.name == "Kept")
    }

    @Test("Two stores editing the same palettes keep every palette, ids unique")
    func concurrentStoresMerge() throws {
        let first = try PaletteStore(named: "Main", folder: preferences, autosaveDelay: nil)
        let second = try PaletteStore(named: "Main", folder: preferences, autosaveDelay: nil)
        try first.insertPalette(named: "From first", emojis: "😀")
        try second.insertPalette(named: "From second", emojis: "🚗")
        try first.save()
        try second.save()
        let saved = try PaletteDocument(storeName: "Main", folder: preferences).load().list.palettes
        #expect(saved.count == 11)
        #expect(Set(saved.map(\.name)).isSuperset(of: ["From first", "From second"]))
        #expect(Set(saved.map(\.id)).count == saved.count)
        #expect(second.palettes == saved)
    }
}
