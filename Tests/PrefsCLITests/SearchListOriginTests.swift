import Foundation
import Preferences
import TestSupport
import Testing

/// `prefs read DOMAIN KEY --show-origin` and the library's `origin(ofKey:)` follow one search
/// list: the user's domain, the administrator's file of it, the global domain, the
/// administrator's global file, and the installed manifest's default.
@Suite("One search list for the library and prefs read")
struct SearchListOriginTests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }
    var system: String { folder.file("system/prefs") }
    var manifests: String { folder.file("manifests") }
    var environment: [String: String] {
        ["XDG_CONFIG_DIRS": folder.file("system"), "PREFS_MANIFESTS": manifests, "PREFS_NO_CACHE": "1"]
    }

    private func prefs(_ arguments: [String]) throws -> CommandResult {
        try Shell.prefs(arguments, home: home, environment: environment)
    }

    /// One key set in each layer, each also set in every layer below it: the command line and
    /// the library name the same file for each, and print the same value.
    @Test func showOriginAndTheLibraryAgreeOnEveryLayer() throws {
        for path in [home, system, manifests] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>pfm_domain</key><string>d</string><key>pfm_subkeys</key><array>
        <dict><key>pfm_name</key><string>fromManifest</string><key>pfm_type</key><string>string</string><key>pfm_default</key><string>manifest</string></dict>
        </array></dict></plist>
        """.write(toFile: manifests + "/d.plist", atomically: true, encoding: .utf8)
        let layers: [(key: String, files: [String])] = [
            ("fromUser", ["--file", home + "/d.plist"]),
            ("fromSystem", ["--file", system + "/d.plist"]),
            ("fromGlobal", ["--file", home + "/NSGlobalDomain.plist"]),
            ("fromGlobalSystem", ["--file", system + "/NSGlobalDomain.plist"])
        ]
        // Each key is written to its own layer and every layer below it, so only the order decides.
        for (index, layer) in layers.enumerated() {
            for (below, file) in layers[index...].enumerated() {
                #expect(try prefs(["write"] + file.files + [layer.key, "layer\(index + below)"]).status == 0)
            }
        }
        let store = try PreferenceStore(
            domain: "d", folder: PreferencesFolder(path: home), arguments: ["test"],
            environment: PreferencesEnvironment(environment.merging(["PREFS_HOME": home]) { $1 }))
        let expected = [
            ("fromUser", "file:" + home + "/d.plist"), ("fromSystem", "file:" + system + "/d.plist"),
            ("fromGlobal", "file:" + home + "/NSGlobalDomain.plist"), ("fromGlobalSystem", "file:" + system + "/NSGlobalDomain.plist"),
            ("fromManifest", "manifest:" + manifests + "/d.plist")
        ]
        for (key, origin) in expected {
            let result = try prefs(["read", "d", key, "--show-origin"])
            #expect(result.status == 0, "\(result)")
            let (printedOrigin, value) = try #require(result.stdout.dropLast().split(separator: "\t", maxSplits: 1).map(String.init).pair)
            #expect(printedOrigin == origin)
            #expect(try store.origin(ofKey: key) == String(origin.drop(while: { $0 != ":" }).dropFirst()))
            #expect(try store.string(forKey: key) == value)
        }
    }
}

extension Array {
    /// The two elements of a two-element array.
    fileprivate var pair: (Element, Element)? { count == 2 ? (self[0], self[1]) : nil }
}
