import Foundation
import Testing

/// Runs async `body` with a fresh temporary folder, removed afterwards.
func withScratch<Result>(_ body: (Scratch) async throws -> Result) async throws -> Result {
    var base = NSTemporaryDirectory()
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/prefs-tests-XXXXXX").utf8CString)
    guard let created = mkdtemp(&template) else { throw ScratchError("mkdtemp failed") }
    let path = String(cString: created)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(Scratch(path: path))
}

/// Whether `condition` holds within `seconds`, checked every 2 ms.
func eventually(within seconds: Double = 2, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return try condition()
}

/// The values an observing task has received so far, in order.
final class Received<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// The inotify watches this process holds on the folder at `path`, and the inotify descriptors
/// they belong to, from `/proc/self/fdinfo`.
func inotifyWatches(on path: String) throws -> (watches: Int, descriptors: Int) {
    var status = stat()
    guard stat(path, &status) == 0 else { throw ScratchError("cannot stat \(path)") }
    let inode = "ino:" + String(status.st_ino, radix: 16) + " "
    var watches = 0, descriptors = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name)) == "anon_inode:inotify",
              let info = try? String(contentsOfFile: "/proc/self/fdinfo/" + name, encoding: .utf8) else { continue }
        let count = info.split(separator: "\n").filter { $0.hasPrefix("inotify wd:") && $0.contains(inode) }.count
        watches += count
        if count > 0 { descriptors += 1 }
    }
    return (watches, descriptors)
}

/// The number of the process's threads named `name`.
func threads(named name: String) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").filter {
        (try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) == name
    }.count
}
