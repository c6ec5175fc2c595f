import Foundation

/// A fresh folder under the system's temporary folder, removed when released.
public final class TemporaryFolder: @unchecked Sendable {
    /// The folder's path.
    public let path: String

    /// Creates the folder.
    public init() {
        var template = Array((NSTemporaryDirectory() + "prefs-test-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { fatalError("mkdtemp failed: \(String(cString: strerror(errno)))") }
        path = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/name`.
    public func file(_ name: String) -> String { path + "/" + name }

    /// The bytes of `path/name`, or `nil` when it does not exist.
    public func bytes(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map { [UInt8]($0) }
    }

    /// Writes `text` to `path/name`.
    public func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    /// The names in the folder, sorted.
    public func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}
