import Foundation
import Palettes
import Preferences
import PropertyLists
import TestSupport
import Testing

/// Where palettes live on disk: JSON data under `PaletteStore:<name>` of a domain file, read and
/// changed without disturbing anything else in the domain.
@Suite("Palette document")
struct PaletteDocumentTests {
    let folder = TemporaryFolder()
    var preferences: PreferencesFolder { PreferencesFolder(path: folder.path) }

    func document(_ store: String = "Main", domain: String = "palettes") throws -> PaletteDocument {
        try PaletteDocument(storeName: store, domain: domain, folder: preferences)
    }

    /// The stored bytes are exactly the sorted-key JSON of the palettes.
    @Test func storesSortedKeyJSON() throws {
        let palettes = [
            Palette(name: "Cars/Taxis", emojis: "🚗🚕", id: 3), Palette(name: "Quote \"q\" é", emojis: "", id: 1),
            Palette(name: "Flags", emojis: "🏳️‍🌈🇫🇷👨‍👩‍👧", id: 12)
        ]
        _ = try document().modify { (list: inout PaletteList) throws(PaletteError) in list = try PaletteList(palettes) }
        let expected =
            #"[{"emojis":"🚗🚕","id":3,"name":"Cars/Taxis"},{"emojis":"","id":1,"name":"Quote \"q\" é"},"#
            + #"{"emojis":"🏳️‍🌈🇫🇷👨‍👩‍👧","id":12,"name":"Flags"}]"#
        #expect(try DomainFixtures.storedJSON(in: folder) == expected)
        #expect(try document().load().list.palettes == palettes)
    }

    /// The key is PaletteStore:<store> in <domain>.plist; stores in one domain are independent.
    @Test func keysAndFiles() throws {
        _ = try document("Left", domain: "com.example.emojiart").modify { (list: inout PaletteList) throws(PaletteError) in try list.insertPalette(named: "L") }
        _ = try document("Right", domain: "com.example.emojiart").modify { (list: inout PaletteList) throws(PaletteError) in try list.removePalette(at: 0) }
        let domain = try #require(try DomainFixtures.domain(in: folder, name: "com.example.emojiart"))
        #expect(domain.sortedKeys == ["PaletteStore:Left", "PaletteStore:Right", "PaletteStoreFormat:Left", "PaletteStoreFormat:Right"])
        #expect(try document("Left", domain: "com.example.emojiart").load().list.count == 10)
        #expect(try document("Right", domain: "com.example.emojiart").load().list.count == 8)
        #expect(try document("Left", domain: "com.example.emojiart").key == "PaletteStore:Left")
        #expect(folder.bytes("palettes.plist") == nil)
    }

    /// Nothing stored reads as the built-in palettes, and reading writes nothing.
    @Test func nothingStoredIsBuiltIns() throws {
        let (list, warnings) = try document().load()
        #expect(list == PaletteList.builtIn)
        #expect(warnings.isEmpty)
        #expect(folder.names().isEmpty)
    }

    /// A domain written like an EmojiArt app's preferences reads as it is.
    @Test func readsEmojiArtDomain() throws {
        try folder.write(
            DomainFixtures.applePlist(
                DomainFixtures.unrelatedEntries
                    + [("PaletteStore:Main", DomainFixtures.dataElement(DomainFixtures.emojiArtJSON))]), to: "palettes.plist")
        let (list, warnings) = try document().load()
        #expect(list.palettes == DomainFixtures.emojiArtPalettes)
        #expect(warnings.isEmpty)
        #expect(try document("Backup").load().list.palettes == [Palette(name: "Old", emojis: "🎼", id: 1)])
    }

