import Foundation
import Preferences
import PropertyLists
import Synchronization
import TestSupport
import Testing

/// A fresh folder made by `mkdtemp(3)` for one test, with helpers to open stores on it and to
/// look at the files in it. Made and removed by ``withScratch(_:)``; nothing is shared between tests.
struct Scratch {
    /// The folder's path.
    let path: String

    /// The folder as a preferences folder.
    var folder: PreferencesFolder { PreferencesFolder(path: path) }

    /// A new store instance on `domain` in this folder, with an argument domain made from
    /// `arguments` only (never the test runner's own command line).
    func store(_ domain: String = "com.example.editor", arguments: [String] = ["tests"]) throws(PreferenceError) -> PreferenceStore {
        try PreferenceStore(domain: domain, folder: folder, arguments: arguments)
    }

    /// The path of `domain`'s file.
    func domainPath(_ domain: String = "com.example.editor") -> String { path + "/" + domain + ".plist" }

    /// `path/name`.
    func file(_ name: String) -> String { path + "/" + name }

    /// The names in the folder, sorted.
    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    /// The bytes of the file at `path`, or `nil` when there is none.
    func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

    /// Writes `text` to the file at `path`, replacing it.
    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}

/// Runs `body` with a fresh temporary folder, removed afterwards.
func withScratch<Result>(_ body: (Scratch) throws -> Result) throws -> Result {
    var base = NSTemporaryDirectory()
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/prefs-tests-XXXXXX").utf8CString)
    guard let created = mkdtemp(&template) else {
        throw ScratchError("mkdtemp failed: \(String(cString: strerror(errno)))")
    }
    let path = String(cString: created)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(Scratch(path: path))
}

/// A failure of the test harness itself, not of the code under test.
struct ScratchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The Python that the tests use as an independent property list reader and writer.
let python = "/usr/bin/python3"

/// Runs a Python script with `arguments` as `sys.argv[1...]`.
func runPython(_ script: String, _ arguments: [String] = []) throws -> CommandResult {
    try Shell.run(python, ["-c", script] + arguments)
}

/// The property list file at `path` as Python's `plistlib` reads it, printed as JSON with sorted
/// keys: reals as `{"real": repr}`, data as `{"data": hex}`, dates as `{"date": ISO 8601}`.
func pythonReading(_ path: String) throws -> String {
    let script = """
        import datetime, json, plistlib, sys
        def plain(v):
            if isinstance(v, bool) or isinstance(v, int) or isinstance(v, str): return v
            if isinstance(v, float): return {"real": repr(v)}
            if isinstance(v, bytes): return {"data": v.hex()}
            if isinstance(v, datetime.datetime): return {"date": v.strftime("%Y-%m-%dT%H:%M:%SZ")}
            if isinstance(v, list): return [plain(x) for x in v]
            if isinstance(v, dict): return {k: plain(x) for k, x in v.items()}
            raise TypeError(type(v))
        with open(sys.argv[1], "rb") as f:
            print(json.dumps(plain(plistlib.load(f)), sort_keys=True))
        """
    let result = try runPython(script, [path])
    guard result.status == 0 else { throw ScratchError("plistlib could not read \(path):\n\(result)") }
    return result.stdout.trimmingCharacters(in: .newlines)
}

/// The `PreferenceError` that `body` throws, or `nil` when it returns. Any other error is
/// recorded as a test failure.
func preferenceError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> PreferenceError? {
    do {
        try body()
        return nil
    } catch let error as PreferenceError {
        return error
    } catch {
        Issue.record("expected a PreferenceError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A value shared between threads: a `Mutex` in a class, so escaping closures can capture it.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, under the lock.
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { body(&$0) }
    }
}
