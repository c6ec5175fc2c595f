import Glibc
import PropertyLists
import SystemPackage

/// Whole files and standard input as bytes, for commands that read non-plist input.
enum InputFile {
    /// The bytes of `path`; `-` reads standard input.
    ///
    /// A named file must be a regular file (a FIFO or device is refused, never waited on), and
    /// no input may pass ``PropertyListLimits/maxInputSize``, so `/dev/zero` or an endless pipe
    /// cannot exhaust memory.
    ///
    /// The file is opened as every input is, never through a symbolic link another user could
    /// have planted (``FileBytes/open(_:displayName:)``).
    ///
    /// - Throws: ``PropertyListError`` or ``CLIError`` with status 1 when the file does not
    ///   exist, 3 when it cannot be opened or read, is not a regular file or is too large.
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : try FileBytes.open(path, displayName: path)
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        if descriptor != STDIN_FILENO, fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            throw CLIError(.unreadable, "\(path) is not a regular file; prefs reads files (or standard input: -)")
        }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try FileDescriptor(rawValue: descriptor).read(into: $0) }
            } catch {
                throw CLIError(.unreadable, "cannot read \(path): \(error)")
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            guard bytes.count <= PropertyListLimits.maxInputSize else {
                throw CLIError(.unreadable, "\(path) is more than \(PropertyListLimits.maxInputSize) bytes, the most prefs reads")
            }
        }
    }
}
