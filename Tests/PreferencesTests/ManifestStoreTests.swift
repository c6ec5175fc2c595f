import Foundation
import Preferences
import PropertyLists
import Testing

/// `PreferenceStore` with an installed manifest: its defaults under the registered ones, and
/// `set` refusing values that break it.
@Suite("Stores with an installed manifest")
struct ManifestStoreTests {
    typealias F = ManifestFixtures

    /// A store of `com.example.editor` whose manifest lies in `scratch/manifests`.
    func store(in scratch: Scratch, keys: [PropertyList]) throws -> PreferenceStore {
        let manifests = scratch.file("manifests")
        try FileManager.default.createDirectory(atPath: manifests, withIntermediateDirectories: true)
        try F.write(keys, to: manifests + "/com.example.editor.plist")
        return try PreferenceStore(
            domain: "com.example.editor", folder: PreferencesFolder(path: scratch.file("home")),
            arguments: ["tests"], manifests: ManifestSearchPath(folders: [manifests]))
    }

    static let keys = [
        F.key("fontSize", "integer", ["pfm_default": 12, "pfm_range_min": 6, "pfm_range_max": 72]),
        F.key("theme", "string", ["pfm_default": "light", "pfm_range_list": ["light", "dark"]]),
        F.key("name", "string", ["pfm_require": "always"])
    ]

    @Test func manifestDefaultsComeAfterRegisteredDefaultsAndStoredValues() throws {
        try withScratch { scratch throws in
            let store = try store(in: scratch, keys: Self.keys)
            #expect(try store.integer(forKey: "fontSize") == 12)
            #expect(try store.string(forKey: "theme") == "light")
            store.register(defaults: ["fontSize": 20] as PropertyListDictionary)
            #expect(try store.integer(forKey: "fontSize") == 20)
            try store.set(30, forKey: "fontSize")
            #expect(try store.integer(forKey: "fontSize") == 30)
            #expect(try store.dictionaryRepresentation() == ["fontSize": 30, "theme": "light"])
        }
    }

