import Foundation
import TestSupport
import Testing

/// What prefs takes from its environment and what it says when something there is wrong:
/// folders named in bytes that are not UTF-8, a relative `XDG_CONFIG_HOME`, a bad
/// `PREFS_LOCK_TIMEOUT`, a flush that fails after the change happened, and clear messages
/// where there were confusing ones.
@Suite("Environment and messages")
struct EnvironmentTests {
    let folder = TemporaryFolder()

    /// A folder variable that is not UTF-8 is refused with exit 2 naming it; nothing is written anywhere.
    @Test(
        arguments: ["PREFS_HOME", "XDG_CONFIG_HOME", "HOME"])
    func variableThatIsNotUTF8IsRefused(variable: String) throws {
        let script = """
            unset PREFS_HOME XDG_CONFIG_HOME
            export \(variable)="$(printf '\(folder.path)/caf\\351')"
            exec "$PREFS" write d k v
            """
        let result = try Shell.sh(script, home: folder.path)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\(variable) is not valid UTF-8") && result.stderr.contains("caf\\xE9"), "\(result.stderr)")
        #expect(folder.names().isEmpty, "created \(folder.names())")
    }

    /// A relative XDG_CONFIG_HOME is ignored, as the XDG specification says; HOME is used.
    @Test func relativeXDGConfigHomeIsIgnored() throws {
        let result = try Shell.sh(
            "unset PREFS_HOME; cd \(folder.path); XDG_CONFIG_HOME=relative HOME=\(folder.path)/home exec \"$PREFS\" write d k v",
            home: folder.path)
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: folder.file("home/.config/prefs/d.plist")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("relative")))
    }

    /// A domain file whose name is not UTF-8 is reported by domains and doctor, not silently skipped.
    @Test func fileNameThatIsNotUTF8IsReported() throws {
        _ = try Shell.prefs(["write", "d", "k", "v"], home: folder.path)
        let made = try Shell.sh("printf '<plist version=\"1.0\"><dict/></plist>' > \"$PREFS_HOME/$(printf 'caf\\351').plist\"", home: folder.path)
        #expect(made.status == 0)
        let domains = try Shell.prefs(["domains"], home: folder.path)
        #expect(domains.status == 0 && domains.stdout == "d\n", "\(domains)")
        #expect(domains.stderr.contains("caf\\xE9.plist") && domains.stderr.contains("not valid UTF-8"), "\(domains.stderr)")
        let doctor = try Shell.prefs(["doctor"], home: folder.path)
        #expect(doctor.status == 3 && doctor.stderr.contains("caf\\xE9.plist"), "\(doctor)")
    }

    /// PREFS_LOCK_TIMEOUT that is not a number of seconds is refused with exit 2.
    @Test(arguments: ["abc", "-1", "nan", "1e9"])
    func badLockTimeoutIsRefused(value: String) throws {
        let result = try Shell.prefs(["write", "d", "k", "v"], home: folder.path, environment: ["PREFS_LOCK_TIMEOUT": value])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("PREFS_LOCK_TIMEOUT"), "\(result.stderr)")
        #expect(folder.names().isEmpty)
    }

    /// When only the folder's flush fails after the rename, the change stands: exit 0 and a warning.
    @Test(
        .enabled(if: Shell.has("strace") && Shell.sanitizer != "thread", "TSan's runtime makes the injected calls itself"))
    func folderFlushFailureAfterRenameIsAWarning() throws {
        _ = try Shell.prefs(["write", "d", "list", "-array", "a"], home: folder.path)
        let result = try Shell.run(
            "/usr/bin/strace",
            [
                "-f", "-qq", "-o", "/dev/null", "-e", "inject=fsync:error=EIO:when=2",
                Shell.prefs, "write", "d", "list", "-array-add", "b"
            ],
            environment: ["PREFS_HOME": folder.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Warning:") && result.stderr.contains("may not survive a crash"), "\(result.stderr)")
        #expect(try Shell.prefs(["read", "d", "list", "--json"], home: folder.path).stdout == "[\n  \"a\",\n  \"b\"\n]\n")
    }

    /// A file that starts with a NUL byte is named as not text, with file and line.
    @Test func nulAtTheStartIsNamed() throws {
        try #require(FileManager.default.createFile(atPath: folder.file("d.plist"), contents: Data([0, 0x3C, 0x70])))
        #expect(chmod(folder.file("d.plist"), 0o600) == 0)
        let result = try Shell.prefs(["read", "d"], home: folder.path)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("d.plist:1:") && result.stderr.contains("NUL byte"), "\(result.stderr)")
        #expect(!result.stderr.contains("Document is empty"), "\(result.stderr)")
    }

    /// A domain whose root is an array is refused with the root's line.
    @Test func arrayRootHasALine() throws {
        try folder.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\n<array>\n</array>\n</plist>\n", to: "d.plist")
        chmod(folder.file("d.plist"), 0o600)
        let result = try Shell.prefs(["read", "d"], home: folder.path)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("d.plist:4: error: the root is an array, not a dictionary"), "\(result.stderr)")
    }

    /// A compact domain whose canonical form passes 64 MiB says so when a write cannot store it.
    @Test func compactFileTooLargeWhenCanonicalSaysWhy() throws {
        // 150,000 values nested 20 deep: 65 MB on one line, more than twice that with tabs.
        let open = String(repeating: "<array>", count: 20)
        let close = String(repeating: "</array>", count: 20)
        let value = String(repeating: "x", count: 100)
        var text = "<plist version=\"1.0\"><dict>"
        text.reserveCapacity(66_000_000)
        for index in 0..<150_000 { text += "<key>k\(index)</key>\(open)<string>\(value)</string>\(close)" }
        text += "</dict></plist>"
        #expect(text.utf8.count < 64 << 20)
        try folder.write(text, to: "d.plist")
        #expect(try Shell.prefs(["read", "d", "k1"], home: folder.path).status == 0)
        let before = folder.bytes("d.plist")
        let result = try Shell.prefs(["write", "d", "k", "v"], home: folder.path)
        #expect(result.status == 2, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("in canonical form") && result.stderr.contains("64 MiB"), "\(result.stderr)")
        #expect(folder.bytes("d.plist") == before)
    }
}

