import Glibc

/// Reads whole files with POSIX calls, refusing anything larger than the reader accepts.
enum FileContents {
    /// The bytes of the file at `path`.
    ///
    /// - Parameters:
    ///   - path: The file; `-` means standard input.
    ///   - displayName: How errors name the file.
    /// - Throws: ``PropertyListError`` with code `.io` naming the file and the system's reason,
    ///   or `.tooLarge` beyond ``PropertyListLimits/maxInputSize``.
    static func read(_ path: String, displayName: String) throws(PropertyListError) -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PropertyListError(.io, file: displayName, "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw PropertyListError(.io, file: displayName, "is a directory, not a property list file")
        }
        let limit = PropertyListLimits.maxInputSize
        var bytes = [UInt8]()
        if (status.st_mode & S_IFMT) == S_IFREG {
            guard status.st_size <= limit else {
                throw PropertyListError(.tooLarge, file: displayName,
                    "the file is \(status.st_size) bytes; prefs reads property lists of up to \(limit) bytes")
            }
            bytes.reserveCapacity(Int(status.st_size) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PropertyListError(.io, file: displayName, "cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                throw PropertyListError(.tooLarge, file: displayName,
                    "the file is larger than \(limit) bytes, the most prefs reads")
            }
        }
        return bytes
    }
}
