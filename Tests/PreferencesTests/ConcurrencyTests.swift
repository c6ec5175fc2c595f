import Foundation
import Preferences
import PropertyLists
import TestSupport
import Testing

/// Every change is a locked read-modify-write of the file, so writers of different keys never
/// lose each other's updates, whether they are threads or processes.
@Suite("Concurrent writers lose no update")
struct ConcurrencyTests {
    /// The built `prefs` executable beside the test runner, when there is one.
    static let prefsExecutable: String? = {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0])
        for folder in [runner.deletingLastPathComponent(), runner.resolvingSymlinksInPath().deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("prefs").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Runs `body(index)` on `count` threads at once and returns the errors they threw.
    private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [String] {
        let errors = Locked<[String]>([])
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                defer { group.leave() }
                do { try body(index) } catch { errors.withLock { $0.append("thread \(index): \(error)") } }
            }.start()
        }
        group.wait()
        return errors.withLock { $0 }
    }

    @Test func eightThreadsWithTheirOwnStoresWritingFiftyKeysEachLoseNothing() throws {
        try withScratch { scratch throws in
            let errors = onThreads(8) { thread in
                let store = try scratch.store()
                for key in 0..<50 { try store.set(thread * 1000 + key, forKey: "t\(thread)-k\(key)") }
            }
            #expect(errors == [])
            let domain = try #require(try scratch.store().persistentDomain(forName: "com.example.editor"))
            #expect(domain.count == 400)
            for thread in 0..<8 {
                for key in 0..<50 { #expect(domain["t\(thread)-k\(key)"] == .integer(PropertyListInteger(thread * 1000 + key))) }
            }
            #expect(try scratch.names() == ["com.example.editor.plist"])
        }
    }

    @Test func threadsSharingOneStoreInstanceLoseNothing() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            let errors = onThreads(4) { thread in
                for key in 0..<25 {
                    try store.set(key, forKey: "t\(thread)-k\(key)")
                    let read = try store.integer(forKey: "t\(thread)-k\(key)")
                    if read != key { throw ScratchError("t\(thread)-k\(key) read back as \(read)") }
                }
            }
            #expect(errors == [])
            #expect(try scratch.store().persistentDomain(forName: "com.example.editor")?.count == 100)
        }
    }

    @Test func concurrentIncrementsThroughUpdateAreAllCounted() throws {
        try withScratch { scratch throws in
            let errors = onThreads(6) { _ in
                let store = try scratch.store()
                for _ in 0..<20 {
                    try store.update { values in
                        values["counter"] = .integer(PropertyListInteger(Coerce.integer(values["counter"]) + 1))
                    }
                }
            }
            #expect(errors == [])
            #expect(try scratch.store().integer(forKey: "counter") == 120)
        }
    }

    @Test(.enabled(if: ConcurrencyTests.prefsExecutable != nil, "the prefs executable is not beside the test runner"))
    func prefsProcessesAndLibraryThreadsWritingTogetherLoseNothing() throws {
        try withScratch { scratch throws in
            let prefs = try #require(Self.prefsExecutable)
            // One shell per writer, started from its own thread: a `&` + `wait` script hangs
            // under the test runner, whose children inherit a blocked SIGCHLD.
            let shells = Locked<[CommandResult]>([])
            let errors = onThreads(7) { thread in
                if thread >= 3 {
                    let n = thread - 2
                    let script = "for i in $(seq 1 25); do \"$PREFS\" write com.example.editor p\(n)-k$i -int $i || exit 1; done"
                    let result = try Shell.run("/bin/sh", ["-c", script], environment: ["PREFS": prefs, "PREFS_HOME": scratch.path])
                    shells.withLock { $0.append(result) }
                    return
                }
                let store = try scratch.store()
                for key in 0..<25 { try store.set(key, forKey: "lib\(thread)-k\(key)") }
            }
            let results = shells.withLock { $0 }
            #expect(results.count == 4)
            for result in results { #expect(result.status == 0, "\(result)") }
            #expect(errors == [])
            let domain = try #require(try scratch.store().persistentDomain(forName: "com.example.editor"))
            #expect(domain.count == 175)
            for n in 1...4 {
                for i in 1...25 { #expect(domain["p\(n)-k\(i)"] == .integer(PropertyListInteger(i))) }
            }
        }
    }
}

/// The integer conversion the tests need without reaching into the library's internals.
private enum Coerce {
    static func integer(_ value: PropertyList?) -> Int {
        guard case .integer(let integer)? = value, let exact = integer.int64Value else { return 0 }
        return Int(exact)
    }
}
