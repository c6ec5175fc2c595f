import Foundation
import TestSupport
import Testing

/// Every verb that changes a domain checks the result against the domain's installed manifest,
/// as `write` and `delete` do: refused with exit 2, the rule named, nothing written.
@Suite("Every changing verb meets the manifest")
struct ManifestVerbTests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }
    var manifests: String { folder.file("manifests") }
    var domainFile: String { folder.file("home/com.example.app.plist") }
    var manifest: String { "\(manifests)/com.example.app.plist" }

    init() throws {
        for path in [home, manifests] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        try folder.write(
            """
            <plist><dict><key>pfm_domain</key><string>com.example.app</string><key>pfm_subkeys</key><array>
            <dict><key>pfm_name</key><string>name</string><key>pfm_type</key><string>string</string><key>pfm_require</key><string>always</string></dict>
            <dict><key>pfm_name</key><string>size</string><key>pfm_type</key><string>integer</string><key>pfm_range_min</key><integer>1</integer><key>pfm_range_max</key><integer>10</integer></dict>
            <dict><key>pfm_name</key><string>tags</string><key>pfm_type</key><string>array</string><key>pfm_repetition_max</key><integer>2</integer>
            <key>pfm_subkeys</key><array><dict><key>pfm_type</key><string>string</string></dict></array></dict>
            <dict><key>pfm_name</key><string>window</string><key>pfm_type</key><string>dictionary</string><key>pfm_subkeys</key><array>
            <dict><key>pfm_name</key><string>width</string><key>pfm_type</key><string>integer</string><key>pfm_range_max</key><integer>1000</integer></dict>
            </array></dict>
            <dict><key>pfm_name</key><string>PaletteStore:Main</string><key>pfm_type</key><string>string</string></dict>
            </array></dict></plist>
            """, to: "manifests/com.example.app.plist")
        let stored = try prefs(
            "write", "com.example.app",
            "<dict><key>name</key><string>n</string><key>size</key><integer>4</integer><key>tags</key><array><string>a</string></array></dict>")
        #expect(stored.status == 0, "\(stored)")
    }

    /// Runs prefs with the store in `home` and the manifests in `manifests`.
    func prefs(_ arguments: String..., input: String = "") throws -> CommandResult {
        try Shell.prefs(arguments, home: home, environment: ["PREFS_MANIFESTS": manifests], input: input)
    }

    /// Each change is refused with the rule it breaks, exit 2, and the domain file is left byte
    /// for byte; `--no-manifest` (where the verb takes it) makes it anyway.
    @Test(
        arguments: [
            (["rename", "com.example.app", "name", "title"], #"key "name": is required, so it may not be removed"#, true),
            (["rename", "com.example.app", "tags", "window"], #"key "window": is an array, not a dictionary"#, true),
            (["import", "com.example.app", "-"], #"key "size": is 11, above the maximum 10"#, true),
            (["write", "com.example.app", "tags", "-array-add", "b", "c"], #"key "tags": has 3 items, more than the maximum 2"#, true),
            (["write", "com.example.app", "tags", "-array-add", "-int", "5"], #"key "tags.1": is an integer, 5, not a string"#, true),
            (["write", "com.example.app", "window", "-dict-add", "width", "-int", "2000"], #"key "window.width": is 2000, above the maximum 1000"#, true),
            (["write", "com.example.app", "--key-path", "window.width", "-int", "2000"], #"key "window.width": is 2000, above the maximum 1000"#, true),
            (["palette", "--domain", "com.example.app", "add", "Hearts"], #"key "PaletteStore:Main": is data"#, false)
        ])
    func aChangeThatBreaksTheManifestIsRefused(arguments: [String], message: String, forcible: Bool) throws {
        let before = folder.bytes("home/com.example.app.plist")
        let input = "<plist><dict><key>name</key><string>n</string><key>size</key><integer>11</integer></dict></plist>"
        let refused = try Shell.prefs(arguments, home: home, environment: ["PREFS_MANIFESTS": manifests], input: input)
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.hasPrefix("Error: \(message)"), "\(refused.stderr)")
        #expect(refused.stderr.hasSuffix(" (by the manifest \(manifest)); nothing was written\n"), "\(refused.stderr)")
        #expect(folder.bytes("home/com.example.app.plist") == before)
        guard forcible else { return }
        let forced = try Shell.prefs(
            [arguments[0], "--no-manifest"] + arguments.dropFirst(), home: home, environment: ["PREFS_MANIFESTS": manifests], input: input)
        #expect(forced.status == 0 && forced.stderr == "", "\(forced)")
        #expect(folder.bytes("home/com.example.app.plist") != before)
    }

    /// import checks the whole domain it stores: a required key missing is refused too.
    @Test func importRefusesADomainMissingARequiredKey() throws {
        let refused = try prefs("import", "com.example.app", "-", input: "<plist><dict><key>size</key><integer>3</integer></dict></plist>")
        #expect(refused.status == 2)
        #expect(refused.stderr == "Error: key \"name\": is required but missing (by the manifest \(manifest)); nothing was written\n")
    }

    /// Changes that meet the manifest go through: a rename to a key it does not name, an import
    /// of a domain that meets it.
    @Test func changesThatMeetTheManifestAreMade() throws {
        #expect(try prefs("rename", "com.example.app", "size", "other").status == 0)
        #expect(try prefs("import", "com.example.app", "-", input: "<plist><dict><key>name</key><string>m</string></dict></plist>").status == 0)
        #expect(try prefs("read", "--stored", "com.example.app", "name").stdout == "m\n")
    }

    /// A domain's file reached by its path (`--file`, a path domain, through a link to the
    /// folder) meets the domain's manifest as its name does; a file outside the preferences
    /// folder names no domain.
    /// The administrator's file `/Library/Preferences/NAME` is the domain NAME, and meets its
    /// manifest too.
    @Test func theAdministratorsFileMeetsItsDomainsManifest() throws {
        let environment = ["PREFS_MANIFESTS": manifests, "XDG_CONFIG_DIRS": folder.file("system")]
        let refused = try Shell.prefs(["write", "/Library/Preferences/com.example.app", "size", "-int", "11"], home: home, environment: environment)
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.hasPrefix(#"Error: key "size": is 11, above the maximum 10"#), "\(refused.stderr)")
        #expect(folder.bytes("system/prefs/com.example.app.plist") == nil)
        let met = try Shell.prefs(
            ["write", "/Library/Preferences/com.example.app", "<dict><key>name</key><string>n</string></dict>"], home: home, environment: environment)
        #expect(met.status == 0, "\(met)")
    }

    @Test(arguments: ["--file", "path domain", "linked folder"])
    func theDomainsFileByAnyPathMeetsItsManifest(reachedBy: String) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: home)
        let arguments: [String] =
            switch reachedBy {
            case "--file": ["write", "--file", domainFile, "size", "-int", "11"]
            case "path domain": ["write", String(domainFile.dropLast(".plist".count)), "size", "-int", "11"]
            default: ["write", "--file", folder.file("link/com.example.app.plist"), "size", "-int", "11"]
            }
        let before = folder.bytes("home/com.example.app.plist")
        let refused = try Shell.prefs(arguments, home: home, environment: ["PREFS_MANIFESTS": manifests])
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.hasPrefix(#"Error: key "size": is 11, above the maximum 10"#), "\(refused.stderr)")
        #expect(folder.bytes("home/com.example.app.plist") == before)
        let elsewhere = try Shell.prefs(
            ["write", "--file", folder.file("com.example.app.plist"), "size", "-int", "11"], home: home, environment: ["PREFS_MANIFESTS": manifests])
        #expect(elsewhere.status == 0, "\(elsewhere)")
    }
}
