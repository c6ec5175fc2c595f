import Glibc
import SystemPackage

/// The bytes of one document, for libxml2 to pull as it parses: a buffer in memory, or a file
/// read chunk by chunk on demand, so that a file is never held whole and memory stays flat
/// however large it is.
final class DocumentInput {
    /// How many bytes are read ahead to tell the document's format.
    private static let headSize = 4096

    private let descriptor: Int32?
    private let closesDescriptor: Bool
    private let displayName: String?
    /// The document's first bytes (memory input: all of it), owned when read from a file.
    let head: UnsafeRawBufferPointer
    private let ownedHead: UnsafeMutableRawBufferPointer?
    /// How much of `head` has been handed out.
    private var headOffset = 0
    private var total = 0
    /// Whether a read has met the end of the file, after which none is made again: a second
    /// read at the end would cost a system call per file, and block on a terminal.
    private var reachedEnd = false
    /// Why the input failed part way, if it did: a read error or a file over the size limit.
    private(set) var failure: PropertyListError?
    /// The document's size when known ahead: the bytes in memory, or a regular file's size.
    let size: Int?

    /// An input over `bytes`, which must outlive it.
    init(_ bytes: UnsafeRawBufferPointer, displayName: String?) {
        descriptor = nil
        closesDescriptor = false
        self.displayName = displayName
        head = bytes
        ownedHead = nil
        total = bytes.count
        size = bytes.count
        if bytes.count > PropertyListLimits.maxInputSize { failure = Self.tooLarge(displayName, "is \(bytes.count) bytes") }
    }

    /// Opens the file at `path` (`-`: standard input) and reads its first bytes.
    ///
    /// The file is opened without blocking and must be a regular file (standard input may be
    /// anything), so a FIFO or device named as a property list is refused instead of hanging.
    ///
    /// - Throws: ``PropertyListError`` with code `.io` naming the file and the system's reason,
    ///   or `.tooLarge` beyond ``PropertyListLimits/maxInputSize``.
    convenience init(contentsOf path: String, displayName: String) throws(PropertyListError) {
        guard path != "-" else {
            try self.init(descriptor: STDIN_FILENO, closing: false, displayName: displayName)
            return
        }
        try self.init(descriptor: Self.open(path, displayName: displayName), closing: true, displayName: displayName)
    }

    /// Opens the file at `path` for reading without blocking, through ``TrustedPath`` (never
    /// through a symbolic link another user could have planted); its reader checks it is one
    /// it takes (``checkType(of:displayName:)``).
    ///
    /// - Returns: The open descriptor, which the caller closes.
    /// - Throws: ``PropertyListError`` with code `.io` naming the file and the system's reason
    ///   (a link not followed: permission denied), or `.systemLimit` when no descriptor is left.
    static func open(_ path: String, displayName: String) throws(PropertyListError) -> Int32 {
        do {
            return try TrustedPath.open(path, file: true)
        } catch {
            switch error {
            case .untrusted(let name, let folder):
                throw PropertyListError(
                    .io, file: displayName, "cannot open: " + TrustedPath.untrustedMessage(path, name: name, folder: folder),
                    cause: .permissionDenied)
            case .system(let code), .creating(_, let code):
                let limited = code == EMFILE || code == ENFILE || code == ENOMEM
                throw PropertyListError(
                    limited ? .systemLimit : .io, file: displayName,
                    "cannot open: \(Errno(rawValue: code))\(limited ? " (a system limit: raise it, e.g. ulimit -n)" : "")",
                    cause: Errno(rawValue: code))
            }
        }
    }

