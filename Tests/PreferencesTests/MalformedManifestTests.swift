import Foundation
import Preferences
import PropertyLists
import Testing

/// A manifest that prefs cannot use is refused, naming the manifest, its line and the key; a
/// rule it cannot enforce is a warning naming the rule and the key, and the rest of the
/// manifest is enforced; one shaped like the public ProfileManifests ones reads.
@Suite("Malformed and real-world manifests")
struct MalformedManifestTests {
    typealias F = ManifestFixtures

    struct Case: CustomTestStringConvertible, Sendable {
        let keys: [PropertyList]
        let message: String
        var testDescription: String { message }
    }

    /// Manifests prefs cannot use.
    static let errors: [Case] = [
        Case(
            keys: [F.key("k", "colour")],
            message: #"key "k": pfm_type "colour" is not a type prefs knows (string, integer, real, float, boolean, date, data, array, dictionary)"#),
        Case(
            keys: [F.key("k", "integer", ["pfm_range_min": 10, "pfm_range_max": 1])],
            message: #"key "k": pfm_range_min 10 is above pfm_range_max 1, so no value could fit"#),
        Case(
            keys: [F.key("k", "real", ["pfm_range_min": .real(2.5), "pfm_range_max": 2])],
            message: #"key "k": pfm_range_min 2.5 is above pfm_range_max 2, so no value could fit"#),
        Case(
            keys: [F.key("k", "real", ["pfm_range_min": .integer(PropertyListInteger(9_007_199_254_740_993)), "pfm_range_max": .real(9_007_199_254_740_992)])],
            message: #"key "k": pfm_range_min 9007199254740993 is above pfm_range_max 9007199254740992, so no value could fit"#),
        Case(
            keys: [F.key("k", "array", ["pfm_repetition_min": 3, "pfm_repetition_max": 2])],
            message: #"key "k": pfm_repetition_min 3 is above pfm_repetition_max 2, so no value could fit"#),
        Case(keys: [F.key("k", "dictionary", ["pfm_subkeys": "x"])], message: #"key "k": pfm_subkeys is a string, not an array"#),
        Case(keys: [F.key("k", "dictionary", ["pfm_subkeys": [F.key("n", "nope")]])], message: #"key "k.n": pfm_type "nope" is not a type prefs knows"#),
        Case(keys: [F.key("k", "array", ["pfm_subkeys": [F.key("", "nope")]])], message: #"key "k.*": pfm_type "nope""#)
    ]

    /// Rules prefs cannot enforce, as real manifests write them.
    static let warnings: [Case] = [
        Case(keys: [.dictionary(["pfm_type": "string"])], message: "an entry of pfm_subkeys has no pfm_name, so it describes no key; it is ignored"),
        Case(keys: [.dictionary(["pfm_name": "k"])], message: #"key "k": has no pfm_type"#),
        Case(
            keys: [F.key("k", "integer", ["pfm_range_max": "10"])],
            message: #"key "k": pfm_range_max is a string, "10", not an integer like the key; not enforced"#),
        Case(keys: [F.key("k", "integer", ["pfm_range_min": .real(0.5)])], message: #"key "k": pfm_range_min is a real, 0.5, not an integer like the key"#),
        Case(keys: [F.key("k", "string", ["pfm_range_min": 1])], message: #"key "k": pfm_range_min applies to numbers, but the key is a string"#),
        Case(keys: [F.key("k", "array", ["pfm_range_max": 4])], message: #"key "k": pfm_range_max applies to numbers, but the key is an array"#),
        Case(keys: [F.key("k", "data", ["pfm_range_min": 1])], message: #"key "k": pfm_range_min applies to numbers, but the key is data"#),
        Case(keys: [F.key("k", "real", ["pfm_range_min": .real(.nan)])], message: #"key "k": pfm_range_min is nan, which bounds nothing"#),
        Case(keys: [F.key("k", "string", ["pfm_format": "[unclosed"])], message: #"key "k": pfm_format "[unclosed" is not a regular expression"#),
        Case(keys: [F.key("k", "string", ["pfm_format": "a(?=b)"])], message: #"key "k": pfm_format "a(?=b)" uses a lookahead"#),
        Case(keys: [F.key("k", "string", ["pfm_range_list": ["a", 2]])], message: #"key "k": pfm_range_list holds an integer, 2, not a string like the key"#),
        Case(keys: [F.key("k", "string", ["pfm_range_list": "a"])], message: #"key "k": pfm_range_list is a string, not an array"#),
        Case(
            keys: [F.key("k", "array", ["pfm_range_list": ["a", "b"]])],
            message: #"key "k": pfm_range_list applies to single values, but the key is an array; not enforced"#),
        Case(
            keys: [F.key("k", "integer", ["pfm_default": 99, "pfm_range_max": 10])],
            message: #"key "k": pfm_default breaks the key's own rules (is 99, above the maximum 10); the default is ignored"#),
        Case(
            keys: [F.key("k", "string", ["pfm_default": "nightly", "pfm_range_list": ["release", "beta"]])],
            message: #"key "k": pfm_default breaks the key's own rules (is "nightly", not one of release, beta)"#),
        Case(keys: [F.key("k", "integer", ["pfm_repetition_max": 2])], message: #"key "k": pfm_repetition_max applies to arrays, but the key is an integer"#),
        Case(keys: [F.key("k", "array", ["pfm_repetition_min": -1])], message: #"key "k": pfm_repetition_min must be an integer of 0 or more"#),
        Case(keys: [F.key("k", "string"), F.key("k", "integer")], message: #"key "k": is described twice; the second description is ignored"#),
        Case(keys: ["not a dictionary"], message: "an entry of pfm_subkeys is a string, not a dictionary"),
        Case(keys: [F.key("k", "string", ["pfm_require": true])], message: #"key "k": pfm_require is a boolean, not a string"#),
        Case(keys: [F.key("k", "Boolean")], message: #"key "k": pfm_type "Boolean" is read as boolean; pfm_type names are lower case"#),
        Case(
            keys: [F.key("k", "array", ["pfm_format": "^https?://.*"])],
            message: #"key "k": pfm_format applies to strings, but the key is an array; not enforced"#),
        Case(
            keys: [F.key("k", "string", ["pfm_value_unique": true])],
            message: #"key "k": pfm_value_unique applies to an array or its items, but the key is a string; not enforced"#),
        Case(keys: [F.key("k", "url")], message: #"key "k": pfm_type "url" is deprecated; the value is checked as a string"#),
        Case(keys: [F.key("k", "union policy")], message: #"key "k": pfm_type "union policy" is deprecated and names no property list type"#)
    ]

    /// A manifest prefs cannot use is refused with its file, line and key.
    @Test(arguments: errors)
    func malformedManifestIsRefused(_ bad: Case) throws {
        try withScratch { scratch throws in
            let path = scratch.file("bad.plist")
            try F.write(bad.keys, to: path)
            let error = try #require(throws: PreferenceError.self) { try Manifest(contentsOf: path) }
            #expect(error.code == .unreadable)
            #expect(error.message == "the manifest \(path) is malformed")
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.file == path)
            #expect(diagnostic.message.hasPrefix(bad.message), "\(diagnostic.message)")
            #expect((diagnostic.line ?? 0) > 5)
            #expect(try Manifest.lint(contentsOf: path).errors == error.diagnostics)
        }
    }

    /// A rule prefs cannot enforce is a warning with its line that names the rule and the key;
    /// the manifest loads, and its other keys are enforced.
    @Test(arguments: warnings)
    func unenforceableRuleIsAWarningAndTheRestIsEnforced(_ case: Case) throws {
        try withScratch { scratch throws in
            let path = scratch.file("real.plist")
            try F.write(`case`.keys + [F.key("guarded", "integer", ["pfm_range_max": 5])], to: path)
            let manifest = try Manifest(contentsOf: path)
            #expect(manifest.check(["guarded": 9]).map(\.description) == [#"key "guarded": is 9, above the maximum 5"#])
            let lint = try Manifest.lint(contentsOf: path)
            #expect(lint.errors.isEmpty)
            let warning = try #require(lint.warnings.first)
            #expect(lint.warnings.count == 1, "\(lint.warnings)")
            #expect(warning.file == path && (warning.line ?? 0) > 5)
            #expect(warning.message.hasPrefix(`case`.message), "\(warning.message)")
        }
    }

    /// A type written as older manifests write it (Firefox's `Boolean`, `Dictionary`) is read
    /// as the type it names and enforced, down to the keys it describes.
    @Test func aCapitalisedTypeIsEnforcedAsTheTypeItNames() throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest(
                [F.key("Proxy", "Dictionary", ["pfm_subkeys": [F.key("Locked", "Boolean"), F.key("Homepage", "url")]])], in: scratch)
            #expect(manifest.check(["Proxy": ["Locked": true, "Homepage": "https://example.com"]]).isEmpty)
            #expect(
                manifest.check(["Proxy": ["Locked": "yes", "Homepage": 3]]).map(\.description) == [
                    #"key "Proxy.Locked": is a string, "yes", not a boolean"#, #"key "Proxy.Homepage": is an integer, 3, not a string"#
                ])
        }
    }

    /// A range list that allows custom values (`pfm_range_list_allow_custom_value`) suggests
    /// values and refuses none, as loginwindow's AdminHostInfo and Chrome's
    /// AlternativeBrowserPath mean it; without it the list is enforced.
    @Test func aRangeListThatAllowsCustomValuesRefusesNone() throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest(
                [
                    F.key("Open", "string", ["pfm_range_list": ["HostName", "IPAddress"], "pfm_range_list_allow_custom_value": true]),
                    F.key("Closed", "string", ["pfm_range_list": ["HostName", "IPAddress"], "pfm_range_list_allow_custom_value": false])
                ], in: scratch)
            #expect(manifest.check(["Open": "custom text"]).isEmpty)
            #expect(manifest.check(["Closed": "custom text"]).map(\.description) == [#"key "Closed": is "custom text", not one of HostName, IPAddress"#])
        }
    }

    /// A dictionary whose keys are free, as ProfileCreator's manifests describe it (`{{key}}`
    /// for the names, `{{value}}` for each entry: Chrome's ExtensionSettings by extension id),
    /// has each entry checked against `{{value}}`, and no entry is "not in the manifest".
    @Test func anEntryOfAFreeKeyedDictionaryMeetsTheValueDescription() throws {
        try withScratch { scratch throws in
            let entry = F.key("{{value}}", "dictionary", ["pfm_subkeys": [F.key("mode", "string", ["pfm_range_list": ["allowed", "blocked"]])]])
            let manifest = try F.manifest([F.key("Settings", "dictionary", ["pfm_subkeys": [F.key("{{key}}", "string"), entry]])], in: scratch)
            #expect(manifest.check(["Settings": ["abcdef": ["mode": "allowed"], "*": ["mode": "blocked"]]]).isEmpty)
            #expect(
                manifest.check(["Settings": ["abcdef": ["mode": "sometimes"]]]).map(\.description) == [
                    #"key "Settings.abcdef.mode": is "sometimes", not one of allowed, blocked"#
                ])
            #expect(manifest.key(at: ["Settings", "abcdef", "mode"])?.type == .string)
        }
    }

    /// A value outside a long list of choices is named with the first ten of them.
    @Test func aLongListOfChoicesIsCutInMessages() throws {
        try withScratch { scratch throws in
            let locales = (0..<100).map { PropertyList.string("l\($0)") }
            let manifest = try F.manifest([F.key("Locale", "string", ["pfm_range_list": .array(locales)])], in: scratch)
            #expect(
                manifest.check(["Locale": "xx"]).map(\.description) == [
                    #"key "Locale": is "xx", not one of l0, l1, l2, l3, l4, l5, l6, l7, l8, l9 or 90 more"#
                ])
        }
    }

    /// Several unusable keys are each reported, not only the first.
    @Test func everyErrorIsReported() throws {
        try withScratch { scratch throws in
            let path = scratch.file("bad.plist")
            try F.write([F.key("a", "colour"), F.key("b", "string", ["pfm_range_min": 1]), F.key("c", "number")], to: path)
            let error = try #require(throws: PreferenceError.self) { try Manifest(contentsOf: path) }
            #expect(error.diagnostics.map(\.message).map { $0.prefix(10) } == [#"key "a": p"#, #"key "c": p"#])
            #expect(try Manifest.lint(contentsOf: path).warnings.count == 1)
        }
    }

    /// A default breaking its own key's rules is left out, so reads do not fall back to it.
    @Test func aDefaultOutsideItsOwnChoicesIsNotGiven() throws {
        try withScratch { scratch throws in
            let manifest = try F.manifest([F.key("channel", "string", ["pfm_default": "nightly", "pfm_range_list": ["release", "beta"]])], in: scratch)
            #expect(manifest.defaults.isEmpty)
            #expect(manifest.check(["channel": "beta"]).isEmpty)
            #expect(manifest.check(["channel": "nightly"]).count == 1)
        }
    }

    /// Leading lookaheads, as Chrome's and Brave's manifests write them, are enforced: each
    /// string gets the verdict of Swift `Regex`.
    @Test(arguments: [
        #"^(?=.*\{searchTerms\}).*$"#, #"(?=.*\{searchTerms\})https?://.*"#, #"^(?!http:)[a-z]+://\S+$"#, "(?=a)(?!ab)[a-z]*",
        #"^(?=[^,]*,)(?=.*[0-9])[a-z0-9,]+$"#, #"(?=(a|b)$)."#, #"^(?=[\])])."#, #"(?=\Q)\E)\)x"#, "(?=a)b*|c"
    ])
    func leadingLookaheadsAreEnforcedInLinearTime(format: String) throws {
        let regex = try Regex(format).matchingSemantics(.unicodeScalar)
        try withScratch { scratch throws in
            let path = scratch.file("m.plist")
            try F.write([F.key("k", "string", ["pfm_format": .string(format)])], to: path)
            let lint = try Manifest.lint(contentsOf: path)
            if format.hasSuffix("|c") {
                // A top-level alternation after the lookahead: not taken apart, so refused by name.
                #expect(lint.warnings.first?.message.contains("lookahead") == true)
                return
            }
            #expect(lint.warnings.isEmpty, "\(lint.warnings)")
            let manifest = try Manifest(contentsOf: path)
            for string in [
                "", "a", "ab", "abc", "b", "aab", "a,1", "a,b", "1,a", ",", "http://x", "https://x", "ftp://x", "x{searchTerms}",
                "https://e/?q={searchTerms}", "{searchTerms}\n", "]", ")x", "x", "a\n", "ba"
            ] {
                let expected = try regex.wholeMatch(in: string) != nil
                #expect(manifest.check(["k": .string(string)]).isEmpty == expected, "\(format) on \(string.debugDescription)")
            }
        }
    }

    @Test func theLineNamedIsTheLineOfTheBadEntry() throws {
        try withScratch { scratch throws in
            let path = scratch.file("bad.plist")
            try scratch.write(
                """
                <plist version="1.0">
                <dict>
                \t<key>pfm_subkeys</key>
                \t<array>
                \t\t<dict>
                \t\t\t<key>pfm_name</key>
                \t\t\t<string>size</string>
                \t\t\t<key>pfm_type</key>
                \t\t\t<string>number</string>
                \t\t</dict>
                \t</array>
                </dict>
                </plist>
                """, to: path)
            let error = try #require(throws: PreferenceError.self) { try Manifest(contentsOf: path) }
            #expect(
                error.diagnostics.map(\.description) == [
                    "\(path):8: error: key \"size\": pfm_type \"number\" is not a type prefs knows (\(["string", "integer", "real", "float", "boolean", "date", "data", "array", "dictionary"].joined(separator: ", ")))"
                ])
        }
    }

    @Test func aManifestThatIsNotAPropertyListOrNotADictionaryIsRefused() throws {
        try withScratch { scratch throws in
            let path = scratch.file("bad.plist")
            try scratch.write("<plist><dict><key>a</key></dict></plist>", to: path)
            let broken = try #require(throws: PreferenceError.self) { try Manifest(contentsOf: path) }
            #expect(broken.message == "the manifest \(path) is not a valid property list")
            #expect(!broken.diagnostics.isEmpty)
            try scratch.write("<plist><array/></plist>", to: path)
            let array = try #require(throws: PreferenceError.self) { try Manifest(contentsOf: path) }
            #expect(array.diagnostics.first?.message == "the root of a manifest must be a dictionary, not an array")
        }
    }

    /// Shaped like the public ProfileManifests files (written for this test, not copied): the
    /// payload wrapper's keys, interface hints, platforms, dates and titles for choices, all of
    /// which prefs reads past.
    static let profileManifestShaped = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>pfm_app_url</key>
        \t<string>https://example.com/editor</string>
        \t<key>pfm_description</key>
        \t<string>Editor settings</string>
        \t<key>pfm_documentation_url</key>
        \t<string>https://example.com/editor/docs</string>
        \t<key>pfm_domain</key>
        \t<string>com.example.editor</string>
        \t<key>pfm_format_version</key>
        \t<integer>1</integer>
        \t<key>pfm_last_modified</key>
        \t<date>2024-05-01T10:00:00Z</date>
        \t<key>pfm_platforms</key>
        \t<array><string>macOS</string></array>
        \t<key>pfm_subkeys</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>pfm_default</key>
        \t\t\t<string>Configures Editor</string>
        \t\t\t<key>pfm_name</key>
        \t\t\t<string>PayloadDescription</string>
        \t\t\t<key>pfm_type</key>
        \t\t\t<string>string</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>pfm_format</key>
        \t\t\t<string>^[0-9A-Za-z]{8}-[0-9A-Za-z]{4}$</string>
        \t\t\t<key>pfm_name</key>
        \t\t\t<string>PayloadUUID</string>
        \t\t\t<key>pfm_require</key>
        \t\t\t<string>always</string>
        \t\t\t<key>pfm_type</key>
        \t\t\t<string>string</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>pfm_default</key>
        \t\t\t<string>light</string>
        \t\t\t<key>pfm_name</key>
        \t\t\t<string>Theme</string>
        \t\t\t<key>pfm_range_list</key>
        \t\t\t<array><string>light</string><string>dark</string></array>
        \t\t\t<key>pfm_range_list_titles</key>
        \t\t\t<array><string>Light</string><string>Dark</string></array>
        \t\t\t<key>pfm_title</key>
        \t\t\t<string>Theme</string>
        \t\t\t<key>pfm_type</key>
        \t\t\t<string>string</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>pfm_app_min</key>
        \t\t\t<string>2.0</string>
        \t\t\t<key>pfm_name</key>
        \t\t\t<string>Zoom</string>
        \t\t\t<key>pfm_range_max</key>
        \t\t\t<real>4</real>
        \t\t\t<key>pfm_range_min</key>
        \t\t\t<real>0.25</real>
        \t\t\t<key>pfm_type</key>
        \t\t\t<string>float</string>
        \t\t\t<key>pfm_value_placeholder</key>
        \t\t\t<real>1</real>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>pfm_exclude</key>
        \t\t\t<array/>
        \t\t\t<key>pfm_hidden</key>
        \t\t\t<string>all</string>
        \t\t\t<key>pfm_name</key>
        \t\t\t<string>Servers</string>
        \t\t\t<key>pfm_subkeys</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>pfm_subkeys</key>
        \t\t\t\t\t<array>
        \t\t\t\t\t\t<dict>
        \t\t\t\t\t\t\t<key>pfm_name</key>
        \t\t\t\t\t\t\t<string>Host</string>
        \t\t\t\t\t\t\t<key>pfm_require</key>
        \t\t\t\t\t\t\t<string>always-nested</string>
        \t\t\t\t\t\t\t<key>pfm_type</key>
        \t\t\t\t\t\t\t<string>string</string>
        \t\t\t\t\t\t</dict>
        \t\t\t\t\t\t<dict>
        \t\t\t\t\t\t\t<key>pfm_name</key>
        \t\t\t\t\t\t\t<string>Port</string>
        \t\t\t\t\t\t\t<key>pfm_range_max</key>
        \t\t\t\t\t\t\t<integer>65535</integer>
        \t\t\t\t\t\t\t<key>pfm_range_min</key>
        \t\t\t\t\t\t\t<integer>1</integer>
        \t\t\t\t\t\t\t<key>pfm_type</key>
        \t\t\t\t\t\t\t<string>integer</string>
        \t\t\t\t\t\t</dict>
        \t\t\t\t\t</array>
        \t\t\t\t\t<key>pfm_type</key>
        \t\t\t\t\t<string>dictionary</string>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t\t<key>pfm_type</key>
        \t\t\t<string>array</string>
        \t\t</dict>
        \t</array>
        \t<key>pfm_targets</key>
        \t<array><string>user</string></array>
        \t<key>pfm_title</key>
        \t<string>Editor</string>
        \t<key>pfm_unique</key>
        \t<true/>
        \t<key>pfm_version</key>
        \t<integer>3</integer>
        </dict>
        </plist>
        """

    @Test func aManifestShapedLikeTheProfileManifestsOnesChecksALinuxDomain() throws {
        try withScratch { scratch throws in
            let path = scratch.file("com.example.editor.plist")
            try scratch.write(Self.profileManifestShaped, to: path)
            let manifest = try Manifest(contentsOf: path)
            #expect(manifest.domain == "com.example.editor")
            #expect(manifest.title == "Editor" && manifest.formatVersion == 1)
            #expect(manifest.keys.all.map(\.name) == ["Theme", "Zoom", "Servers"])
            #expect(manifest.defaults == ["Theme": "light"])
            #expect(manifest.check(["Theme": "dark", "Zoom": 2, "Servers": [["Host": "a", "Port": 22]]]).isEmpty)
            #expect(
                manifest.check(["Theme": "sepia", "Zoom": .real(8), "Servers": [["Port": 0]]]).map(\.description) == [
                    #"key "Theme": is "sepia", not one of light, dark"#,
                    #"key "Zoom": is 8, above the maximum 4"#,
                    #"key "Servers.0.Port": is 0, below the minimum 1"#,
                    #"key "Servers.0.Host": is required but missing"#
                ])
        }
    }
}