    /// Changing the palettes keeps every unrelated key of the domain as it was.
    @Test func unrelatedKeysSurvive() throws {
        try folder.write(
            DomainFixtures.applePlist(
                DomainFixtures.unrelatedEntries
                    + [("PaletteStore:Main", DomainFixtures.dataElement(DomainFixtures.emojiArtJSON))]), to: "palettes.plist")
        let before = try #require(try DomainFixtures.domain(in: folder))
        _ = try document().modify { (list: inout PaletteList) throws(PaletteError) in try list.addEmojis("🚙", toPaletteAt: 1) }
        var after = try #require(try DomainFixtures.domain(in: folder))
        #expect(after.count == before.count + 1)
        #expect(after.removeValue(forKey: "PaletteStoreFormat:Main") == .string(PaletteJSON.schemaID))
        for (key, value) in before where key != "PaletteStore:Main" {
            #expect(after[key] == value, "\(key)")
        }
        #expect(try document().load().list.palettes[1].emojis == "🚗🚕🏎🚙")
        after["PaletteStore:Main"] = before["PaletteStore:Main"]
        #expect(after == before)
    }

    /// Stored values that are not palette JSON data throw .unreadable and the file stays byte for byte.
    @Test(
        arguments: [
            DomainFixtures.dataElement("not json"),
            DomainFixtures.dataElement(#"{"emojis":"😀","id":1,"name":"an object, not an array"}"#),
            DomainFixtures.dataElement(#"[{"emojis":"😀","name":"no id"}]"#),
            DomainFixtures.dataElement(#"[{"emojis":"😀","id":"1","name":"id as a string"}]"#),
            DomainFixtures.dataElement(#"[{"emojis":"😀","id":1,"name":"cut off"#),
            "<data></data>",
            "<string>[]</string>",
            "<integer>3</integer>",
            "<array><data>W10=</data></array>"
        ])
    func undecodableIsUntouched(element: String) throws {
        try folder.write(DomainFixtures.applePlist(DomainFixtures.unrelatedEntries + [("PaletteStore:Main", element)]), to: "palettes.plist")
        let before = try #require(folder.bytes("palettes.plist"))
        let loaded = #expect(throws: PaletteError.self) { try document().load() }
        #expect(loaded?.code == .unreadable)
        #expect(loaded?.message.contains("PaletteStore:Main") == true)
        let modified = #expect(throws: PaletteError.self) {
            _ = try document().modify { (list: inout PaletteList) throws(PaletteError) in try list.insertPalette(named: "X") }
        }
        #expect(modified?.code == .unreadable)
        #expect(throws: PaletteError.self) { _ = try PaletteStore(named: "Main", folder: preferences) }
        #expect(folder.bytes("palettes.plist") == before)
        #expect(folder.names().filter { $0.contains(".tmp-") }.isEmpty)
    }

    /// Stored damage is repaired on load with warnings, and written repaired by the next change.
    @Test func repairsStoredDamage() throws {
        let damaged = #"[{"emojis":"😀😀","id":1,"name":"A"},{"emojis":"🚗","id":1,"name":"B"}]"#
        try folder.write(DomainFixtures.applePlist([("PaletteStore:Main", DomainFixtures.dataElement(damaged))]), to: "palettes.plist")
        let (list, warnings) = try document().load()
        #expect(list.palettes == [Palette(name: "A", emojis: "😀", id: 1), Palette(name: "B", emojis: "🚗", id: 2)])
        #expect(warnings.count == 2)
        let (_, modifyWarnings) = try document().modify { _ in }
        #expect(modifyWarnings.count == 2)
        #expect(try DomainFixtures.storedJSON(in: folder) == #"[{"emojis":"😀","id":1,"name":"A"},{"emojis":"🚗","id":2,"name":"B"}]"#)
        #expect(try document().load().warnings.isEmpty)
    }

    /// A change that leaves the palettes as they are writes nothing.
    @Test func noChangeNoWrite() throws {
        _ = try document().modify { (list: inout PaletteList) throws(PaletteError) in try list.insertPalette(named: "X") }
        let path = folder.file("palettes.plist")
        let (before, inode) = (folder.bytes("palettes.plist"), DomainFixtures.inode(path))
        let (count, _) = try document().modify { (list: inout PaletteList) throws(PaletteError) in
            try list.addEmojis("", toPaletteAt: 0)
            try list.removeEmojis("🎼", fromPaletteAt: 0)
            return list.count
        }
        #expect(count == 10)
        #expect(folder.bytes("palettes.plist") == before)
        #expect(DomainFixtures.inode(path) == inode)
    }

    /// A change that throws writes nothing and its error comes through.
    @Test func throwingChangeWritesNothing() throws {
        let stop = PaletteError(.notFound, "stop")
        _ = try document().modify { (list: inout PaletteList) throws(PaletteError) in try list.insertPalette(named: "X") }
        let before = folder.bytes("palettes.plist")
        let stopped = #expect(throws: PaletteError.self) {
            _ = try document().modify { (list: inout PaletteList) throws(PaletteError) in
                try list.insertPalette(named: "Y")
                throw stop
            }
        }
        #expect(stopped == stop)
        let refused = #expect(throws: PaletteError.self) {
            _ = try document().modify { (list: inout PaletteList) throws(PaletteError) in try list.addEmojis("abc", toPaletteAt: 0) }
        }
        #expect(refused?.code == .invalidArgument)
        #expect(folder.bytes("palettes.plist") == before)
    }

    /// decodeJSON reads export JSON, repairs ids, and refuses what a store cannot hold.
    @Test(
        arguments: [
            (#"[{"emojis":"😀","id":1,"name":"A"}]"#, nil),
            (#"[{"emojis":"😀","id":1,"name":"A"},{"emojis":"🚗","id":1,"name":"B"}]"#, nil),
            (#"[]"#, "no palettes"),
            (#"[{"emojis":"😀x","id":1,"name":"A"}]"#, "not emoji"),
            (#"[{"emojis":"😀","id":1,"name":"  "}]"#, "no name"),
            (#"{"emojis":"😀","id":1,"name":"A"}"#, "not a JSON array"),
            (#"[{"emojis":"😀","id":1}]"#, "not a JSON array"),
            (#"[{"emojis":"😀","id":1,"name":"two\nlines"}]"#, "line breaks"),
            (#"[{"emojis":"😀","id":1,"name":" padded"}]"#, "spaces")
        ] as [(String, String?)])
    func decodeJSON(json: String, complaint: String?) throws {
        let result = Result { () throws(PaletteError) in try PaletteDocument.decodeJSON(Array(json.utf8), source: "input.json") }
        switch (result, complaint) {
        case (.success(let decoded), nil):
            #expect(throws: Never.self) { try PaletteList(decoded.list.palettes) }
        case (.failure(let error), let complaint?):
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("input.json") && error.message.contains(complaint), "\(error)")
        default:
            Issue.record("unexpected \(result)")
        }
    }

    /// read and change say whether a value was stored; nothing stored means the built-ins.
    @Test func hadSavedValue() throws {
        #expect(try document().read().hadSavedValue == false)
        #expect(try document().change { (list: inout PaletteList) throws(PaletteError) in try list.insertPalette(named: "X") }.hadSavedValue == false)
        #expect(try document().read().hadSavedValue == true)
        #expect(try document().change { _ in }.hadSavedValue == true)
    }

    /// change(replacingDamaged:) saves the undecodable bytes beside the domain file, then replaces them.
    @Test func replacingDamaged() throws {
        try folder.write(DomainFixtures.applePlist([("PaletteStore:Main", DomainFixtures.dataElement("[{oops"))]), to: "palettes.plist")
        let outcome = try document().change(replacingDamaged: true) { (list: inout PaletteList) throws(PaletteError) in
            list = try PaletteList([Palette(name: "New", emojis: "😀", id: 1)])
        }
        #expect(outcome.damagedCopy == folder.file("palettes.plist.PaletteStore-Main.damaged-1"))
        #expect(folder.bytes("palettes.plist.PaletteStore-Main.damaged-1") == Array("[{oops".utf8))
        #expect(try DomainFixtures.storedJSON(in: folder) == #"[{"emojis":"😀","id":1,"name":"New"}]"#)
        #expect(try document().change(replacingDamaged: true) { _ in }.damagedCopy == nil)
    }
}
