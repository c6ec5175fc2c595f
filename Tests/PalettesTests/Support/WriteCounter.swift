import Glibc

/// Counts the times a file is replaced, by watching its folder with inotify.
///
/// `AtomicFile` writes a temporary file and renames it over the domain file, or links it in
/// under the file's name when there is no file yet, so each write is exactly one `IN_MOVED_TO`
/// or `IN_CREATE` event naming the file: a count that cannot miss or double a write, however
/// close together two writes come.
final class WriteCounter {
    private let descriptor: Int32
    private let name: String
    private var seen = 0

    /// Starts watching `folder` for files renamed or linked to `name`.
    init(folder: String, name: String) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError(message: "inotify_init1: \(String(cString: strerror(errno)))") }
        guard inotify_add_watch(descriptor, folder, UInt32(IN_MOVED_TO | IN_CREATE)) >= 0 else {
            close(descriptor)
            throw WatchError(message: "inotify_add_watch \(folder): \(String(cString: strerror(errno)))")
        }
        self.name = name
    }

    deinit { close(descriptor) }

    /// How many times the file has been replaced since watching began.
    var writes: Int {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<(nameStart + length)].prefix { $0 != 0 }
                if mask & UInt32(IN_MOVED_TO | IN_CREATE) != 0, String(decoding: nameBytes, as: UTF8.self) == name { seen += 1 }
                offset = nameStart + length
            }
        }
        return seen
    }

    struct WatchError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