    @Test func setRefusesAValueThatBreaksTheManifestAndLeavesTheFileByteIdentical() throws {
        try withScratch { scratch throws in
            let store = try store(in: scratch, keys: Self.keys)
            try store.set(14, forKey: "fontSize")
            let before = scratch.bytes(scratch.file("home/com.example.editor.plist"))
            let error = try #require(throws: PreferenceError.self) { try store.set(900, forKey: "fontSize") }
            #expect(error.code == .manifestViolation)
            #expect(
                error.message
                    == #"key "fontSize": is 900, above the maximum 72 (by the manifest \#(scratch.file("manifests/com.example.editor.plist"))); nothing was written"#
            )
            #expect(throws: PreferenceError.self) { try store.set("sepia", forKey: "theme") }
            #expect(throws: PreferenceError.self) { try store.set(nil, forKey: "name") }
            #expect(scratch.bytes(scratch.file("home/com.example.editor.plist")) == before)
            try store.set("anything", forKey: "unknownKey")
        }
    }

    /// A typed key's value is checked as `set(_:forKey:)` checks it, and `reset` refuses to
    /// remove a required key, each writing nothing.
    @Test func typedKeysAndResetMeetTheManifest() throws {
        try withScratch { scratch throws in
            let store = try store(in: scratch, keys: Self.keys)
            try store.set("Ada", forKey: "name")
            let before = scratch.bytes(scratch.file("home/com.example.editor.plist"))
            let tooLarge = try #require(throws: PreferenceError.self) { try store.set(900, for: PreferenceKey("fontSize", default: 12)) }
            #expect(tooLarge.code == .manifestViolation && tooLarge.message.hasPrefix(#"key "fontSize": is 900, above the maximum 72"#))
            let required = try #require(throws: PreferenceError.self) { try store.reset(PreferenceKey("name", default: "")) }
            #expect(required.code == .manifestViolation && required.message.hasPrefix(#"key "name": is required"#))
            #expect(scratch.bytes(scratch.file("home/com.example.editor.plist")) == before)
            try store.set(14, for: PreferenceKey("fontSize", default: 12))
            try store.reset(PreferenceKey("fontSize", default: 12))
            #expect(try store.integer(forKey: "fontSize") == 12)
        }
    }

    @Test func removeObjectRefusesAKeyTheManifestRequiresWithTheErrorSetThrows() throws {
        try withScratch { scratch throws in
            let store = try store(in: scratch, keys: Self.keys)
            try store.set("draft", forKey: "name")
            try store.set(14, forKey: "fontSize")
            let before = scratch.bytes(scratch.file("home/com.example.editor.plist"))
            let error = try #require(throws: PreferenceError.self) { try store.removeObject(forKey: "name") }
            #expect(error.code == .manifestViolation)
            #expect(
                error.message
                    == #"key "name": is required, so it may not be removed (by the manifest \#(scratch.file("manifests/com.example.editor.plist"))); nothing was written"#
            )
            #expect(scratch.bytes(scratch.file("home/com.example.editor.plist")) == before)
            try store.removeObject(forKey: "fontSize")
            #expect(try store.dictionaryRepresentation() == ["fontSize": 12, "theme": "light", "name": "draft"])
        }
    }

    @Test func aMalformedInstalledManifestStopsTheStoreFromOpening() throws {
        try withScratch { scratch throws in
            let error = try #require(throws: PreferenceError.self) { try store(in: scratch, keys: [F.key("k", "colour")]) }
            #expect(error.code == .unreadable)
        }
    }

    /// A manifest others may write is passed over, and the store's notices handler (the one
    /// told of an administrator's file passed over) is told, naming it; the next folder's
    /// manifest, which only its owner may change, is the store's.
    @Test func aManifestOthersMayWriteIsPassedOverAndTheStoresNoticesAreTold() throws {
        try withScratch { scratch throws in
            let first = scratch.file("first")
            let second = scratch.file("second")
            for folder in [first, second] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try F.write([F.key("fontSize", "integer", ["pfm_default": 99])], to: first + "/com.example.editor.plist")
            chmod(first + "/com.example.editor.plist", 0o666)
            try F.write([F.key("fontSize", "integer", ["pfm_default": 12])], to: second + "/com.example.editor.plist")
            chmod(second + "/com.example.editor.plist", 0o644)
            let told = Locked<[PreferenceNotice]>([])
            let store = try PreferenceStore(
                domain: "com.example.editor", folder: PreferencesFolder(path: scratch.file("home")), arguments: ["tests"],
                manifests: ManifestSearchPath(folders: [first, second]), notices: { notice in told.withLock { $0.append(notice) } })
            #expect(store.manifest?.path == second + "/com.example.editor.plist")
            #expect(try store.integer(forKey: "fontSize") == 12)
            let notices = told.withLock { $0 }
            #expect(notices.count == 1 && notices.first?.severity == .warning)
            #expect(notices.first?.message.hasPrefix("\(first)/com.example.editor.plist: the file has mode 666, so other users may change it") == true)
            #expect(notices.first?.message.hasSuffix("; the manifest \(first)/com.example.editor.plist is passed over") == true)
            #expect(ManifestSearchPath(folders: [first]).file(for: try DomainName("com.example.editor")) == nil)
        }
    }

    @Test func theFirstFolderOfTheSearchPathWinsAndAManifestMustNameItsOwnDomain() throws {
        try withScratch { scratch throws in
            let first = scratch.file("first")
            let second = scratch.file("second")
            for folder in [first, second] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try F.write([F.key("k", "string")], to: second + "/d.plist")
            let path = ManifestSearchPath(folders: [first, second])
            #expect(path.file(for: try DomainName("d")) == second + "/d.plist")
            #expect(path.file(for: try DomainName("other")) == nil)
            try F.write([F.key("k", "integer")], domain: "d", to: first + "/d.plist")
            #expect(try path.manifest(for: DomainName("d"))?.keys["k"]?.type == .integer)
            try F.write([F.key("k", "integer")], domain: "someone.else", to: first + "/d.plist")
            let error = try #require(throws: PreferenceError.self) { try path.manifest(for: DomainName("d")) }
            #expect(error.message.contains("describes the domain someone.else (pfm_domain), not d"))
        }
    }
}
