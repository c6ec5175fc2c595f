import Foundation
import TestSupport
import Testing

/// Binary property lists through the real `prefs`: convert, import, read --file, store domains,
/// validate, against plistlib as the independent reader and writer.
@Suite("Binary files on the command line")
struct BinaryFormatTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../PropertyListsTests/Fixtures/Binary").standardized.path

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    func python(_ script: String, _ arguments: String...) throws -> CommandResult {
        try Shell.run("/usr/bin/env", ["python3", "-c", script] + arguments)
    }

    /// convert turns plistlib's binary files into the XML plistlib writes.
    @Test(
        arguments: ["unicode", "containers", "data", "root_array", "root_string", "many_objects"])
    func convertsToPlistlibXML(name: String) throws {
        let file = "\(Self.fixtures)/\(name).bplist"
        let expected = try python("import plistlib, sys; sys.stdout.write(plistlib.dumps(plistlib.load(open(sys.argv[1], 'rb'))).decode())", file)
        let converted = try prefs("convert", file)
        #expect(converted.status == 0 && converted.stdout == expected.stdout, "\(converted)")
    }

    /// convert --to binary writes what plistlib reads to the same value, from a file or standard input.
    @Test func convertsToBinary() throws {
        let file = "\(Self.fixtures)/scalars.bplist"
        #expect(try prefs("convert", file, "--to", "binary", "-o", folder.file("out.bplist")).status == 0)
        let same = try python(
            "import plistlib, sys; print(plistlib.load(open(sys.argv[1], 'rb')) == plistlib.load(open(sys.argv[2], 'rb')))",
            file, folder.file("out.bplist"))
        #expect(same.stdout == "True\n", "\(same)")
        let piped = try Shell.sh("\"$PREFS\" convert - --to binary < '\(file)' > '\(folder.file("piped.bplist"))'", home: home)
        #expect(piped.status == 0 && folder.bytes("piped.bplist") == folder.bytes("out.bplist"), "\(piped)")
    }

    /// import takes a binary file; the domain is written as XML.
    @Test func importsBinary() throws {
        #expect(try prefs("import", "d", "\(Self.fixtures)/containers.bplist").status == 0)
        #expect(folder.bytes("d.plist")?.starts(with: Array("<?xml".utf8)) == true)
        #expect(try prefs("read", "d", "shared").stdout == "(\n    x,\n    x,\n    x\n)\n")
    }

    /// A binary domain file copied from a Mac reads like any other, whole or one key.
    @Test func readsBinaryDomain() throws {
        try FileManager.default.copyItem(atPath: "\(Self.fixtures)/scalars.bplist", toPath: folder.file("com.example.mac.plist"))
        #expect(try prefs("read", "com.example.mac", "uint64max").stdout == "18446744073709551615\n")
        #expect(try prefs("read", "com.example.mac", "before2001").stdout == "1969-07-20 20:17:40 +0000\n")
        #expect(try prefs("read", "--file", folder.file("com.example.mac.plist"), "string").stdout == "Ada Lovelace\n")
        #expect(try prefs("read", "--json", "com.example.mac").stdout.contains("\"int64min\": -9223372036854775808"))
    }

    /// Hostile binary files are refused with exit 3 and FILE: error, by convert, import and read.
    @Test func refusesHostileFiles() throws {
        let file = "\(Self.fixtures)/Hostile/bomb_arrays.bplist"
        for arguments in [["convert", file], ["import", "d", file], ["read", "--file", file]] {
            let result = try Shell.prefs(arguments, home: home)
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.stderr.contains("\(file): error: binary property list: the value expands"), "\(arguments): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("d.plist")))
    }

    /// Every hostile binary file is refused by prefs convert with exit 3 and FILE: error, each in bounded time and memory.
    @Test func refusesHostileCorpusInBoundedTimeAndMemory() throws {
        let hostile = "\(Self.fixtures)/Hostile"
        // One probe runs them all: per file the exit status, the seconds and the first stderr
        // line; then the largest peak RSS of any of them.
        let probe = """
            import os, resource, subprocess, sys, time
            for name in sorted(os.listdir(sys.argv[2])):
                start = time.time()
                r = subprocess.run([sys.argv[1], "convert", os.path.join(sys.argv[2], name)], capture_output=True)
                print("%s\\t%d\\t%f\\t%s" % (name, r.returncode, time.time() - start, r.stderr.decode().split("\\n")[0]))
            print("maxrss\\t%d" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let result = try Shell.run("/usr/bin/python3", ["-c", probe, Shell.prefs, hostile])
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let files = lines.filter { $0.count == 4 }
        #expect(files.count == 42, "\(result)")
        for fields in files {
            #expect(fields[1] == "3", "\(fields)")
            #expect((Double(fields[2]) ?? 99) < 10, "\(fields[0]) took \(fields[2]) s")
            #expect(fields[3].hasPrefix("\(hostile)/\(fields[0]): error: binary property list: "), "\(fields)")
        }
        let maxRSS = lines.first { $0.first == "maxrss" }.flatMap { Int($0[1]) } ?? .max
        if Shell.sanitizer == nil { #expect(maxRSS < 80_000, "a hostile file took \(maxRSS) KB") }
    }

    /// A domain file whose offset table names one 200,000-reference array 200,000 times (1.6 MB)
    /// is refused by read, find and doctor at once; each stalled for 35 s before.
    @Test func refusesDomainNamingOneArrayManyTimesAtOnce() throws {
        try Data(HostileInputs.binaryNamingOneArray(entries: 200_000)).write(to: URL(fileURLWithPath: folder.file("d.plist")))
        chmod(folder.file("d.plist"), 0o600)
        for arguments in [["read", "d"], ["read", "d", "k"], ["find", "x"], ["doctor"]] {
            let start = Date()
            let result = try Shell.prefs(arguments, home: home)
            #expect(Date().timeIntervalSince(start) < 10, "\(arguments) took \(Date().timeIntervalSince(start)) s")
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.stderr.contains("d.plist") && result.stderr.contains("objects share bytes"), "\(arguments): \(result)")
        }
    }

    /// validate checks XML only and names a binary file's format with the way to convert it.
    @Test func validateNamesBinary() throws {
        let file = "\(Self.fixtures)/root_string.bplist"
        let result = try prefs("validate", file)
        #expect(result.status == 3)
        #expect(
            result.stderr.contains("\(file):1:1: error: this is a binary (bplist00) property list, not XML; `prefs convert FILE --to xml` converts it"),
            "\(result)")
    }

    /// The first write turns a binary domain into XML and says so once; doctor lists it until then.
    @Test func firstWriteConvertsBinaryDomain() throws {
        try FileManager.default.copyItem(atPath: "\(Self.fixtures)/containers.bplist", toPath: folder.file("mac.plist"))
        chmod(folder.file("mac.plist"), 0o600)
        let doctor = try prefs("doctor")
        #expect(doctor.status == 0, "\(doctor)")
        #expect(doctor.stdout.contains("\(folder.file("mac.plist")): note: a binary (bplist00) property list, not XML"), "\(doctor)")
        let first = try prefs("write", "mac", "k", "v")
        #expect(
            first.status == 0 && first.stderr == "note: \(folder.file("mac.plist")) was a binary property list; prefs has written it as canonical XML\n",
            "\(first)")
        #expect(folder.bytes("mac.plist")?.starts(with: Array("<?xml".utf8)) == true)
        #expect(try prefs("read", "mac", "shared").stdout == "(\n    x,\n    x,\n    x\n)\n")
        let second = try prefs("write", "mac", "k", "w")
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second)")
        #expect(try !prefs("doctor").stdout.contains("note:"))
    }

    /// export --format binary writes what plistlib reads as the domain.
    @Test func exportsBinary() throws {
        _ = try prefs("write", "d", "n", "-int", "18446744073709551615")
        _ = try prefs("write", "d", "when", "-date", "1999-12-31T23:59:59Z")
        #expect(try prefs("export", "d", folder.file("d.bplist"), "--format", "binary").status == 0)
        let read = try python("import plistlib, sys; print(plistlib.load(open(sys.argv[1], 'rb')))", folder.file("d.bplist"))
        #expect(read.stdout == "{'n': 18446744073709551615, 'when': datetime.datetime(1999, 12, 31, 23, 59, 59)}\n", "\(read)")
    }
}
