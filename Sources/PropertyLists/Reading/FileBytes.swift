import Glibc
import SystemPackage

/// Whole files as bytes, for the formats that are parsed from memory (binary, JSON, old-style),
/// and for ``CanonicalXMLDocument``.
public enum FileBytes {
    /// The bytes of the file at `path` (`-`: standard input), at most
    /// ``PropertyListLimits/maxInputSize``.
    ///
    /// - Throws: ``PropertyListError`` with code `.io` naming `displayName` and the system's
    ///   reason, or `.tooLarge` beyond the limit, checked before the file is read whole.
    static func read(_ path: String, displayName: String) throws(PropertyListError) -> [UInt8] {
        guard path != "-" else { return try read(descriptor: STDIN_FILENO, displayName: displayName) }
        let descriptor = try DocumentInput.open(path, displayName: displayName)
        defer { close(descriptor) }
        return try read(descriptor: descriptor, displayName: displayName)
    }

    /// Opens the file at `path` for reading without blocking, never through a symbolic link
    /// another user could have planted (``TrustedPath``); the caller checks its type and closes it.
    ///
    /// - Throws: ``PropertyListError`` with code `.io` naming `displayName` and the reason.
    package static func open(_ path: String, displayName: String) throws(PropertyListError) -> Int32 {
        try DocumentInput.open(path, displayName: displayName)
    }

    /// The bytes of the file open at `descriptor`, from its current offset, at most
    /// ``PropertyListLimits/maxInputSize``; the descriptor stays open.
    ///
    /// - Throws: ``PropertyListError`` with code `.io` naming `displayName` and the system's
    ///   reason, `.tooLarge` beyond the limit, or `.systemLimit` when a memory limit leaves no
    ///   room for the bytes, checked before they are allocated.
    public static func read(descriptor: Int32, displayName: String) throws(PropertyListError) -> [UInt8] {
        let expected = try DocumentInput.checkType(of: descriptor, displayName: displayName) ?? 0
        try MemoryRoom.check(forFileOf: expected + 1, fileName: displayName)
        // Read straight into the array: the file's size ahead (one byte more, to see the end in
        // the same read), then in growing steps for pipes and files that grow.
        var bytes = [UInt8](repeating: 0, count: expected + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                // Growing copies: the old bytes and the new array, twice as long, at once.
                try MemoryRoom.check(forFileOf: bytes.count * 3, fileName: displayName)
                bytes += repeatElement(0, count: max(1 << 16, bytes.count))
            }
            let count: Int
            do {
                count = try bytes.withUnsafeMutableBytes { try FileDescriptor(rawValue: descriptor).read(into: .init(rebasing: $0[filled...])) }
            } catch {
                throw PropertyListError(.io, file: displayName, "cannot read: \(error)", cause: error as? Errno)
            }
            if count == 0 {
                bytes.removeLast(bytes.count - filled)
                return bytes
            }
            filled += count
            if filled > PropertyListLimits.maxInputSize { throw tooLarge(displayName, "is more than \(PropertyListLimits.maxInputSize) bytes") }
        }
    }

    private static func tooLarge(_ displayName: String, _ size: String) -> PropertyListError {
        PropertyListError(
            .tooLarge, file: displayName,
            "the file \(size); prefs reads property lists of up to \(PropertyListLimits.maxInputSize) bytes")
    }
}
