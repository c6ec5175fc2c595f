import Foundation
import TestSupport
import Testing

/// Finding an installed manifest that is not named `DOMAIN.plist` by its `pfm_domain`, with
/// and without the cache of each folder's index, through the real binary.
@Suite("Manifests found by pfm_domain")
struct ManifestLookupTests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }
    var user: String { folder.file("user") }
    var system: String { folder.file("system") }

    init() throws {
        for path in [home, user, system, folder.file("cache")] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
    }

    /// A manifest claiming `domain` whose key `k` is an integer defaulting to `value`.
    static func manifest(_ domain: String, _ value: Int) -> String {
        "<plist><dict><key>pfm_domain</key><string>\(domain)</string><key>pfm_subkeys</key><array><dict><key>pfm_name</key><string>k</string>"
            + "<key>pfm_type</key><string>integer</string><key>pfm_default</key><integer>\(value)</integer></dict></array></dict></plist>"
    }

    /// Runs prefs with the manifests in `user` then `system`, and the cache in `cache` unless
    /// `cached` is false.
    func prefs(_ arguments: String..., cached: Bool = true) throws -> CommandResult {
        try Shell.prefs(
            arguments, home: home,
            environment: [
                "PREFS_MANIFESTS": "\(user):\(system)", "XDG_CACHE_HOME": folder.file("cache"), "PREFS_NO_CACHE": cached ? "" : "1"
            ])
    }

    /// Sets the modification time of `path` an hour back, as if it had not changed lately.
    func age(_ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
    }

    @Test(arguments: [true, false])
    func aManifestWithAnotherNameIsFoundByItsPfmDomain(cached: Bool) throws {
        try folder.write(Self.manifest("com.example.app", 7), to: "user/editor-settings.plist")
        try folder.write("<plist><dict><key>pfm_domain</key><string>com.example.other</string></dict></plist>", to: "user/other.plist")
        try folder.write("not a property list", to: "user/notes.plist")
        #expect(try prefs("read", "com.example.app", "k", cached: cached).stdout == "7\n")
        let refused = try prefs("write", "com.example.app", "k", "-string", "x", cached: cached)
        #expect(refused.status == 2)
        #expect(refused.stderr == "Error: key \"k\": is a string, \"x\", not an integer (by the manifest \(user)/editor-settings.plist); nothing was written\n")
        #expect(try prefs("read", "com.example.none", "k", cached: cached).status == 1)
        #expect(try prefs("write", "com.example.none", "k", "v", cached: cached).status == 0)
    }

    @Test func domainPlistWinsOverAnotherFileClaimingTheSameDomain() throws {
        try folder.write(Self.manifest("com.example.app", 1), to: "user/a-first-by-name.plist")
        try folder.write(Self.manifest("com.example.app", 2), to: "user/com.example.app.plist")
        #expect(try prefs("read", "com.example.app", "k").stdout == "2\n")
    }

    @Test func aUsersFileClaimingTheDomainOverridesTheSystemsDomainPlist() throws {
        try folder.write(Self.manifest("com.example.app", 1), to: "system/com.example.app.plist")
        #expect(try prefs("read", "com.example.app", "k").stdout == "1\n")
        try folder.write(Self.manifest("com.example.app", 2), to: "user/mine.plist")
        #expect(try prefs("read", "com.example.app", "k").stdout == "2\n")
    }

    @Test func theIndexIsKeptInTheCacheAndMadeAgainWhenTheFolderOrAFileInItChanges() throws {
        try folder.write(Self.manifest("com.example.app", 1), to: "user/app.plist")
        try age(folder.file("user/app.plist"))
        try age(user)
        #expect(try prefs("read", "com.example.app", "k").stdout == "1\n")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.file("cache/prefs/manifests"))
        #expect(kept.count == 2)  // the compiled manifest and the index of the user's folder
        #expect(try prefs("read", "com.example.app", "k").stdout == "1\n")
        // A new file changes the folder, so its index is made again.
        try folder.write(Self.manifest("com.example.new", 5), to: "user/new.plist")
        #expect(try prefs("read", "com.example.new", "k").stdout == "5\n")
        try age(user)
        #expect(try prefs("read", "com.example.app", "k").stdout == "1\n")
        // A file edited in place to claim another domain leaves the folder as it was: the kept
        // index still names it for its old domain, whose manifest it no longer is.
        let handle = try #require(FileHandle(forWritingAtPath: folder.file("user/app.plist")))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(Self.manifest("com.example.moved", 3).utf8))
        try handle.close()
        try age(folder.file("user/app.plist"))
        let moved = try prefs("read", "com.example.app", "k")
        #expect(moved.status == 1 && moved.stdout == "")
        #expect(try prefs("read", "com.example.moved", "k").stdout == "3\n")
    }
}