/// Too few file descriptors: every command answers with exit 0 or a clear error and exit 6,
/// never a crash, and a write that cannot finish leaves the old file.
@Suite("System limits", .enabled(if: Shell.has("prlimit")))
struct SystemLimitTests {
    let folder = TemporaryFolder()

    /// With 3 to 8 open files allowed, commands succeed or exit 6 naming the limit.
    @Test(arguments: 3...8)
    func fewFileDescriptors(limit: Int) throws {
        _ = try Shell.prefs(["write", "d", "k", "v"], home: folder.path)
        let before = folder.bytes("d.plist")
        for arguments in [["--version"], ["read", "d", "k"], ["write", "d", "k", "w\(limit)"], ["domains"], ["validate", folder.file("d.plist")]] {
            let result = try Shell.run("/usr/bin/prlimit", ["--nofile=\(limit)", Shell.prefs] + arguments, environment: ["PREFS_HOME": folder.path])
            let loaderRefused = result.status == 127 && result.stderr.contains("error while loading shared libraries")
            #expect(result.status == 0 || result.status == 6 || loaderRefused, "\(limit) \(arguments): \(result)")
            if result.status == 6 {
                #expect(result.stderr.contains("ulimit -n") || result.stderr.contains("open files"), "\(limit) \(arguments): \(result.stderr)")
            }
        }
        let after = folder.bytes("d.plist")
        #expect(after == before || (after.map { String(decoding: $0, as: UTF8.self).contains("<string>w") } ?? false))
        #expect(try Shell.prefs(["validate", "--quiet", folder.file("d.plist")], home: folder.path).status == 0)
    }
}

