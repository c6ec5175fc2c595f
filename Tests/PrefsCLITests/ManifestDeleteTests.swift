import Foundation
import TestSupport
import Testing

/// `prefs delete` of a key the domain's installed manifest requires (`pfm_require`), through
/// the real binary.
@Suite("delete and required keys")
struct ManifestDeleteTests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }
    var manifests: String { folder.file("manifests") }

    init() throws {
        for path in [home, manifests] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        try folder.write(
            """
            <plist><dict><key>pfm_domain</key><string>com.example.app</string><key>pfm_subkeys</key><array>
            <dict><key>pfm_name</key><string>name</string><key>pfm_type</key><string>string</string><key>pfm_require</key><string>always</string></dict>
            <dict><key>pfm_name</key><string>size</string><key>pfm_type</key><string>integer</string><key>pfm_default</key><integer>3</integer></dict>
            <dict><key>pfm_name</key><string>window</string><key>pfm_type</key><string>dictionary</string><key>pfm_subkeys</key><array>
            <dict><key>pfm_name</key><string>width</string><key>pfm_type</key><string>integer</string><key>pfm_require</key><string>always</string></dict>
            <dict><key>pfm_name</key><string>height</string><key>pfm_type</key><string>integer</string></dict>
            </array></dict>
            </array></dict></plist>
            """, to: "manifests/com.example.app.plist")
        let stored = try prefs(
            "write", "com.example.app",
            "<dict><key>name</key><string>n</string><key>size</key><integer>4</integer>"
                + "<key>window</key><dict><key>width</key><integer>800</integer><key>height</key><integer>600</integer></dict></dict>")
        #expect(stored.status == 0, "\(stored)")
    }

    /// Runs prefs with the store in `home` and the manifests in `manifests`.
    func prefs(_ arguments: String...) throws -> CommandResult {
        try Shell.prefs(arguments, home: home, environment: ["PREFS_MANIFESTS": manifests, "PREFS_NO_CACHE": "1"])
    }

    /// delete refuses a key the manifest requires, top-level or nested, and writes nothing.
    @Test(
        arguments: [
            (["name"], #"key "name": is required, so it may not be removed"#),
            (["--key-path", "window.width"], #"key "window.width": is required but missing"#)
        ])
    func deleteRefusesARequiredKey(words: [String], message: String) throws {
        let before = folder.bytes("home/com.example.app.plist")
        let refused = try Shell.prefs(["delete", "com.example.app"] + words, home: home, environment: ["PREFS_MANIFESTS": manifests])
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "Error: \(message) (by the manifest \(manifests)/com.example.app.plist); nothing was written\n")
        #expect(folder.bytes("home/com.example.app.plist") == before)
        let forced = try Shell.prefs(["delete", "--no-manifest", "com.example.app"] + words, home: home, environment: ["PREFS_MANIFESTS": manifests])
        #expect(forced.status == 0 && forced.stderr == "")
        #expect(folder.bytes("home/com.example.app.plist") != before)
    }

    @Test func deleteRemovesAKeyTheManifestDoesNotRequireAndItsDefaultApplies() throws {
        #expect(try prefs("delete", "com.example.app", "size").status == 0)
        #expect(try prefs("read", "--stored", "com.example.app", "size").status == 1)
        #expect(try prefs("read", "com.example.app", "size").stdout == "3\n")
        #expect(try prefs("delete", "--key-path", "window.height", "com.example.app").status == 0)
    }

    @Test func deletingAWholeDomainWithRequiredKeysIsAllowed() throws {
        let result = try prefs("delete", "com.example.app")
        #expect(result.status == 0 && result.stderr == "")
        #expect(folder.bytes("home/com.example.app.plist") == nil)
        #expect(try prefs("read", "com.example.app", "size").stdout == "3\n")
    }

    @Test func deleteOfAMissingRequiredKeySaysItDoesNotExist() throws {
        #expect(try prefs("delete", "--no-manifest", "com.example.app", "name").status == 0)
        let result = try prefs("delete", "com.example.app", "name")
        #expect(result.status == 1)
        #expect(result.stderr == "Error: the key name does not exist in com.example.app\n")
    }
}
