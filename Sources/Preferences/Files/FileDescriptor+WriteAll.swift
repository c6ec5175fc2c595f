import SystemPackage

extension FileDescriptor {
    /// Writes all of `bytes`, going on after short writes and interruptions.
    ///
    /// swift-system's own `writeAll` is generic over `Sequence`, and checking that requirement
    /// at run time costs a process about 200,000 instructions at its first write (callgrind),
    /// a fifth of a whole `prefs read`; this one calls the non-generic `write` only.
    ///
    /// - Throws: The `Errno` of a failed write.
    package func write(all bytes: UnsafeRawBufferPointer) throws {
        var rest = bytes
        while !rest.isEmpty {
            let written = try write(rest)
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
    }

    /// Writes all of `bytes`, as ``write(all:)-(UnsafeRawBufferPointer)`` does.
    package func write(all bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write(all: $0) }
    }
}