    /// Reads the file open at `descriptor` from its current offset, which must be a regular file
    /// unless it is standard input.
    ///
    /// - Parameters:
    ///   - closing: Whether the input closes the descriptor when done (also when this
    ///     initializer throws).
    /// - Throws: As ``init(contentsOf:displayName:)``.
    init(descriptor: Int32, closing: Bool, displayName: String) throws(PropertyListError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.headSize, alignment: 1)
        let count: Int
        do {
            size = try Self.checkType(of: descriptor, displayName: displayName)
            count = try Self.fill(buffer, from: descriptor, displayName: displayName)
        } catch {
            buffer.deallocate()
            if closing { close(descriptor) }
            throw error
        }
        self.descriptor = descriptor
        self.closesDescriptor = closing
        self.displayName = displayName
        ownedHead = buffer
        head = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<count])
        total = count
        // The head is filled until the file ends or the head is full.
        reachedEnd = count < Self.headSize
    }

    deinit {
        if let descriptor, closesDescriptor { close(descriptor) }
        ownedHead?.deallocate()
    }

    /// Fills as much of `buffer` as the input has next.
    ///
    /// - Returns: The number of bytes, 0 at the end, -1 on failure (see ``failure``).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard failure == nil else { return -1 }
        if headOffset < head.count {
            let count = Swift.min(buffer.count, head.count - headOffset)
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: head[headOffset..<headOffset + count]))
            headOffset += count
            return count
        }
        guard descriptor != nil, !reachedEnd else { return 0 }
        let count = readFile(into: buffer)
        if count == 0 { reachedEnd = true }
        if count > 0 {
            total += count
            if total > PropertyListLimits.maxInputSize {
                failure = Self.tooLarge(displayName, "is more than \(PropertyListLimits.maxInputSize) bytes")
                return -1
            }
        }
        return count
    }

    /// Whether the input has bytes not handed out yet, for a parse that ended before them;
    /// a file is read for them.
    func hasUnreadBytes() -> Bool {
        if headOffset < head.count { return true }
        var byte: UInt8 = 0
        return withUnsafeMutableBytes(of: &byte) { read(into: $0) } != 0
    }

    private func readFile(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let descriptor else { return 0 }
        do {
            return try Self.read(descriptor, into: buffer, displayName: displayName)
        } catch {
            failure = error
            return -1
        }
    }

    /// Refuses what is not a regular file (standard input excepted), and a regular file larger
    /// than the reader accepts.
    ///
    /// - Returns: The size of a regular file, `nil` for anything else.
    static func checkType(of descriptor: Int32, displayName: String) throws(PropertyListError) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw PropertyListError(.io, file: displayName, "cannot examine: \(Errno(rawValue: errno))", cause: Errno(rawValue: errno))
        }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR {
            throw PropertyListError(.io, file: displayName, "is a directory, not a property list file", cause: .isDirectory)
        }
        if type != S_IFREG, descriptor != STDIN_FILENO {
            let kind = type == S_IFIFO ? "a FIFO (named pipe)" : type == S_IFSOCK ? "a socket" : "a device"
            throw PropertyListError(
                .unsupportedFormat, file: displayName,
                "is \(kind), not a regular file; prefs reads property lists from regular files (or from standard input: -)")
        }
        if type == S_IFREG, status.st_size > PropertyListLimits.maxInputSize {
            throw tooLarge(displayName, "is \(status.st_size) bytes")
        }
        return type == S_IFREG ? Int(status.st_size) : nil
    }

    /// Reads until `buffer` is full or the file ends, and returns the count.
    private static func fill(
        _ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32,
        displayName: String
    ) throws(PropertyListError) -> Int {
        var count = 0
        while count < buffer.count {
            let read = try read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]), displayName: displayName)
            if read == 0 { break }
            count += read
        }
        return count
    }

    private static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer,
        displayName: String?
    ) throws(PropertyListError) -> Int {
        do {
            return try FileDescriptor(rawValue: descriptor).read(into: buffer)
        } catch {
            throw PropertyListError(.io, file: displayName, "cannot read: \(error)", cause: error as? Errno)
        }
    }

    private static func tooLarge(_ displayName: String?, _ size: String) -> PropertyListError {
        PropertyListError(
            .tooLarge, file: displayName,
            "the file \(size); prefs reads property lists of up to \(PropertyListLimits.maxInputSize) bytes")
    }
}
