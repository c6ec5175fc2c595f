import Foundation
import TestSupport
import Testing

/// The compiled manifest cache (`$XDG_CACHE_HOME/prefs/manifests`), through the real binary:
/// used when current, replaced when the manifest changes, ignored when damaged or unwritable,
/// and never a change to what `validate` says.
@Suite("Compiled manifest cache")
struct ManifestCacheTests {
    let folder = TemporaryFolder()
    var manifest: String { folder.file("m.plist") }
    var domain: String { folder.file("d.plist") }
    var compiled: String { folder.file("cache/prefs/manifests") }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder.file("home"), withIntermediateDirectories: true)
        try writeManifest(maximum: 72, age: 3600)
        try folder.write(
            "<plist><dict><key>fontSize</key><integer>50</integer><key>id</key><string>x-1</string>"
                + "<key>theme</key><string>sepia</string></dict></plist>", to: "d.plist")
    }

    /// Writes the manifest with this `fontSize` maximum (always two digits, so the size stays
    /// the same), last modified `age` seconds ago.
    func writeManifest(maximum: Int, age seconds: TimeInterval) throws {
        try folder.write(
            """
            <plist><dict><key>pfm_domain</key><string>d</string><key>pfm_title</key><string>Editor</string><key>pfm_subkeys</key><array>
            <dict><key>pfm_name</key><string>fontSize</string><key>pfm_type</key><string>integer</string><key>pfm_description</key><string>Größe</string><key>pfm_range_max</key><integer>\(maximum)</integer></dict>
            <dict><key>pfm_name</key><string>id</string><key>pfm_type</key><string>string</string><key>pfm_format</key><string>[a-z]-[0-9]+</string></dict>
            <dict><key>pfm_name</key><string>theme</string><key>pfm_type</key><string>string</string><key>pfm_range_list</key><array><string>light</string><string>dark</string></array></dict>
            </array></dict></plist>
            """, to: "m.plist")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: manifest)
    }

    /// Sets the modification time of `path` an hour back, as if it had not changed lately.
    func age(_ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
    }

    /// `prefs validate --manifest m.plist d.plist` with the cache in `cache` (or as `environment` says).
    func validate(_ environment: [String: String] = [:]) throws -> CommandResult {
        try Shell.prefs(
            ["validate", "--manifest", manifest, domain], home: folder.file("home"),
            environment: ["XDG_CACHE_HOME": folder.file("cache"), "PREFS_NO_CACHE": ""].merging(environment) { $1 })
    }

    /// What validate says with no cache at all.
    func uncached() throws -> CommandResult {
        try validate(["PREFS_NO_CACHE": "1"])
    }

    /// The one compiled file, which must exist.
    func compiledFile() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: compiled)
        try #require(names.count == 1, "\(names)")
        return compiled + "/" + names[0]
    }

    func attribute(_ key: FileAttributeKey, of path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[key] as? NSNumber).intValue
    }

    func expectSameResult(_ result: CommandResult, _ expected: CommandResult) {
        #expect(result.status == expected.status)
        #expect(result.stdout == expected.stdout)
        #expect(result.stderr == expected.stderr)
    }

    @Test func aManifestIsCompiledOnceOwnerOnlyAndLoadedFromTheCacheNextTime() throws {
        let expected = try uncached()
        #expect(expected.status == 3)
        #expect(expected.stderr.contains(#"key "theme": is "sepia", not one of light, dark"#))
        #expect(!FileManager.default.fileExists(atPath: folder.file("cache")))
        expectSameResult(try validate(), expected)
        let file = try compiledFile()
        #expect(try attribute(.posixPermissions, of: file) == 0o600)
        #expect(try attribute(.posixPermissions, of: compiled) == 0o700)
        #expect(try attribute(.posixPermissions, of: folder.file("cache/prefs")) == 0o700)
        let inode = try attribute(.systemFileNumber, of: file)
        let modified = try #require(FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
        expectSameResult(try validate(), expected)
        // Loaded, not compiled again: a compiled file is replaced by renaming a new one over it.
        #expect(try attribute(.systemFileNumber, of: try compiledFile()) == inode)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == modified)
    }

    @Test func aManifestLoadedFromTheCacheDescribesEveryRuleAsTheFileDoes() throws {
        try FileManager.default.createDirectory(atPath: folder.file("installed"), withIntermediateDirectories: true)
        try folder.write(
            """
            <plist><dict><key>pfm_domain</key><string>com.example.all</string><key>pfm_title</key><string>All</string>
            <key>pfm_description</key><string>Every rule — once.</string><key>pfm_format_version</key><integer>-2</integer><key>pfm_subkeys</key><array>
            <dict><key>pfm_name</key><string>size</string><key>pfm_type</key><string>real</string><key>pfm_title</key><string>Size</string>
            <key>pfm_range_min</key><integer>1</integer><key>pfm_range_max</key><real>9.5</real><key>pfm_default</key><real>2.5</real></dict>
            <dict><key>pfm_name</key><string>mode</string><key>pfm_type</key><string>string</string><key>pfm_require</key><string>always</string>
            <key>pfm_range_list</key><array><string>a</string><string>b</string></array><key>pfm_default</key><string>b</string></dict>
            <dict><key>pfm_name</key><string>old</string><key>pfm_type</key><string>boolean</string><key>pfm_deprecated</key><true/></dict>
            <dict><key>pfm_name</key><string>tags</string><key>pfm_type</key><string>array</string><key>pfm_repetition_min</key><integer>1</integer>
            <key>pfm_repetition_max</key><integer>3</integer><key>pfm_subkeys</key><array><dict><key>pfm_type</key><string>dictionary</string>
            <key>pfm_subkeys</key><array><dict><key>pfm_name</key><string>id</string><key>pfm_type</key><string>string</string>
            <key>pfm_format</key><string>[a-z]+</string><key>pfm_description</key><string>An id.</string></dict></array></dict></array></dict>
            <dict><key>pfm_name</key><string>kinds</string><key>pfm_type</key><string>array</string><key>pfm_subkeys</key><array>
            <dict><key>pfm_type</key><string>string</string><key>pfm_value_unique</key><true/></dict></array></dict>
            </array></dict></plist>
            """, to: "installed/com.example.all.plist")
        try age(folder.file("installed/com.example.all.plist"))
        _ = try Shell.prefs(["write", "com.example.all", "size", "-float", "3"], home: folder.file("home"), environment: ["PREFS_NO_CACHE": "1"])
        func run(_ arguments: [String], cached: Bool) throws -> CommandResult {
            try Shell.prefs(
                arguments, home: folder.file("home"),
                environment: [
                    "PREFS_MANIFESTS": folder.file("installed"), "XDG_CACHE_HOME": folder.file("cache"), "PREFS_NO_CACHE": cached ? "" : "1"
                ])
        }
        for arguments in [
            ["describe", "com.example.all"], ["check", "com.example.all"], ["read", "com.example.all", "mode"],
            ["write", "com.example.all", "tags", "<array><dict><key>id</key><string>X</string></dict></array>"],
            ["write", "com.example.all", "kinds", "<array><string>app</string><string>app</string></array>"]
        ] {
            let expected = try run(arguments, cached: false)
            _ = try run(arguments, cached: true)
            #expect(try FileManager.default.contentsOfDirectory(atPath: compiled).count == 1)
            expectSameResult(try run(arguments, cached: true), expected)
        }
        let repeated = try run(["write", "com.example.all", "kinds", "<array><string>app</string><string>app</string></array>"], cached: true)
        #expect(repeated.status != 0 && repeated.stderr.contains(#"key "kinds": has "app" more than once (items 0 and 1)"#), "\(repeated)")
    }

    @Test func keyTitlesAndDescriptionsInAnyScriptReadFromTheCacheAsFromTheFile() throws {
        try FileManager.default.createDirectory(atPath: folder.file("installed"), withIntermediateDirectories: true)
        try folder.write(
            """
            <plist><dict><key>pfm_domain</key><string>com.example.texts</string><key>pfm_subkeys</key><array>
            <dict><key>pfm_name</key><string>size</string><key>pfm_type</key><string>integer</string><key>pfm_title</key><string>Taille</string>
            <key>pfm_description</key><string>La taille — en points ✓</string></dict>
            <dict><key>pfm_name</key><string>名前</string><key>pfm_type</key><string>string</string><key>pfm_title</key><string>Größe</string>
            <key>pfm_description</key><string></string></dict>
            <dict><key>pfm_name</key><string>plain</string><key>pfm_type</key><string>boolean</string><key>pfm_description</key><string>ASCII only.</string></dict>
            </array></dict></plist>
            """, to: "installed/com.example.texts.plist")
        try age(folder.file("installed/com.example.texts.plist"))
        func describe(cached: Bool) throws -> CommandResult {
            try Shell.prefs(
                ["describe", "com.example.texts"], home: folder.file("home"),
                environment: [
                    "PREFS_MANIFESTS": folder.file("installed"), "XDG_CACHE_HOME": folder.file("cache"), "PREFS_NO_CACHE": cached ? "" : "1"
                ])
        }
        let expected = try describe(cached: false)
        #expect(expected.status == 0 && expected.stdout.contains("La taille — en points ✓") && expected.stdout.contains("Größe"))
        _ = try describe(cached: true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: compiled).count == 1)
        expectSameResult(try describe(cached: true), expected)
    }

    @Test func aChangedManifestOfTheSameSizeIsReadAgainAndCompiledAgain() throws {
        _ = try validate()
        let inode = try attribute(.systemFileNumber, of: try compiledFile())
        try writeManifest(maximum: 42, age: 1800)
        let result = try validate()
        #expect(result.status == 3)
        #expect(result.stderr.contains(#"key "fontSize": is 50, above the maximum 42"#))
        expectSameResult(result, try uncached())
        #expect(try attribute(.systemFileNumber, of: try compiledFile()) != inode)
    }

    @Test func aManifestChangedWithinTheClockTickKeepingItsIdentityIsCaughtByItsContentHash() throws {
        try writeManifest(maximum: 72, age: 0)
        var before = stat()
        try #require(stat(manifest, &before) == 0)
        expectSameResult(try validate(), try uncached())
        _ = try compiledFile()
        // The same size, inode and modification time, other contents.
        let handle = try #require(FileHandle(forWritingAtPath: manifest))
        let text = try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: "<integer>72</integer>", with: "<integer>42</integer>")
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        try #require(utimensat(AT_FDCWD, manifest, &times, 0) == 0)
        var after = stat()
        try #require(stat(manifest, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_size == before.st_size)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        let result = try validate()
        #expect(result.stderr.contains(#"key "fontSize": is 50, above the maximum 42"#))
        expectSameResult(result, try uncached())
    }

    @Test func noCacheIsWrittenWithPrefsNoCache() throws {
        _ = try validate(["PREFS_NO_CACHE": "1"])
        #expect(!FileManager.default.fileExists(atPath: folder.file("cache")))
    }

    /// Ways a compiled file can be damaged or forged, each applied to a good one, whose compact
    /// form starts: top-level flags, the texts ("Editor", "fontSize", "Größe", "id", "theme"),
    /// "d" (pfm_domain), 3 (root keys), fontSize's flags, its maximum.
    enum Damage: String, CaseIterable {
        case empty, truncated, randomBytes, flippedByteInTheMiddle, xmlPropertyList, unknownType, hugeCount, wrongIdentity, duplicateKey,
            badDefault, notAnArray, textBeyondItsData
    }

    /// a damaged or forged compiled file is ignored and the manifest read itself.
    @Test(arguments: Damage.allCases)
    func aDamagedCompiledFileIsIgnored(damage: Damage) throws {
        let expected = try uncached()
        _ = try validate()
        let file = try compiledFile()
        let good = try Data(contentsOf: URL(fileURLWithPath: file))
        var root = try #require(try PropertyListSerialization.propertyList(from: good, format: nil) as? [String: Any])
        var items = try #require(root["value"] as? [Any])
        func forged() throws -> Data {
            root["value"] = items
            return try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
        }
        let bytes: Data
        switch damage {
        case .empty: bytes = Data()
        case .truncated: bytes = good.prefix(good.count / 2)
        case .randomBytes:
            var generator = SplitMix(seed: 13)
            bytes = Data((0..<good.count).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        case .flippedByteInTheMiddle:
            var flipped = good
            flipped[flipped.count / 2] ^= 0xFF
            bytes = flipped
        case .xmlPropertyList: bytes = try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
        case .unknownType:
            items[4] = 0xF  // the first key's flags: a type that does not exist
            bytes = try forged()
        case .hugeCount:
            items[3] = Int.max  // the count of root keys
            bytes = try forged()
        case .wrongIdentity:
            root["identity"] = [1, 2, 3, 4, 5]
            bytes = try forged()
        case .duplicateKey:
            // The first key takes the second's name.
            var texts = try #require(items[1] as? Data)
            let id = Data([2, 0, 0, 0]) + Data("id".utf8)
            let fontSize = Data([8, 0, 0, 0]) + Data("fontSize".utf8)
            texts.replaceSubrange(try #require(texts.range(of: fontSize)), with: id)
            items[1] = texts
            bytes = try forged()
        case .badDefault:
            // fontSize gets a default above its maximum 72.
            items[4] = try #require(items[4] as? Int) | 1 << 8
            items.insert(900, at: 5)
            bytes = try forged()
        case .textBeyondItsData:
            items[1] = Data([0xFF, 0xFF, 0, 0, 0x41])
            bytes = try forged()
        case .notAnArray:
            root["value"] = "x"
            bytes = try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
        }
        try bytes.write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        expectSameResult(try validate(), expected)
        // Replaced by a good one, which the next run loads.
        expectSameResult(try validate(), expected)
        func kept(_ data: Data) throws -> NSArray {
            try #require((try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])?["value"] as? NSArray)
        }
        #expect(try kept(Data(contentsOf: URL(fileURLWithPath: try compiledFile()))) == kept(good))
    }

    @Test func aCompiledFileOthersMayWriteIsIgnored() throws {
        let expected = try uncached()
        _ = try validate()
        let file = try compiledFile()
        let inode = try attribute(.systemFileNumber, of: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file)
        expectSameResult(try validate(), expected)
        #expect(try attribute(.systemFileNumber, of: try compiledFile()) != inode)
        #expect(try attribute(.posixPermissions, of: try compiledFile()) == 0o600)
    }

    @Test func aCacheFolderThatCannotBeMadeIsHarmless() throws {
        let expected = try uncached()
        try folder.write("not a folder", to: "file")
        for cache in [folder.file("file"), folder.file("file/below"), "/proc/self/prefs-cache"] {
            expectSameResult(try validate(["XDG_CACHE_HOME": cache]), expected)
            expectSameResult(try validate(["XDG_CACHE_HOME": cache]), expected)
        }
        #expect(try String(contentsOfFile: folder.file("file"), encoding: .utf8) == "not a folder")
    }
}
