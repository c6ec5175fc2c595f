import Foundation
import PropertyLists
import TestSupport
import Testing

/// `validate --manifest` checks a file's domain entry by entry as it streams in, and reads the
/// file again only to place the problems it found: the lines, messages and order must be those
/// of a check of the whole domain, which standard input still gets.
@Suite("Manifest checks of streamed domains")
struct ManifestStreamingCLITests {
    let folder = TemporaryFolder()

    /// Arrays of dictionaries, a key with an entity in its name, and two required keys.
    static let manifest = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>pfm_subkeys</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>pfm_name</key><string>servers</string>
        \t\t\t<key>pfm_type</key><string>array</string>
        \t\t\t<key>pfm_subkeys</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>pfm_type</key><string>dictionary</string>
        \t\t\t\t\t<key>pfm_subkeys</key>
        \t\t\t\t\t<array>
        \t\t\t\t\t\t<dict><key>pfm_name</key><string>host</string><key>pfm_type</key><string>string</string><key>pfm_format</key><string>[a-z.]+</string></dict>
        \t\t\t\t\t\t<dict><key>pfm_name</key><string>port</string><key>pfm_type</key><string>integer</string><key>pfm_range_max</key><integer>65535</integer></dict>
        \t\t\t\t\t</array>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t</dict>
        \t\t<dict><key>pfm_name</key><string>a&amp;b</string><key>pfm_type</key><string>integer</string><key>pfm_range_min</key><integer>0</integer></dict>
        \t\t<dict><key>pfm_name</key><string>name</string><key>pfm_type</key><string>string</string><key>pfm_require</key><string>always</string></dict>
        \t\t<dict><key>pfm_name</key><string>level</string><key>pfm_type</key><string>integer</string><key>pfm_require</key><string>always</string></dict>
        \t</array>
        </dict>
        </plist>
        """

    /// Breaks the manifest deep in an array of dictionaries, under a key written as CDATA, and
    /// by lacking a required key; holds a `Payload` key, which a domain's root may.
    static let domain = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>PayloadUUID</key>
        \t<string>x</string>
        \t<key>servers</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>host</key>
        \t\t\t<string>example.org</string>
        \t\t\t<key>port</key>
        \t\t\t<integer>70000</integer>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>host</key>
        \t\t\t<string><![CDATA[Bad Host]]></string>
        \t\t\t<key>extra</key>
        \t\t\t<true/>
        \t\t</dict>
        \t</array>
        \t<key><![CDATA[a&b]]></key>
        \t<integer>-1</integer>
        \t<key>level</key>
        \t<integer>3</integer>
        </dict>
        </plist>
        """

    /// The problems of ``domain``, in order, as `FILE:LINE: SEVERITY: key "…": …` lines after
    /// `name`; `extra` is the severity of the key the manifest does not name.
    static func problems(in name: String, extra: String = "warning") -> String {
        """
        \(name):11: error: key "servers.0.port": is 70000, above the maximum 65535
        \(name):15: error: key "servers.1.host": is "Bad Host", which does not match the format "[a-z.]+"
        \(name):17: \(extra): key "servers.1.extra": is not in the manifest
        \(name):21: error: key "a&b": is -1, below the minimum 0
        \(name):3: error: key "name": is required but missing

        """
    }

    func validate(_ arguments: [String], cache: Bool, input: String = "") throws -> CommandResult {
        let environment = cache ? ["XDG_CACHE_HOME": folder.file("cache")] : ["PREFS_NO_CACHE": "1"]
        return try Shell.prefs(
            ["validate", "--manifest", folder.file("manifest.plist")] + arguments, home: folder.file("home"), environment: environment,
            input: input)
    }

    @Test(arguments: [false, true])
    func reportsNestedViolationsAtTheLinesOfAWholeDomainCheck(cache: Bool) throws {
        try folder.write(Self.manifest, to: "manifest.plist")
        try folder.write(Self.domain, to: "domain.plist")
        for _ in 0..<2 {  // with a cache, the first run compiles the manifest and the second loads it
            let file = try validate([folder.file("domain.plist")], cache: cache)
            #expect(file.status == 3 && file.stdout == "")
            #expect(file.stderr == Self.problems(in: folder.file("domain.plist")))
        }
        let strict = try validate(["--strict", "-"], cache: cache, input: Self.domain)
        #expect(strict.status == 3 && strict.stderr == Self.problems(in: "<stdin>", extra: "error"))
        let streamedStrict = try validate(["--strict", folder.file("domain.plist")], cache: cache)
        #expect(streamedStrict.stderr == Self.problems(in: folder.file("domain.plist"), extra: "error"))
    }

    @Test func checksABinaryDomainEntryByEntryInTheOrderOfItsKeys() throws {
        try folder.write(Self.manifest, to: "manifest.plist")
        let value = try PropertyListReader().read(Array(Self.domain.utf8))
        try Data(try BinaryPropertyListWriter().write(value)).write(to: URL(fileURLWithPath: folder.file("domain.bplist")))
        let result = try validate([folder.file("domain.bplist")], cache: false)
        let name = folder.file("domain.bplist")
        #expect(result.status == 3)
        #expect(
            result.stderr == """
                \(name):1: error: key "a&b": is -1, below the minimum 0
                \(name):1: error: key "servers.0.port": is 70000, above the maximum 65535
                \(name):1: warning: key "servers.1.extra": is not in the manifest
                \(name):1: error: key "servers.1.host": is "Bad Host", which does not match the format "[a-z.]+"
                \(name):1: error: key "name": is required but missing

                """)
    }

    /// A file that turns out invalid after a broken rule reports only why it is invalid.
    @Test(
        arguments: [
            (
                "<plist>\n<dict>\n<key>level</key><string>high</string>\n<key>level</key><integer>1</integer>\n</dict></plist>",
                #":4:6: error: the key "level" appears twice in one <dict>"#
            ),
            (
                "<plist>\n<dict>\n<key>level</key><string>high</string>\n<key>name</key><integer>1x</integer>\n</dict></plist>",
                #":4:25: error: <integer> holds "1x", which is not an integer"#
            ),
            ("<plist>\n<array/>\n</plist>", ":2:1: error: the root is an array; a domain's root is a dictionary")
        ])
    func reportsOnlyTheParseErrorOfAnInvalidFile(text: String, message: String) throws {
        try folder.write(Self.manifest, to: "manifest.plist")
        try folder.write(text, to: "bad.plist")
        let result = try validate([folder.file("bad.plist")], cache: false)
        #expect(result.status == 3 && result.stdout == "")
        #expect(result.stderr == folder.file("bad.plist") + message + "\n")
    }

    @Test func passesADomainThatMeetsTheManifest() throws {
        try folder.write(Self.manifest, to: "manifest.plist")
        try folder.write(
            "<plist><dict><key>name</key><string>n</string><key>level</key><integer>1</integer><key>servers</key><array/></dict></plist>",
            to: "good.plist")
        let result = try validate([folder.file("good.plist")], cache: false)
        #expect(result.status == 0 && result.stderr == "" && result.stdout == "\(folder.file("good.plist")): OK\n")
    }
}
