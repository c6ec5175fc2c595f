import Foundation
import TestSupport
import Testing

/// Failed writes: a clear error naming the file, exit status 4, the old file intact, no
/// temporary file left, and a fault-free retry that works.
@Suite("Write failures")
struct WriteFailureTests {
    struct Fault: CustomTestStringConvertible, Sendable {
        let name: String
        let injection: String
        var testDescription: String { name }
    }

    static let faults = [
        Fault(name: "disk full on write", injection: "inject=write:error=ENOSPC:when=1"),
        Fault(name: "I/O error on fsync", injection: "inject=fsync:error=EIO:when=1"),
        Fault(name: "quota exceeded on write", injection: "inject=write:error=EDQUOT:when=1"),
        Fault(name: "rename across devices", injection: "inject=renameat:error=EXDEV:when=1")
    ]

    /// An injected fault fails the write with exit 4 and keeps the old file.
    @Test(
        .enabled(if: Shell.has("strace") && Shell.sanitizer != "thread", "TSan's runtime makes the injected calls itself"), arguments: faults)
    func injectedFaultKeepsOldFile(fault: Fault) throws {
        try expectFaultKeepsOldFile(fault, keys: 100, writing: "added", spliced: false)
    }

    /// Faults in each of the three pieces a splice write writes: the bytes before the entry,
    /// the entry, the bytes after it; and in its flush and rename.
    static let spliceFaults = [
        Fault(name: "disk full on the bytes before the entry", injection: "inject=write:error=ENOSPC:when=1"),
        Fault(name: "disk full on the entry", injection: "inject=write:error=ENOSPC:when=2"),
        Fault(name: "I/O error on the bytes after the entry", injection: "inject=write:error=EIO:when=3"),
        Fault(name: "I/O error on fsync", injection: "inject=fsync:error=EIO:when=1"),
        Fault(name: "rename across devices", injection: "inject=renameat:error=EXDEV:when=1")
    ]

    /// An injected fault in a splice write of a large canonical domain fails with exit 4 and keeps the old file.
    @Test(
        .enabled(if: Shell.has("strace") && Shell.sanitizer != "thread", "TSan's runtime makes the injected calls itself"),
        arguments: spliceFaults)
    func injectedFaultInSpliceWriteKeepsOldFile(fault: Fault) throws {
        try expectFaultKeepsOldFile(fault, keys: StoreFixture.largeKeys, writing: "key5000", spliced: true)
    }

