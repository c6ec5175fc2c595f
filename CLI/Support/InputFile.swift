import Glibc

/// Whole files and standard input as bytes, for commands that read non-plist input.
enum InputFile {
    /// The bytes of `path`; `-` reads standard input.
    ///
    /// - Throws: ``CLIError`` with status 1 when the file does not exist, 3 when it cannot be read.
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CLIError(errno == ENOENT ? .notFound : .unreadable, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw CLIError(.unreadable, "cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}
