import Glibc

/// Whole files as bytes, for the formats that are parsed from memory (binary, JSON, old-style).
enum FileBytes {
    /// The bytes of the file at `path` (`-`: standard input), at most
    /// ``PropertyListLimits/maxInputSize``.
    ///
    /// - Throws: ``PropertyListError`` with code `.io` naming `displayName` and the system's
    ///   reason, or `.tooLarge` beyond the limit, checked before the file is read whole.
    static func read(_ path: String, displayName: String) throws(PropertyListError) -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PropertyListError(.io, file: displayName, "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR {
                throw PropertyListError(.io, file: displayName, "is a directory, not a property list file")
            }
            if (status.st_mode & S_IFMT) == S_IFREG, status.st_size > PropertyListLimits.maxInputSize {
                throw tooLarge(displayName, "is \(status.st_size) bytes")
            }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw PropertyListError(.io, file: displayName, "cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > PropertyListLimits.maxInputSize { throw tooLarge(displayName, "is more than \(PropertyListLimits.maxInputSize) bytes") }
        }
    }

    private static func tooLarge(_ displayName: String, _ size: String) -> PropertyListError {
        PropertyListError(.tooLarge, file: displayName,
            "the file \(size); prefs reads property lists of up to \(PropertyListLimits.maxInputSize) bytes")
    }
}