    /// Runs `prefs write DOMAIN key -int 42` on a store of `keys` keys under `fault` and
    /// checks that it fails with exit 4 naming the file, keeps the old file and leaves nothing
    /// behind, and that the same write then succeeds.
    ///
    /// - Parameter spliced: Whether the write must be a splice write; the check fails if it
    ///   is not, so that a splice test cannot quietly test the whole rewrite instead.
    private func expectFaultKeepsOldFile(_ fault: Fault, keys: Int, writing key: String, spliced: Bool) throws {
        let store = try StoreFixture(keys: keys)
        if spliced {
            #expect(try store.writeIsSpliced([key, "-int", "41"]), "the fixture is not written by splicing, so this tests the whole rewrite")
        }
        let old = try #require(store.bytes)
        let result = try Shell.run(
            "/usr/bin/strace",
            [
                "-f", "-qq", "-o", "/dev/null", "-e", fault.injection,
                Shell.prefs, "write", store.domain, key, "-int", "42"
            ],
            environment: ["PREFS_HOME": store.home])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains(store.domain), "the message names the file: \(result.stderr)")
        #expect(store.bytes == old)
        #expect(try store.validates())
        #expect(store.strayFiles.isEmpty, "left \(store.strayFiles)")
        let retry = try Shell.prefs(["write", store.domain, key, "-int", "42"], home: store.home)
        #expect(retry.status == 0)
        #expect(try Shell.prefs(["read", store.domain, key], home: store.home).stdout == "42\n")
    }

    /// A read error on a large canonical domain fails the write with exit 3 and keeps the old file.
    @Test(
        .enabled(if: Shell.has("strace") && Shell.sanitizer != "thread", "TSan's runtime makes the injected calls itself"))
    func readFailureInSpliceWriteKeepsOldFile() throws {
        let store = try StoreFixture(keys: StoreFixture.largeKeys)
        let old = try #require(store.bytes)
        let domainFile = store.folder.file(store.fileName)
        for point in [1, 2] {
            let result = try Shell.run(
                "/usr/bin/strace",
                [
                    "-f", "-qq", "-o", "/dev/null", "-P", domainFile, "-e", "trace=read", "-e", "inject=read:error=EIO:when=\(point)",
                    Shell.prefs, "write", store.domain, "key5000", "-int", "42"
                ],
                environment: ["PREFS_HOME": store.home])
            #expect(result.status == 3, "read \(point): \(result)")
            #expect(result.stderr.contains("Input/output error"), "read \(point): \(result.stderr)")
            #expect(store.bytes == old, "read \(point)")
            #expect(store.strayFiles.isEmpty, "read \(point): left \(store.strayFiles)")
        }
    }

    /// Runs a command with SIGXFSZ at its default action (ending the process), whatever the
    /// test runner left it at: a shell cannot undo a signal ignored when it started.
    static let defaultSignals = "env --default-signal=XFSZ"

    /// A file size limit (ulimit -f) fails each write with exit 4, EFBIG named: prefs ignores
    /// SIGXFSZ, which killed it (status 153) with its temporary file left beside the user's
    /// file. The old file stays, and no temporary file is left beside it or beside an output.
    @Test(
        .enabled(if: Shell.sanitizer != "thread", "TSan's runtime cannot start under a file size limit"))
    func fileSizeLimitKeepsOldFile() throws {
        let store = try StoreFixture(keys: 300)
        let old = try #require(store.bytes)
        let outputs = TemporaryFolder()
        let source = store.folder.file(store.fileName)
        for command in [
            "write \(store.domain) added -int 42", "export \(store.domain) '\(outputs.file("out.plist"))'",
            "convert '\(source)' --to json -o '\(outputs.file("out.json"))'", "write --file '\(outputs.file("f.plist"))' k \"$(seq 1 2000)\"",
            "palette --domain pal add Hearts"
        ] {
            let result = try Shell.sh("ulimit -f 1; exec \(Self.defaultSignals) \"$PREFS\" \(command)", home: store.home)
            #expect(result.status == 4, "\(command): \(result)")
            #expect(result.stderr.contains("File too large"), "\(command): \(result.stderr)")
        }
        let piped = try Shell.sh(
            "ulimit -f 1; \(Self.defaultSignals) \"$PREFS\" export \(store.domain) - > '\(outputs.file("piped.plist"))'; echo $?", home: store.home)
        #expect(piped.stdout == "4\n" && piped.stderr.contains("cannot write to standard output: File too large"), "\(piped)")
        #expect(store.bytes == old)
        #expect(store.strayFiles.isEmpty, "left \(store.strayFiles)")
        // `write --file` locks the file itself (``FileLock``): no lock and no temporary file stays.
        #expect(outputs.names() == ["piped.plist"], "left \(outputs.names())")
    }

    /// An immutable folder refuses writes with exit 4; reads still work.
    @Test(.enabled(if: getuid() == 0 && Shell.has("chattr")))
    func immutableFolderRefusesWrites() throws {
        let store = try StoreFixture(keys: 10)
        let old = try #require(store.bytes)
        try #require(try Shell.run("/usr/bin/chattr", ["+i", store.home]).status == 0, "chattr +i failed: the file system must support it")
        defer { _ = try? Shell.run("/usr/bin/chattr", ["-i", store.home]) }
        let write = try Shell.prefs(["write", store.domain, "added", "1"], home: store.home)
        #expect(write.status == 4, "\(write)")
        #expect(write.stderr.contains(store.home), "\(write.stderr)")
        let delete = try Shell.prefs(["delete", store.domain, "key1"], home: store.home)
        #expect(delete.status == 4, "\(delete)")
        #expect(try Shell.prefs(["read", store.domain, "key1"], home: store.home).status == 0)
        #expect(store.bytes == old)
    }

    /// A store under a path that is a file fails with exit 4 naming the folder.
    @Test func storeUnderAFileFails() throws {
        let folder = TemporaryFolder()
        try folder.write("not a folder", to: "blocker")
        let result = try Shell.prefs(["write", "d", "k", "v"], home: folder.file("blocker/prefs"))
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("blocker"), "\(result.stderr)")
    }

    /// A file in a folder that vanished fails with exit 4 naming the folder.
    @Test func vanishedFolderFails() throws {
        let folder = TemporaryFolder()
        let gone = folder.file("gone")
        try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: false)
        try FileManager.default.removeItem(atPath: gone)
        let result = try Shell.prefs(["write", "--file", gone + "/d.plist", "k", "v"], home: folder.path)
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains(gone), "\(result.stderr)")
    }

    /// Output to a full device fails with exit 4.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func fullStandardOutputFails() throws {
        let store = try StoreFixture(keys: 10)
        let result = try Shell.sh("exec \"$PREFS\" read \(store.domain) > /dev/full", home: store.home)
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
    }
}
