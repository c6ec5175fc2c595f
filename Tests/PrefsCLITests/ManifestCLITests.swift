import Foundation
import TestSupport
import Testing

/// `validate --manifest`, and a domain's installed manifest enforced by `write`, defaulting
/// `read`, and shown by `check`, `describe` and `manifest`, through the real binary.
@Suite("Manifests through the CLI")
struct ManifestCLITests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }
    var manifests: String { folder.file("manifests") }

    init() throws {
        for path in [folder.file("home"), folder.file("manifests")] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        try folder.write(Self.editorManifest, to: "manifests/com.example.editor.plist")
    }

    /// Runs prefs with the store in `home` and the manifests in `manifests`.
    func prefs(_ arguments: String..., environment: [String: String] = [:]) throws -> CommandResult {
        try Shell.prefs(arguments, home: home, environment: ["PREFS_MANIFESTS": manifests].merging(environment) { $1 })
    }

    static let editorManifest = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>pfm_description</key>
        \t<string>A text editor.</string>
        \t<key>pfm_domain</key>
        \t<string>com.example.editor</string>
        \t<key>pfm_subkeys</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>pfm_default</key>
        \t\t\t<integer>12</integer>
        \t\t\t<key>pfm_description</key>
        \t\t\t<string>The font size in points.</string>
        \t\t\t<key>pfm_name</key>
        \t\t\t<string>fontSize</string>
        \t\t\t<key>pfm_range_max</key>
        \t\t\t<integer>400</integer>
        \t\t\t<key>pfm_range_min</key>
        \t\t\t<integer>6</integer>
        \t\t\t<key>pfm_type</key>
        \t\t\t<string>integer</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>pfm_default</key>
        \t\t\t<string>light</string>
        \t\t\t<key>pfm_name</key>
        \t\t\t<string>theme</string>
        \t\t\t<key>pfm_range_list</key>
        \t\t\t<array>
        \t\t\t\t<string>light</string>
        \t\t\t\t<string>dark</string>
        \t\t\t</array>
        \t\t\t<key>pfm_type</key>
        \t\t\t<string>string</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>pfm_default</key>
        \t\t\t<dict>
        \t\t\t\t<key>width</key>
        \t\t\t\t<integer>800</integer>
        \t\t\t</dict>
        \t\t\t<key>pfm_name</key>
        \t\t\t<string>window</string>
        \t\t\t<key>pfm_subkeys</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>pfm_name</key>
        \t\t\t\t\t<string>width</string>
        \t\t\t\t\t<key>pfm_type</key>
        \t\t\t\t\t<string>integer</string>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t\t<key>pfm_type</key>
        \t\t\t<string>dictionary</string>
        \t\t</dict>
        \t</array>
        \t<key>pfm_title</key>
        \t<string>Editor</string>
        </dict>
        </plist>
        """

    static let brokenDomain = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>fontSize</key>
        \t<integer>900</integer>
        \t<key>other</key>
        \t<true/>
        \t<key>theme</key>
        \t<string>sepia</string>
        \t<key>window</key>
        \t<dict>
        \t\t<key>width</key>
        \t\t<string>wide</string>
        \t</dict>
        </dict>
        </plist>
        """

    // MARK: validate --manifest

    @Test func validateWithAManifestPrintsEveryProblemAtItsLineAndExits3() throws {
        try folder.write(Self.brokenDomain, to: "bad.plist")
        let result = try prefs("validate", "--manifest", folder.file("manifests/com.example.editor.plist"), folder.file("bad.plist"))
        #expect(result.status == 3)
        #expect(result.stdout == "")
        let file = folder.file("bad.plist")
        #expect(
            result.stderr == """
                \(file):4: error: key "fontSize": is 900, above the maximum 400
                \(file):6: warning: key "other": is not in the manifest
                \(file):8: error: key "theme": is "sepia", not one of light, dark
                \(file):12: error: key "window.width": is a string, "wide", not an integer

                """)
    }

    @Test func validateWithAManifestOverATreePassesGoodFilesAndFailsOnAnyBadOne() throws {
        try folder.write("<plist><dict><key>fontSize</key><integer>14</integer><key>extra</key><true/></dict></plist>", to: "good.plist")
        try folder.write("<plist><dict><key>fontSize</key><integer>2</integer></dict></plist>", to: "low.plist")
        try folder.write("<plist><array/></plist>", to: "array.plist")
        let manifest = folder.file("manifests/com.example.editor.plist")
        let good = try prefs("validate", "--manifest", manifest, folder.file("good.plist"))
        #expect(good.status == 0 && good.stdout == "\(folder.file("good.plist")): OK\n")
        #expect(good.stderr == "\(folder.file("good.plist")):1: warning: key \"extra\": is not in the manifest\n")
        let strict = try prefs("validate", "--strict", "--quiet", "--manifest", manifest, folder.file("good.plist"))
        #expect(strict.status == 3 && strict.stdout == "" && strict.stderr.contains("error: key \"extra\": is not in the manifest"))
        let all = try prefs("validate", "-q", "--manifest", manifest, folder.file("good.plist"), folder.file("low.plist"), folder.file("array.plist"))
        #expect(all.status == 3)
        #expect(all.stderr.contains("\(folder.file("low.plist")):1: error: key \"fontSize\": is 2, below the minimum 6"))
        #expect(all.stderr.contains("\(folder.file("array.plist")):1:1: error: the root is an array; a domain's root is a dictionary"))
        let stdin = try Shell.prefs(
            ["validate", "--manifest", manifest, "-"], home: home, input: "<plist>\n<dict><key>theme</key><string>dark</string></dict></plist>")
        #expect(stdin.status == 0 && stdin.stdout == "<stdin>: OK\n")
    }

    @Test func validateRefusesAMalformedManifestBeforeReadingAnyFile() throws {
        try folder.write(
            "<plist>\n<dict>\n<key>pfm_subkeys</key>\n<array><dict><key>pfm_name</key><string>k</string><key>pfm_type</key><string>colour</string></dict></array>\n</dict>\n</plist>",
            to: "bad-manifest.plist")
        try folder.write("<plist><dict/></plist>", to: "good.plist")
        let result = try prefs("validate", "--manifest", folder.file("bad-manifest.plist"), folder.file("good.plist"))
        #expect(result.status == 3 && result.stdout == "")
        #expect(result.stderr.hasPrefix("\(folder.file("bad-manifest.plist")):4: error: key \"k\": pfm_type \"colour\" is not a type prefs knows"))
        #expect(result.stderr.hasSuffix("Error: the manifest \(folder.file("bad-manifest.plist")) is malformed\n"))
        let missing = try prefs("validate", "--manifest", folder.file("nothing.plist"), folder.file("good.plist"))
        #expect(missing.status == 1 && missing.stderr == "Error: the manifest \(folder.file("nothing.plist")) does not exist\n", "\(missing)")
        #expect(try prefs("validate", "--strict", folder.file("good.plist")).status == 2)
    }

    // MARK: write

    /// write refuses a value that breaks the manifest, fast path or parser, and leaves the file byte-identical.
    @Test(
        arguments: [
            (["fontSize", "-int", "900"], #"key "fontSize": is 900, above the maximum 400"#),
            (["fontSize", "-string", "big"], #"key "fontSize": is a string, "big", not an integer"#),
            (["theme", "sepia"], #"key "theme": is "sepia", not one of light, dark"#),
            (["window", "-dict", "width", "wide"], #"key "window.width": is a string, "wide", not an integer"#),
            (["--key-path", "window.width", "-string", "wide"], #"key "window.width": is a string, "wide", not an integer"#)
        ])
    func writeRefusesAValueThatBreaksTheManifest(words: [String], message: String) throws {
        _ = try prefs("write", "com.example.editor", "fontSize", "-int", "14")
        let before = folder.bytes("home/com.example.editor.plist")
        for prefix in [["write"], ["write", "--root", home]] {
            let result = try Shell.prefs(prefix + ["com.example.editor"] + words, home: home, environment: ["PREFS_MANIFESTS": manifests])
            #expect(result.status == 2)
            #expect(result.stderr == "Error: \(message) (by the manifest \(manifests)/com.example.editor.plist); nothing was written\n")
            #expect(folder.bytes("home/com.example.editor.plist") == before)
        }
        let forced = try Shell.prefs(["write", "--no-manifest", "com.example.editor"] + words, home: home, environment: ["PREFS_MANIFESTS": manifests])
        #expect(forced.status == 0)
        #expect(folder.bytes("home/com.example.editor.plist") != before)
    }

    @Test func aRefusedWriteToADomainWithNoFileCreatesNothing() throws {
        #expect(try prefs("write", "com.example.editor", "fontSize", "-int", "1").status == 2)
        #expect(folder.names() == ["home", "manifests"])
        #expect((try FileManager.default.contentsOfDirectory(atPath: home)).isEmpty)
    }

    @Test func aPlainWordIsReadAsTheTypeTheManifestGivesTheKey() throws {
        #expect(try prefs("write", "com.example.editor", "fontSize", "14").status == 0)
        #expect(try prefs("read-type", "com.example.editor", "fontSize").stdout == "Type is integer\n")
        let bad = try prefs("write", "com.example.editor", "fontSize", "big")
        #expect(bad.status == 2)
        #expect(
            bad.stderr.hasPrefix(
                "Error: the manifest \(manifests)/com.example.editor.plist makes fontSize an integer, so the value is read as -int \"big\": not an integer"))
        #expect(try prefs("write", "com.example.editor", "unnamed", "14").status == 0)
        #expect(try prefs("read-type", "com.example.editor", "unnamed").stdout == "Type is string\n")
    }

    /// A literal is a value as given, even when it holds a string that reads as the key's type:
    /// it is refused with the manifest's reason, not converted.
    @Test(arguments: ["<string>13</string>", "<?xml version=\"1.0\"?><plist version=\"1.0\"><string>13</string></plist>"])
    func aLiteralIsTakenAsGivenNotReadAsTheKeysType(literal: String) throws {
        let refused = try prefs("write", "com.example.editor", "fontSize", literal)
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.hasPrefix(#"Error: key "fontSize": is a string, "13", not an integer"#), "\(refused.stderr)")
        #expect(folder.bytes("home/com.example.editor.plist") == nil)
        #expect(try prefs("write", "com.example.editor", "fontSize", "<integer>13</integer>").status == 0)
        #expect(try prefs("read-type", "com.example.editor", "fontSize").stdout == "Type is integer\n")
    }

    @Test func replacingAWholeDomainIsCheckedWhole() throws {
        let refused = try prefs("write", "com.example.editor", "<dict><key>theme</key><string>sepia</string></dict>")
        #expect(refused.status == 2 && refused.stderr.contains(#"key "theme": is "sepia", not one of light, dark"#))
        #expect(folder.bytes("home/com.example.editor.plist") == nil)
        #expect(try prefs("write", "com.example.editor", "<dict><key>theme</key><string>dark</string><key>x</key><true/></dict>").status == 0)
    }

    /// Numbers meet a real key's bounds exactly: NaN is in no range (with a minimum only too),
    /// and an integer beyond 2^53 is not rounded to the bound it passes.
    @Test func writeComparesNumbersWithTheBoundsExactly() throws {
        try folder.write(
            """
            <plist><dict><key>pfm_domain</key><string>num</string><key>pfm_subkeys</key><array>
            <dict><key>pfm_name</key><string>ratio</string><key>pfm_type</key><string>real</string><key>pfm_range_min</key><integer>0</integer></dict>
            <dict><key>pfm_name</key><string>big</string><key>pfm_type</key><string>real</string><key>pfm_range_max</key><real>9007199254740992</real></dict>
            </array></dict></plist>
            """, to: "manifests/num.plist")
        let nan = try prefs("write", "num", "ratio", "-float", "nan")
        #expect(nan.status == 2 && nan.stderr.hasPrefix(#"Error: key "ratio": is nan, which is not a number, so no range holds it"#), "\(nan)")
        let big = try prefs("write", "num", "big", "-int", "9007199254740993")
        #expect(big.status == 2 && big.stderr.hasPrefix(#"Error: key "big": is 9007199254740993, above the maximum 9007199254740992"#), "\(big)")
        #expect(folder.bytes("home/num.plist") == nil)
        #expect(try prefs("write", "num", "big", "-int", "9007199254740992").status == 0)
        #expect(try prefs("write", "num", "ratio", "-float", "-0.0").status == 0)
        // A plain word for a real key is the number as typed; -float rounds to a 32-bit float as defaults does.
        #expect(try prefs("write", "num", "ratio", "0.1").status == 0)
        #expect(String(decoding: try #require(folder.bytes("home/num.plist")), as: UTF8.self).contains("<real>0.10000000000000001</real>"))
        #expect(try prefs("write", "num", "ratio", "-float", "0.1").status == 0)
        #expect(String(decoding: try #require(folder.bytes("home/num.plist")), as: UTF8.self).contains("<real>0.10000000149011612</real>"))
    }

    @Test func aMalformedInstalledManifestStopsAWriteUnlessNoManifest() throws {
        try folder.write("<plist><dict><key>pfm_subkeys</key><string>x</string></dict></plist>", to: "manifests/d.plist")
        let result = try prefs("write", "d", "k", "v")
        #expect(result.status == 3 && result.stderr.contains("\(manifests)/d.plist:1: error: pfm_subkeys is a string, not an array"))
        #expect(folder.bytes("home/d.plist") == nil)
        #expect(try prefs("write", "--no-manifest", "d", "k", "v").status == 0)
    }

    // MARK: read

    @Test func readFallsBackToTheManifestDefaultAndStoredReadsOnlyTheFile() throws {
        #expect(try prefs("read", "com.example.editor", "fontSize").stdout == "12\n")
        #expect(try prefs("read", "--key-path", "window.width", "com.example.editor").stdout == "800\n")
        let stored = try prefs("read", "--stored", "com.example.editor", "fontSize")
        #expect(stored.status == 1 && stored.stderr == "Error: the domain com.example.editor does not exist\n")
        _ = try prefs("write", "com.example.editor", "fontSize", "20")
        #expect(try prefs("read", "com.example.editor", "fontSize").stdout == "20\n")
        #expect(try prefs("read", "com.example.editor", "theme").stdout == "light\n")
        let notStored = try prefs("read", "--stored", "com.example.editor", "theme")
        #expect(notStored.status == 1 && notStored.stderr == "Error: the key theme does not exist in com.example.editor\n")
        let unknown = try prefs("read", "com.example.editor", "nothing")
        #expect(unknown.status == 1 && unknown.stderr == "Error: the key nothing does not exist in com.example.editor\n")
        let origin = try prefs("read", "--show-origin", "com.example.editor", "theme")
        #expect(origin.status == 0 && origin.stdout.hasPrefix("manifest:") && origin.stdout.hasSuffix(".plist\tlight\n"), "\(origin)")
        let storedOrigin = try prefs("read", "--show-origin", "--stored", "com.example.editor", "fontSize")
        #expect(storedOrigin.stdout.hasPrefix("file:") && storedOrigin.stdout.hasSuffix("com.example.editor.plist\t20\n"), "\(storedOrigin)")
    }

    // MARK: search path

    @Test func theSearchPathIsPrefsManifestsElseXDGDataHomeThenXDGDataDirs() throws {
        let user = folder.file("data-home")
        let system1 = folder.file("sys1")
        let system2 = folder.file("sys2")
        for base in [user, system1, system2] {
            try FileManager.default.createDirectory(atPath: base + "/prefs/manifests", withIntermediateDirectories: true)
        }
        func manifest(_ default: Int) -> String {
            "<plist><dict><key>pfm_subkeys</key><array><dict><key>pfm_name</key><string>k</string><key>pfm_type</key><string>integer</string><key>pfm_default</key><integer>\(`default`)</integer></dict></array></dict></plist>"
        }
        try folder.write(manifest(2), to: "sys2/prefs/manifests/d.plist")
        let xdg = ["PREFS_MANIFESTS": "", "XDG_DATA_HOME": user, "XDG_DATA_DIRS": "relative/dir:\(system1)/:\(system2)"]
        #expect(try prefs("read", "d", "k", environment: xdg).stdout == "2\n")
        try folder.write(manifest(1), to: "sys1/prefs/manifests/d.plist")
        #expect(try prefs("read", "d", "k", environment: xdg).stdout == "1\n")
        try folder.write(manifest(0), to: "data-home/prefs/manifests/d.plist")
        #expect(try prefs("read", "d", "k", environment: xdg).stdout == "0\n")
        // A relative XDG_DATA_HOME is ignored, as the XDG specification requires.
        #expect(try prefs("read", "d", "k", environment: xdg.merging(["XDG_DATA_HOME": "relative"]) { $1 }).stdout == "1\n")
        try folder.write(manifest(5), to: "manifests/d.plist")
        let explicit = xdg.merging(["PREFS_MANIFESTS": "\(folder.file("none")):\(manifests)"]) { $1 }
        #expect(try prefs("read", "d", "k", environment: explicit).stdout == "5\n")
        let home = ["PREFS_MANIFESTS": "", "XDG_DATA_HOME": "", "XDG_DATA_DIRS": "/nonexistent", "HOME": folder.file("fake-home")]
        try FileManager.default.createDirectory(atPath: folder.file("fake-home/.local/share/prefs/manifests"), withIntermediateDirectories: true)
        try folder.write(manifest(7), to: "fake-home/.local/share/prefs/manifests/d.plist")
        #expect(try prefs("read", "d", "k", environment: home).stdout == "7\n")
    }

    // MARK: check, describe, manifest

    @Test func checkChecksEveryStoredDomainThatHasAManifestOrTheNamedOnes() throws {
        _ = try prefs("write", "com.example.editor", "fontSize", "14")
        _ = try prefs("write", "unmanaged", "k", "v")
        let file = "\(home)/com.example.editor.plist"
        let pass = try prefs("check")
        #expect(pass.status == 0 && pass.stdout == "\(file): OK\n" && pass.stderr == "")
        _ = try prefs("write", "--no-manifest", "com.example.editor", "theme", "sepia")
        let fail = try prefs("check", "com.example.editor")
        #expect(fail.status == 3)
        #expect(fail.stderr == "\(file):7: error: key \"theme\": is \"sepia\", not one of light, dark\n")
        let none = try prefs("check", "unmanaged")
        #expect(none.status == 1 && none.stderr == "Error: no manifest is installed for unmanaged (looked for unmanaged.plist in \(manifests))\n")
        try folder.write(Self.editorManifest.replacing("com.example.editor", with: "absent"), to: "manifests/absent.plist")
        let absent = try prefs("check", "absent")
        #expect(absent.status == 1 && absent.stderr == "Error: the domain absent does not exist\n")
    }

    @Test func describeShowsEachKeysRulesDefaultDescriptionAndStoredValue() throws {
        _ = try prefs("write", "com.example.editor", "fontSize", "14")
        let all = try prefs("describe", "com.example.editor")
        #expect(all.status == 0)
        #expect(
            all.stdout == """
                Editor
                A text editor.

                fontSize
                  type: integer
                  default: 12
                  range: 6 to 400
                  description: The font size in points.
                  stored: 14

                theme
                  type: string
                  default: light
                  choices: light, dark
                  stored: (not stored)

                window
                  type: dictionary
                  default: { width = 800; }
                  stored: (not stored)

                window.width
                  type: integer
                  stored: (not stored)

                """)
        #expect(try prefs("describe", "com.example.editor", "window.width").stdout == "window.width\n  type: integer\n  stored: (not stored)\n")
        let unknown = try prefs("describe", "com.example.editor", "nope")
        #expect(unknown.status == 1 && unknown.stderr == "Error: the manifest \(manifests)/com.example.editor.plist does not describe the key nope\n")
        #expect(try prefs("describe", "unmanaged").status == 1)
    }

    /// `pfm_value_unique` on an array's item description, as Chrome's ExtensionAllowedTypes
    /// writes it: an array that repeats an item is refused by `validate` and `write`, naming the
    /// key, the value and both places; the manifest lints clean and `describe` shows the rule.
    @Test func anArrayWhoseItemsMustBeUniqueRefusesARepeatedItem() throws {
        try folder.write(
            """
            <plist><dict><key>pfm_domain</key><string>com.example.browser</string><key>pfm_subkeys</key><array>
            <dict><key>pfm_name</key><string>ExtensionAllowedTypes</string><key>pfm_type</key><string>array</string>
            <key>pfm_subkeys</key><array><dict><key>pfm_type</key><string>string</string>
            <key>pfm_range_list</key><array><string>extension</string><string>theme</string><string>user_script</string></array>
            <key>pfm_value_unique</key><true/></dict></array></dict>
            </array></dict></plist>
            """, to: "manifests/com.example.browser.plist")
        let manifest = folder.file("manifests/com.example.browser.plist")
        let lint = try prefs("check-manifest", "--strict", manifest)
        #expect(lint.status == 0 && lint.stderr == "", "\(lint)")
        try folder.write(
            "<plist><dict>\n<key>ExtensionAllowedTypes</key>\n<array><string>extension</string><string>theme</string><string>extension</string></array>\n</dict></plist>",
            to: "repeated.plist")
        let repeated = try prefs("validate", "--manifest", manifest, folder.file("repeated.plist"))
        let message = #"key "ExtensionAllowedTypes": has "extension" more than once (items 0 and 2), but its items must be unique"#
        #expect(repeated.status == 3 && repeated.stderr == "\(folder.file("repeated.plist")):2: error: \(message)\n", "\(repeated)")
        let write = try prefs("write", "com.example.browser", "ExtensionAllowedTypes", "-array", "theme", "theme")
        #expect(write.status != 0 && write.stderr.contains(#"key "ExtensionAllowedTypes": has "theme" more than once (items 0 and 1)"#), "\(write)")
        #expect(try prefs("write", "com.example.browser", "ExtensionAllowedTypes", "-array", "theme", "extension").status == 0)
        #expect(try prefs("describe", "com.example.browser", "ExtensionAllowedTypes").stdout.contains("\n  items: unique\n"))
    }

    @Test func manifestPrintsAStarterThatTheDomainMeetsOnceInstalled() throws {
        _ = try prefs("write", "app", "size", "-int", "3")
        _ = try prefs("write", "app", "servers", "--json", #"[{"host": "a", "port": 22}, {"host": "b"}]"#)
        let starter = try prefs("manifest", "app")
        #expect(starter.status == 0 && starter.stdout.contains("<key>pfm_domain</key>\n\t<string>app</string>"))
        try folder.write(starter.stdout, to: "manifests/app.plist")
        let check = try prefs("check", "--strict", "app")
        #expect(check.status == 0 && check.stderr == "", "\(check)")
        #expect(try prefs("read", "--key-path", "servers.1.host", "app").stdout == "b\n")
        #expect(try prefs("write", "app", "size", "x").status == 2)
        #expect(try prefs("manifest", "missing").status == 1)
        try folder.write("<plist><dict><key>a</key><true/></dict></plist>", to: "com.example.lone.plist")
        #expect(try prefs("manifest", "--file", folder.file("com.example.lone.plist")).stdout.contains("<string>com.example.lone</string>"))
    }
}
