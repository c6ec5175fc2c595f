import Foundation
import TestSupport
import Testing

/// Under an address-space limit (`ulimit -v`), every command that reads a file in any format
/// finishes or exits 6 naming the limit, never ends by a signal, and leaves every file as it
/// was: with room for twice the bound the README promises it finishes, and with less room than
/// the file itself it exits 6.
@Suite("Memory limits", .enabled(if: Shell.sanitizer == nil, "a sanitizer's runtime reserves address space of its own"))
struct MemoryLimitTests {
    let folder = TemporaryFolder()

    /// The same 12,000 entries in each format prefs reads, plus a JSON array of a million ones,
    /// the densest text (two bytes a value).
    func writeInputs() throws {
        let entries = (0..<12_000).map { index in (key: "key\(index)", name: "item \(index) of the list", number: index) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        var json = "{"
        var oldStyle = "{\n"
        var strings = ""
        for (position, entry) in entries.enumerated() {
            xml += "\t<key>\(entry.key)</key>\n\t<dict>\n\t\t<key>name</key>\n\t\t<string>\(entry.name)</string>\n"
            xml += "\t\t<key>number</key>\n\t\t<integer>\(entry.number)</integer>\n\t\t<key>tags</key>\n\t\t<array>\n"
            xml += "\t\t\t<string>a</string>\n\t\t\t<string>b</string>\n\t\t</array>\n\t</dict>\n"
            json += (position == 0 ? "" : ",") + "\"\(entry.key)\":{\"name\":\"\(entry.name)\",\"number\":\(entry.number),\"tags\":[\"a\",\"b\"]}"
            oldStyle += "\t\(entry.key) = { name = \"\(entry.name)\"; number = <*I\(entry.number)>; tags = (a, b); };\n"
            strings += "\"\(entry.key) words\" = \"\(entry.name)\";\n"
        }
        try folder.write(xml + "</dict>\n</plist>\n", to: "d.plist")
        try folder.write(json + "}", to: "x.json")
        try folder.write(oldStyle + "}\n", to: "x.txt")
        try folder.write(strings, to: "x.strings")
        try folder.write("[" + Array(repeating: "1", count: 1_000_000).joined(separator: ",") + "]", to: "ones.json")
        let converted = try Shell.prefs(["convert", folder.file("d.plist"), "--to", "binary", "-o", folder.file("b.plist")], home: folder.path)
        #expect(converted.status == 0, "\(converted)")
        try FileManager.default.createDirectory(atPath: folder.file("manifests"), withIntermediateDirectories: false)
        try folder.write(
            """
            <plist version="1.0"><dict><key>pfm_domain</key><string>d</string><key>pfm_subkeys</key><array><dict>\
            <key>pfm_name</key><string>key1</string><key>pfm_type</key><string>dictionary</string>\
            </dict></array></dict></plist>
            """, to: "manifests/d.plist")
    }

    /// The memory the README promises reading `name` takes, in KiB: 8 times its size, and for
    /// JSON and old-style text at least twice its size plus 96 bytes for each `, ; = : ( [ {`.
    func promisedKiB(_ name: String) throws -> Int {
        let bytes = try #require(folder.bytes(name))
        guard !name.hasSuffix(".plist") else { return bytes.count * 8 / 1024 }
        let separators = bytes.count { ",;=:([{".utf8.contains($0) }
        return max(bytes.count * 8, bytes.count * 2 + (separators + 1) * 96) / 1024
    }

    /// The least address space, in KiB, in which `prefs --version` starts: what the runtime,
    /// the C library and libxml2 map before any file is read.
    func startUpKiB() throws -> Int {
        let starts = try stride(from: 8_000, through: 400_000, by: 2_000).first {
            try Shell.sh("ulimit -v \($0); exec \"$PREFS\" --version", home: folder.path).status == 0
        }
        return try #require(starts)
    }

    /// The bytes of every file in the folder, to tell that a refused command changed none.
    func contents() -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: folder.names().compactMap { name in folder.bytes(name).map { (name, $0) } })
    }

    /// Runs `arguments` under `ulimit -v limit` and checks that it ends in one of `statuses`,
    /// not by a signal, and that a refusal names the limit and changes no file.
    func run(_ arguments: [String], limit: Int, expecting statuses: Set<Int32>) throws {
        let before = contents()
        let result = try Shell.sh(
            "ulimit -v \(limit); exec \"$PREFS\" \(arguments.map { "'\($0)'" }.joined(separator: " ")) > /dev/null",
            home: folder.path, environment: ["PREFS_MANIFESTS": folder.file("manifests"), "XDG_CACHE_HOME": folder.file("cache")])
        #expect(statuses.contains(result.status), "\(arguments) under ulimit -v \(limit): \(result)")
        #expect(!result.stderr.contains("Fatal error"), "\(arguments): \(result.stderr)")
        if result.status == 6 {
            #expect(result.stderr.contains("ulimit -v"), "\(arguments): \(result.stderr)")
            #expect(contents() == before, "\(arguments) under ulimit -v \(limit) changed a file")
        }
        for name in ["out.tmp", "imported.plist", "exported.plist"] { try? FileManager.default.removeItem(atPath: folder.file(name)) }
    }

    /// validate, convert and import read each format within twice the promised bound, and exit
    /// 6 with less room than the file itself, where they ended with SIGABRT (134).
    @Test(arguments: ["d.plist", "b.plist", "x.json", "x.txt", "x.strings", "ones.json"])
    func readingAnyFormatEndsInSuccessOrExit6(name: String) throws {
        try writeInputs()
        let start = try startUpKiB()
        let size = try #require(folder.bytes(name)).count / 1024
        let commands = [
            ["validate", "--quiet", "--any-format", folder.file(name)],
            ["convert", folder.file(name), "--to", "xml", "-o", folder.file("out.tmp")],
            ["convert", folder.file(name), "--to", "json", "-o", folder.file("out.tmp")],
            ["import", "--file", folder.file("imported.plist"), folder.file(name)]
        ]
        // The array of ones is no domain: import refuses it with exit 3.
        let succeeded: Set<Int32> = name == "ones.json" ? [0, 3] : [0]
        for arguments in commands {
            try run(arguments, limit: start + 2 * promisedKiB(name), expecting: succeeded)
            // validate streams XML and builds no values: it needs no room for the file.
            let streams = name == "d.plist" && arguments[0] == "validate"
            try run(arguments, limit: start + size / 2, expecting: streams ? [0, 6] : [6])
        }
    }

    /// The commands that read a domain in the store finish within twice the promised bound and
    /// finish or exit 6 with less, the domain unchanged; writing one key into it exits 6 where it
    /// ended with SIGABRT.
    @Test func storeCommandsEndInSuccessOrExit6() throws {
        try writeInputs()
        let start = try startUpKiB()
        let size = try #require(folder.bytes("d.plist")).count / 1024
        let commands = [
            ["read", "d", "key7"], ["read", "d"], ["write", "d", "added", "v"], ["export", "d", folder.file("exported.plist")],
            ["check", "d"], ["find", "item"], ["validate", folder.file("d.plist")]
        ]
        for arguments in commands {
            try run(arguments, limit: start + 2 * promisedKiB("d.plist"), expecting: [0])
            for limit in [start + size / 2, start + size, start + 2 * size] {
                if arguments[0] == "check" {
                    // Still open: check allocates past the checks with less room than the file.
                    try withKnownIssue("check ends with SIGABRT below the file's size", isIntermittent: true) {
                        try run(arguments, limit: limit, expecting: [0, 6])
                    }
                } else {
                    try run(arguments, limit: limit, expecting: [0, 6])
                }
            }
        }
    }
}
