import Foundation
import TestSupport
import Testing

/// `prefs check-manifest` lints manifests shaped like real ones (written for these tests, in
/// the shapes of Chrome's, Edge's, Firefox's, BBEdit's and Apple's public manifests), and
/// `check` finds manifests the way a CI checkout lays them out.
@Suite("check-manifest and check in a CI checkout")
struct CheckManifestCLITests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }

    init() throws {
        for path in ["home", "Manifests/ManagedPreferencesApplications", "Manifests/ManagedPreferencesApple", "defaults", "empty"] {
            try FileManager.default.createDirectory(atPath: folder.file(path), withIntermediateDirectories: true)
        }
    }

    /// A manifest of `domain` with these `pfm_subkeys` entries (each a `<dict>`'s inside).
    static func manifest(_ domain: String?, _ keys: [String]) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        if let domain { text += "\t<key>pfm_domain</key>\n\t<string>\(domain)</string>\n" }
        text += "\t<key>pfm_subkeys</key>\n\t<array>\n"
        for key in keys { text += "\t\t<dict>\n" + key.split(separator: "\n").map { "\t\t\t\($0)\n" }.joined() + "\t\t</dict>\n" }
        return text + "\t</array>\n</dict>\n</plist>\n"
    }

    static func key(_ name: String, _ type: String, _ rules: String = "") -> String {
        "<key>pfm_name</key>\n<string>\(name)</string>\n<key>pfm_type</key>\n<string>\(type)</string>\n" + rules
    }

    /// Real manifests' shapes: each rule prefs cannot enforce is a warning with its line, the
    /// manifest loads (exit 0), and `--strict` makes the warnings errors (exit 3).
    static let browser = manifest(
        "com.example.Browser",
        [
            key("DefaultSearchProviderSearchURL", "string", "<key>pfm_format</key>\n<string>^(?=.*\\{searchTerms\\}).*$</string>"),
            key("ProxyServer", "string", "<key>pfm_format</key>\n<string>^(?!.*\\s)(?&lt;=x).*$</string>"),
            key("DiskCacheSize", "integer", "<key>pfm_range_min</key>\n<string>0</string>"),
            key(
                "Channel", "string",
                "<key>pfm_default</key>\n<string>nightly</string>\n<key>pfm_range_list</key>\n<array><string>release</string><string>beta</string></array>"),
            key("Channel", "string"),
            key("AllowedDomains", "array", "<key>pfm_range_max</key>\n<integer>10</integer>"),
            key("MaxTabs", "integer", "<key>pfm_range_max</key>\n<integer>100</integer>")
        ])

    @Test func realWorldRulesAreWarningsAndTheRestIsEnforced() throws {
        try folder.write(Self.browser, to: "Manifests/ManagedPreferencesApplications/com.example.Browser.plist")
        let path = folder.file("Manifests/ManagedPreferencesApplications/com.example.Browser.plist")
        let lint = try Shell.prefs(["check-manifest", path], home: home)
        #expect(lint.status == 0, "\(lint)")
        #expect(lint.stdout == "\(path): OK\n")
        #expect(
            lint.stderr == """
                \(path):21: warning: key "ProxyServer": pfm_format "^(?!.*\\\\s)(?<=x).*$" uses a lookbehind ((?<=…)), which prefs does not support: prefs matches in linear time, which it cannot do with lookaround; not enforced
                \(path):29: warning: key "DiskCacheSize": pfm_range_min is a string, "0", not an integer like the key; not enforced
                \(path):37: warning: key "Channel": pfm_default breaks the key's own rules (is "nightly", not one of release, beta); the default is ignored
                \(path):42: warning: key "Channel": is described twice; the second description is ignored
                \(path):53: warning: key "AllowedDomains": pfm_range_max applies to numbers, but the key is an array; not enforced

                """)
        let strict = try Shell.prefs(["check-manifest", "--strict", "-q", path], home: home)
        #expect(strict.status == 3 && strict.stdout == "" && strict.stderr.contains("\(path):21: error: key \"ProxyServer\""), "\(strict)")
        // The rest is enforced, the leading lookahead too.
        try folder.write(
            "<plist><dict><key>MaxTabs</key><integer>500</integer><key>DefaultSearchProviderSearchURL</key><string>https://x/</string></dict></plist>",
            to: "defaults/com.example.Browser.plist")
        let checked = try Shell.prefs(["validate", "-q", "--manifest", path, folder.file("defaults/com.example.Browser.plist")], home: home)
        #expect(checked.status == 3, "\(checked)")
        #expect(checked.stderr.contains("key \"MaxTabs\": is 500, above the maximum 100"))
        #expect(checked.stderr.contains("key \"DefaultSearchProviderSearchURL\": is \"https://x/\", which does not match the format"))
    }

    /// Only unusable manifests are errors, every one reported with its line, exit 3.
    @Test func unusableManifestsAreErrors() throws {
        try folder.write(Self.manifest(nil, [Self.key("a", "string")]), to: "Manifests/nodomain.plist")
        try folder.write(
            Self.manifest(
                "d",
                [
                    Self.key("a", "colour"),
                    Self.key("b", "integer", "<key>pfm_range_min</key>\n<integer>9</integer>\n<key>pfm_range_max</key>\n<integer>1</integer>")
                ]), to: "Manifests/bad.plist")
        try folder.write("<plist><array/></plist>", to: "Manifests/array.plist")
        try folder.write(
            "<plist><dict><key>pfm_domain</key><string>d</string><key>pfm_subkeys</key><string>x</string></dict></plist>", to: "Manifests/subkeys.plist")
        let result = try Shell.prefs(["check-manifest", "-q", "--report", "json", folder.file("Manifests")], home: home)
        #expect(result.status == 3, "\(result)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let messages = records.map {
            "\(($0["file"] as? String ?? "").split(separator: "/").last ?? ""):\($0["line"] as? Int ?? 0) \($0["message"] as? String ?? "")"
        }
        #expect(
            messages == [
                "array.plist:1 the root of a manifest must be a dictionary, not an array",
                #"bad.plist:11 key "a": pfm_type "colour" is not a type prefs knows (string, integer, real, float, boolean, date, data, array, dictionary)"#,
                #"bad.plist:19 key "b": pfm_range_min 9 is above pfm_range_max 1, so no value could fit"#,
                "nodomain.plist:1 the manifest has no pfm_domain, so it names no domain to check",
                "subkeys.plist:1 pfm_subkeys is a string, not an array"
            ], "\(messages)")
        #expect(records.allSatisfy { $0["severity"] as? String == "error" && $0["rule"] as? String == "malformed-manifest" })
        #expect(result.stderr == "", "a JSON report is the only output")
        let text = try Shell.prefs(["check-manifest", "-q", folder.file("Manifests")], home: home)
        #expect(text.status == 3 && text.stderr.hasSuffix("\n4 manifests checked: 4 failed\n"), "\(text)")
    }

    /// No manifest found exits 7; a missing file exits 1.
    @Test func nothingToCheckAndMissingFiles() throws {
        let empty = try Shell.prefs(["check-manifest", folder.file("empty")], home: home)
        #expect(empty.status == 7 && empty.stderr.hasPrefix("Error: no manifests to check"), "\(empty)")
        let missing = try Shell.prefs(["check-manifest", folder.file("missing.plist")], home: home)
        #expect(missing.status == 1 && missing.stderr.contains("missing.plist"), "\(missing)")
    }

    /// check finds a manifest in a subfolder of a relative PREFS_MANIFESTS, and a domain file
    /// a CI checkout made group-writable is checked with a warning.
    @Test func checkInACheckout() throws {
        try folder.write(Self.browser, to: "Manifests/ManagedPreferencesApplications/com.example.Browser.plist")
        try folder.write("<plist><dict><key>MaxTabs</key><integer>500</integer></dict></plist>", to: "defaults/com.example.Browser.plist")
        chmod(folder.file("defaults/com.example.Browser.plist"), 0o664)
        let result = try Shell.prefs(
            ["check", "-q", "--root", "defaults"], home: home, environment: ["PREFS_MANIFESTS": "Manifests"], workingIn: folder.path)
        #expect(result.status == 3, "\(result)")
        #expect(
            result.stderr == """
                defaults/com.example.Browser.plist: warning: others may change this file (mode 664, owner \(geteuid())); checked, since check only reads it, but read and write refuse it until chmod go-w
                defaults/com.example.Browser.plist:1: error: key "MaxTabs": is 500, above the maximum 100

                """)
        try folder.write("<plist><dict><key>MaxTabs</key><integer>5</integer></dict></plist>", to: "defaults/com.example.Browser.plist")
        let passing = try Shell.prefs(["check", "--root", "defaults"], home: home, environment: ["PREFS_MANIFESTS": "Manifests"], workingIn: folder.path)
        #expect(passing.status == 0 && passing.stdout == "defaults/com.example.Browser.plist: OK\n", "\(passing)")
    }

    /// check that checked nothing fails with a message, exit 7.
    @Test func checkThatChecksNothingFails() throws {
        try folder.write("<plist><dict/></plist>", to: "defaults/com.example.Other.plist")
        let result = try Shell.prefs(
            ["check", "--root", "defaults"], home: home, environment: ["PREFS_MANIFESTS": "Manifests"], workingIn: folder.path)
        #expect(result.status == 7, "\(result)")
        #expect(
            result.stderr
                == "Error: nothing was checked: none of the 1 domain in defaults has a manifest in \(folder.file("Manifests"))\n")
    }
}
