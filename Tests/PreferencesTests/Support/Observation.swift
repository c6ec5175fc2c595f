import Foundation
import Testing

/// Runs async `body` with a fresh temporary folder, removed afterwards, in the caller's isolation.
func withScratch<Result>(isolation: isolated (any Actor)? = #isolation, _ body: (Scratch) async throws -> Result) async throws -> Result {
    var base = NSTemporaryDirectory()
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/prefs-tests-XXXXXX").utf8CString)
    guard let created = mkdtemp(&template) else { throw ScratchError("mkdtemp failed") }
    let path = String(cString: created)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(Scratch(path: path))
}

/// The values an observing task has received so far, in order.
final class Received<Value: Sendable>: Sendable, CustomStringConvertible {
    private let values = Locked<[Value]>([])
    private let ending = Locked<String?>(nil)

    /// Starts a task that receives `sequence`, keeping the error that ends it, if any.
    func observe<Sequence: AsyncSequence & Sendable>(_ sequence: Sequence) -> Task<Void, any Error> where Sequence.Element == Value {
        Task {
            do {
                for try await value in sequence { values.withLock { $0.append(value) } }
            } catch {
                ending.withLock { $0 = "ended by \(error)" }
                throw error
            }
        }
    }

    var all: [Value] { values.withLock { $0 } }

    /// What was received, and the error that ended the sequence: for failure messages.
    var description: String { "received \(all)" + (ending.withLock { $0 }.map { ", " + $0 } ?? "") }
}

/// The inotify watches this process holds on the folder at `path`, and the inotify descriptors
/// they belong to, from `/proc/self/fdinfo`.
func inotifyWatches(on path: String) throws -> (watches: Int, descriptors: Int) {
    var status = stat()
    guard stat(path, &status) == 0 else { throw ScratchError("cannot stat \(path)") }
    let inode = "ino:" + String(status.st_ino, radix: 16) + " "
    var watches = 0
    var descriptors = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name)) == "anon_inode:inotify",
            let info = try? String(contentsOfFile: "/proc/self/fdinfo/" + name, encoding: .utf8)
        else { continue }
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