extension SystemLimitTests {
    /// With 3 to 8 open files allowed, watch exits 6 naming the limit before it starts its event
    /// loop, where libdispatch, short of a descriptor for its eventfd, stopped it with SIGILL (132).
    @Test(arguments: 3...8)
    func watchWithFewFileDescriptors(limit: Int) throws {
        _ = try Shell.prefs(["write", "d", "k", "v"], home: folder.path)
        let result = try Shell.run(
            "/usr/bin/timeout", ["20", "/usr/bin/prlimit", "--nofile=\(limit)", Shell.prefs, "watch", "d"], environment: ["PREFS_HOME": folder.path])
        let loaderRefused = result.status == 127 && result.stderr.contains("error while loading shared libraries")
        #expect(result.status == 6 || loaderRefused, "\(limit): \(result)")
        if result.status == 6 { #expect(result.stderr.contains("ulimit -n"), "\(limit): \(result.stderr)") }
    }

    /// Under an address-space limit (ulimit -v) that leaves too little room to build a 14 MB
    /// domain's values, each command that reads it whole exits 6 naming the limit, where the
    /// Swift runtime ended prefs with SIGABRT (134); one key of it and a small domain still read.
    @Test(.enabled(if: Shell.sanitizer == nil, "a sanitizer's runtime reserves address space of its own"))
    func addressSpaceLimitIsExit6() throws {
        var text = "<plist version=\"1.0\"><dict>\n"
        for index in 0..<130_000 { text += "<key>key\(index)</key><string>value \(index) \(String(repeating: "x", count: 60))</string>\n" }
        try folder.write(text + "</dict></plist>\n", to: "big.plist")
        _ = try Shell.prefs(["write", "small", "k", "v"], home: folder.path)
        let starts = try [20_000, 40_000, 60_000, 80_000, 100_000, 130_000, 160_000, 200_000, 300_000].first {
            try Shell.sh("ulimit -v \($0); exec \"$PREFS\" --version", home: folder.path).status == 0
        }
        let limit = try #require(starts) + 20_000
        for arguments in [
            ["read", "big"], ["read", "big", "--json"], ["export", "big", folder.file("out.plist")], ["find", "value"], ["convert", folder.file("big.plist")]
        ] {
            let result = try Shell.sh(
                "ulimit -v \(limit); exec \"$PREFS\" \(arguments.map { "'\($0)'" }.joined(separator: " ")) > /dev/null", home: folder.path)
            #expect(result.status == 6, "\(arguments) under ulimit -v \(limit): \(result)")
            #expect(result.stderr.contains("raise ulimit -v") && !result.stderr.contains("Fatal error"), "\(arguments): \(result.stderr)")
        }
        for arguments in [["read", "big", "key7"], ["read", "small", "k"]] {
            let result = try Shell.sh("ulimit -v \(limit); exec \"$PREFS\" \(arguments.joined(separator: " "))", home: folder.path)
            #expect(result.status == 0, "\(arguments) under ulimit -v \(limit): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.plist")))
    }

    /// Whether the prefs under test is the static release binary (no dynamic loader).
    static let isStatic = (try? Shell.run("/usr/bin/ldd", [Shell.prefs]).status) != 0

    /// The static binary reads, writes and prints its version within 24 MB of address space.
    @Test(
        .enabled(if: isStatic && Shell.sanitizer == nil, "a dynamic build maps its shared libraries too"))
    func smallAddressSpace() throws {
        for arguments in [["--version"], ["write", "d", "k", "v"], ["read", "d", "k"], ["validate", folder.file("d.plist")]] {
            let result = try Shell.sh("ulimit -v 24000; exec \"$PREFS\" \(arguments.joined(separator: " "))", home: folder.path)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
    }
}
