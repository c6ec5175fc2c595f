import Foundation
import PropertyLists
import TestSupport
import Testing

/// The hostile and broken corpus (Fixtures/make_hostile.py) plus inputs made at test time: each
/// is refused with FILE:LINE, in bounded time and memory, never opening another file or a
/// socket, and a domain holding it is never overwritten.
@Suite("Hostile files")
struct HostileFileTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Hostile")

    static let corpusNames: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()

    /// Opens that any run of the binary makes: libraries, the loader cache, locale data, procfs.
    static let systemPrefixes = ["/lib", "/usr/lib", "/opt/swift", "/etc/ld.so", "/proc/", "/sys/", "/usr/share/locale"]

    /// The corpus has at least 40 files.
    @Test func corpusIsLargeEnough() {
        #expect(Self.corpusNames.count >= 40)
    }

    /// Each hostile file is refused with file and line, quickly, touching nothing else.
    @Test(arguments: corpusNames)
    func hostileFileIsRefused(name: String) throws {
        try expectRefused(Self.corpus.appendingPathComponent(name).path)
    }

    /// Validating and reading one key refuse each hostile file exactly as a full read does.
    @Test(arguments: corpusNames)
    func partialReadsRefuseAlike(name: String) throws {
        let path = Self.corpus.appendingPathComponent(name).path
        let reader = PropertyListReader()
        let full = #expect(throws: PropertyListError.self) { try reader.read(contentsOf: path) }
        let validated = #expect(throws: PropertyListError.self) { try reader.validate(contentsOf: path) }
        let partial = #expect(throws: PropertyListError.self) { try reader.read(contentsOf: path, rootKey: "k") }
        #expect(validated?.diagnostics == full?.diagnostics)
        #expect(partial?.diagnostics == full?.diagnostics)
    }

    /// A domain holding a hostile file is never overwritten.
    @Test(arguments: corpusNames)
    func hostileDomainIsNeverOverwritten(name: String) throws {
        let folder = TemporaryFolder()
        let original = try Data(contentsOf: Self.corpus.appendingPathComponent(name))
        try original.write(to: URL(fileURLWithPath: folder.file("d.plist")))
        for arguments in [
            ["read", "d"], ["read", "d", "k"], ["write", "d", "k", "v"], ["delete", "d", "k"], ["rename", "d", "a", "b"],
            ["import", "d", "-"], ["palette", "--domain", "d", "add", "X"], ["palette", "--domain", "d", "list"]
        ] {
            let result = try Shell.prefs(arguments, home: folder.path, input: "<plist><dict/></plist>")
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.stderr.contains("d.plist"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("left untouched") || result.stderr.contains("bytes"), "\(arguments): no recovery advice in \(result.stderr)")
        }
        #expect(folder.bytes("d.plist") == [UInt8](original))
    }

    /// 100,000-deep nesting is refused in bounded time and memory.
    @Test func hundredThousandDeepNestingIsRefused() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "<plist version=\"1.0\">" + String(repeating: "<array>", count: 100_000)
                + String(repeating: "</array>", count: 100_000) + "</plist>", to: "deep.plist")
        try expectRefused(folder.file("deep.plist"))
    }

    /// 400,000 attributes on `<plist>` (4.7 MB) are refused once past the limit, before
    /// libxml2's check for repeated ones, quadratic in their number (36 s before), runs.
    @Test func fourHundredThousandAttributesAreRefused() throws {
        let folder = TemporaryFolder()
        try folder.write(HostileInputs.xmlWithAttributes(count: 400_000), to: "attributes.plist")
        let outcome = try expectRefused(folder.file("attributes.plist"))
        #expect(outcome.stderr.hasPrefix("\(folder.file("attributes.plist")):2: error: an element has more than 100 attributes"), "\(outcome.stderr)")
    }

    /// A 100 MB string is refused by size before it is read.
    @Test func hundredMegabyteStringIsRefused() throws {
        let folder = TemporaryFolder()
        let path = folder.file("huge.plist")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.write(Data("<plist version=\"1.0\"><string>".utf8))
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        for _ in 0..<100 { handle.write(chunk) }
        handle.write(Data("</string></plist>".utf8))
        try handle.close()
        // A size is not at any line: the message names the file and the limit.
        let outcome = try expectRefused(path, lineRequired: false)
        #expect(outcome.stderr.contains("bytes"), "\(outcome.stderr)")
    }

    /// A FIFO or a planted secret named as DTD or entity is never opened.
    @Test func fifoAndSecretAreNeverOpened() throws {
        let folder = TemporaryFolder()
        let fifo = folder.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        try folder.write("SECRET-7f3a9", to: "secret.txt")
        try folder.write(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist SYSTEM \"\(fifo)\">\n<plist version=\"1.0\"><string>x</string></plist>\n", to: "fifo-dtd.plist")
        try folder.write(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY s SYSTEM \"file://\(folder.file("secret.txt"))\">]>\n<plist version=\"1.0\"><string>&s;</string></plist>\n",
            to: "secret.plist")
        for name in ["fifo-dtd.plist", "secret.plist"] {
            let outcome = try expectRefused(folder.file(name))
            #expect(!outcome.stderr.contains("SECRET-7f3a9") && !outcome.stdout.contains("SECRET-7f3a9"))
        }
    }

    /// Runs `prefs validate` on `path` under strace and a memory probe, and checks the refusal.
    @discardableResult
    private func expectRefused(_ path: String, lineRequired: Bool = true) throws -> CommandResult {
        let folder = TemporaryFolder()
        let trace = folder.file("trace")
        let probe =
            "import resource,subprocess,sys,time\nt=time.time()\nr=subprocess.run(sys.argv[2:],capture_output=True)\nsys.stdout.buffer.write(r.stdout)\nsys.stderr.buffer.write(r.stderr)\nopen(sys.argv[1],'w').write('%d %f %d' % (resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.time()-t, r.returncode))\n"
        var command = ["/usr/bin/python3", "-c", probe, folder.file("usage")]
        if Shell.has("strace") { command += ["/usr/bin/strace", "-f", "-qq", "-e", "trace=openat,open,connect,socket", "-o", trace] }
        let result = try Shell.run(command[0], Array(command.dropFirst()) + [Shell.prefs, "validate", path])
        let usage = try String(contentsOfFile: folder.file("usage"), encoding: .utf8).split(separator: " ")
        let (maxRSSKilobytes, seconds, status) = (Int(usage[0]) ?? 0, Double(usage[1]) ?? 0, Int32(usage[2]) ?? -1)
        #expect(status == 3, "\(path): \(result)")
        #expect(result.stderr.contains(path + ":"), "\(path): no file:line in \(result.stderr)")
        #expect(result.stderr.range(of: lineRequired ? #":[0-9]+: error: "# : ": error: ", options: .regularExpression) != nil, "\(result.stderr)")
        #expect(!result.stderr.contains("root:x:0:0") && !result.stdout.contains("root:x:0:0"))
        #expect(seconds < 10, "\(path) took \(seconds) s")
        if Shell.sanitizer == nil { #expect(maxRSSKilobytes < 80_000, "\(path) used \(maxRSSKilobytes) KB") }
        if Shell.has("strace") {
            let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            #expect(!lines.contains { $0.contains("connect(") || $0.contains("socket(") }, "network use for \(path)")
            for line in lines where line.contains("open") {
                guard let start = line.firstIndex(of: "\""), let end = line[line.index(after: start)...].firstIndex(of: "\"") else { continue }
                let opened = String(line[line.index(after: start)..<end])
                let binaryFolder = URL(fileURLWithPath: Shell.prefs).deletingLastPathComponent().path + "/"
                let sanitizerFile = Shell.sanitizer != nil && opened.hasPrefix("/tmp/tsan.")
                // The file is opened one folder at a time from `/` (``TrustedPath``): each
                // component of its path is opened by name, relative to the folder before it.
                let onTheWay = opened == "/" || path.split(separator: "/").contains { $0 == opened }
                let allowed =
                    opened == path || onTheWay || opened.hasPrefix(binaryFolder) || sanitizerFile || Self.systemPrefixes.contains { opened.hasPrefix($0) }
                #expect(allowed, "\(path): prefs opened \(opened)")
            }
        }
        return result
    }
}
