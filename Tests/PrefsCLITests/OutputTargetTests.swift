import Foundation
import TestSupport
import Testing

/// Where `export DOMAIN OUT` and `convert -o OUT` write: a regular file is replaced atomically,
/// `-` is standard output, a FIFO or device is written as a stream, and nothing else is ever
/// replaced by a file.
@Suite("Output targets")
struct OutputTargetTests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    func fileType(_ name: String) -> mode_t {
        var status = stat()
        return lstat(folder.file(name), &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    var domainBytes: [UInt8] { FileManager.default.contents(atPath: home + "/d.plist").map(Array.init) ?? [] }

    init() throws {
        _ = try Shell.prefs(["write", "d", "k", "v"], home: folder.file("home"))
    }

    /// `convert -o -` writes to standard output, as `plutil -o -` does, not to a file named `-`.
    @Test func convertToDashWritesStandardOutput() throws {
        let result = try Shell.sh("cd '\(folder.path)' && \"$PREFS\" convert \"$PREFS_HOME/d.plist\" -o -", home: home)
        #expect(result.status == 0)
        #expect(Array(result.stdout.utf8) == domainBytes)
        #expect(fileType("-") == 0)
    }

    /// `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` write to the descriptor itself, as a shell
    /// does, even when it is a regular file the shell opened (which a link refusal once refused):
    /// `>` starts the file, `>>` appends to it.
    @Test(arguments: [
        "\"$PREFS\" export d /dev/stdout > out", "\"$PREFS\" convert \"$PREFS_HOME/d.plist\" -o /dev/stderr 2> out",
        "\"$PREFS\" export d /dev/fd/1 > out", "echo before > out; \"$PREFS\" export d /dev/stdout >> out"
    ])
    func standardStreamNamesWriteToTheDescriptor(script: String) throws {
        let result = try Shell.sh("cd '\(folder.path)' && \(script)", home: home)
        #expect(result.status == 0, "\(result)")
        let expected = (script.hasPrefix("echo") ? Array("before\n".utf8) : []) + domainBytes
        #expect(folder.bytes("out") == expected)
    }

    /// A standard stream name whose descriptor is closed is refused, exit 4, rather than
    /// written wherever the number now leads.
    @Test func closedStandardStreamIsRefused() throws {
        let result = try Shell.sh("\"$PREFS\" export d /dev/stdout >&-", home: home)
        #expect(result.status == 4 && result.stderr.contains("not open for writing"), "\(result)")
    }

    /// A FIFO gets the output as a stream and stays a FIFO.
    @Test(arguments: ["\"$PREFS\" export d fifo", "\"$PREFS\" convert \"$PREFS_HOME/d.plist\" -o fifo"])
    func fifoIsWrittenAsAStream(command: String) throws {
        #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
        let result = try Shell.sh("cd '\(folder.path)' && { cat fifo > got & \(command); status=$?; wait; exit $status; }", home: home)
        #expect(result.status == 0, "\(result)")
        #expect(folder.bytes("got") == domainBytes)
        #expect(fileType("fifo") == S_IFIFO)
    }

    /// A link to a device (here /dev/null) is written through as a stream: nothing replaces
    /// the link or the device.
    @Test func linkToDeviceIsWrittenAsAStream() throws {
        #expect(symlink("/dev/null", folder.file("null")) == 0)
        #expect(try prefs("export", "d", folder.file("null")).status == 0)
        #expect(fileType("null") == S_IFLNK)
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    /// A device node in the output's place stays a device (as root, `export d /dev/null` once
    /// replaced the system's `/dev/null` with a file).
    @Test(.enabled(if: Self.canMakeUsableDevice, "making a device node needs root, and a temporary folder not mounted nodev"))
    func deviceNodeStaysADevice() throws {
        let nullDevice: dev_t = (1 << 8) | 3  // major 1, minor 3
        #expect(mknod(folder.file("null"), S_IFCHR | 0o600, nullDevice) == 0)
        #expect(try prefs("export", "d", folder.file("null")).status == 0)
        #expect(try prefs("convert", home + "/d.plist", "-o", folder.file("null")).status == 0)
        #expect(fileType("null") == S_IFCHR)
    }

    /// Whether this process can make a null device node in a temporary folder and open it.
    static let canMakeUsableDevice: Bool = {
        guard geteuid() == 0 else { return false }
        let folder = TemporaryFolder()
        let nullDevice: dev_t = (1 << 8) | 3  // major 1, minor 3
        guard mknod(folder.file("null"), S_IFCHR | 0o600, nullDevice) == 0 else { return false }
        let descriptor = open(folder.file("null"), O_WRONLY)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }()

    /// A folder or a socket at OUT is refused, exit 4, and left as it was.
    @Test func folderAndSocketAreRefused() throws {
        try FileManager.default.createDirectory(atPath: folder.file("dir"), withIntermediateDirectories: false)
        let dir = try prefs("export", "d", folder.file("dir"))
        #expect(dir.status == 4 && dir.stderr.contains("is a folder"), "\(dir)")
        #expect(fileType("dir") == S_IFDIR)
        let bound = try Shell.sh(
            "cd '\(folder.path)' && python3 -c \"import socket; socket.socket(socket.AF_UNIX).bind('sock')\"", home: home)
        try #require(bound.status == 0, "\(bound)")
        let refused = try prefs("convert", home + "/d.plist", "-o", folder.file("sock"))
        #expect(refused.status == 4 && refused.stderr.contains("not a regular file"), "\(refused)")
        #expect(fileType("sock") == S_IFSOCK)
    }
}
