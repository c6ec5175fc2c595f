import Foundation
import TestSupport

/// A store with one domain of `keys` keys written by `prefs` itself, for tests that break writes.
struct StoreFixture {
    let folder = TemporaryFolder()
    let domain = "com.example.reliability"

    var home: String { folder.path }
    var fileName: String { domain + ".plist" }
    /// What a writer locks: the domain file itself.
    var lockPath: String { folder.file(fileName) }
    var bytes: [UInt8]? { folder.bytes(fileName) }

    /// Creates the store with `keys` keys of about 100 bytes each.
    init(keys: Int) throws {
        var entries = ""
        for index in 0..<keys {
            entries += "<key>key\(index)</key><string>\(String(repeating: "v", count: 90))\(index)</string>"
        }
        try folder.write("<plist version=\"1.0\"><dict>\(entries)</dict></plist>", to: "fixture.xml")
        let result = try Shell.prefs(["import", domain, folder.file("fixture.xml")], home: home)
        try FileManager.default.removeItem(atPath: folder.file("fixture.xml"))
        precondition(result.status == 0, "fixture write failed: \(result)")
    }

    /// Keys enough for a domain of about 1 MB, many times the writer's piece size, whose
    /// writes the reliability tests kill and fail part way.
    static let largeKeys = 10_000

    /// Writes with `prefs write DOMAIN` and `arguments`, and returns whether the file was written
    /// by splicing, as a canonical file is: the old bytes around the entry and the entry make
    /// three `write` calls, where writing the file whole takes one a piece of 64 KiB.
    func writeIsSpliced(_ arguments: [String]) throws -> Bool {
        let scratch = TemporaryFolder()
        let trace = scratch.file("trace")
        let result = try Shell.run(
            "/usr/bin/strace", ["-f", "-qq", "-e", "trace=write", "-o", trace, Shell.prefs, "write", domain] + arguments,
            environment: ["PREFS_HOME": home])
        precondition(result.status == 0, "the write failed: \(result)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.contains("write(") }
        return (bytes?.count ?? 0) > 8 * 65_536 && calls.count == 3
    }

    /// The files in the store other than the domain.
    var strayFiles: [String] {
        folder.names().filter { $0 != fileName }
    }

    /// Whether `prefs validate` accepts the domain file.
    func validates() throws -> Bool {
        try Shell.prefs(["validate", "--quiet", folder.file(fileName)], home: home).status == 0
    }
}
