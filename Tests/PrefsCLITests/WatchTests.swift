import Foundation
import Preferences
import Synchronization
import TestSupport
import Testing

/// Text shared between the thread that reads a pipe and the test.
private final class SharedText: Sendable {
    private let text = Mutex("")

    func append(_ more: String) { text.withLock { $0 += more } }
    func clear() { text.withLock { $0 = "" } }
    var value: String { text.withLock { $0 } }
}

/// A running `prefs watch`, its standard output collected as it arrives.
private final class RunningWatch: Sendable {
    let process: Process
    private let output = SharedText()
    private let errors = SharedText()

    init(_ arguments: String, home: String) throws {
        let started = try Shell.start("exec \"$PREFS\" watch \(arguments)", home: home)
        process = started.process
        started.stdout.fileHandleForReading.readabilityHandler = { [output] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            output.append(text)
        }
        started.stderr.fileHandleForReading.readabilityHandler = { [errors] handle in
            errors.append(String(decoding: handle.availableData, as: UTF8.self))
        }
    }

    /// What the watcher printed on standard error so far.
    var stderr: String { errors.value }

    var lines: [String] { output.value.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// Writes `ready=N` until the watcher prints it, so later changes are known to be watched;
    /// then forgets what was printed.
    func waitUntilWatching(home: String) throws {
        let deadline = Date().addingTimeInterval(patience)
        var round = 0
        while Date() < deadline {
            round += 1
            _ = try Shell.prefs(["write", "d", "ready", "-int", String(round)], home: home)
            if try waitFor({ $0.contains { $0.hasPrefix("ready") || $0.contains("\"ready\"") } }, seconds: 0.2) {
                output.clear()
                return
            }
        }
        throw CocoaError(.fileReadUnknown)
    }

    /// Whether the printed lines satisfy `condition` within `seconds`.
    func waitFor(_ condition: ([String]) -> Bool, seconds: Double = patience) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(lines) { return true }
            usleep(2_000)
        }
        return condition(lines)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

@Suite("prefs watch and library observers across processes", .serialized, .timeLimit(.minutes(10)))
struct WatchTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    /// A parent of the folder renamed and made again, or a link to the folder pointed at
    /// another, leaves the watch on the old folder, which inotify does not report: `watch`
    /// follows the path, and prints the changes made in the folder it leads to now.
    @Test(arguments: ["renamed parent", "retargeted link"])
    func watchFollowsItsPathWhenAParentIsReplaced(how: String) throws {
        let link = folder.file("link")
        try FileManager.default.createDirectory(atPath: folder.file("a/prefs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("other"), withIntermediateDirectories: true)
        if how == "retargeted link" { try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.file("a/prefs")) }
        let home = how == "renamed parent" ? folder.file("a/prefs") : link
        let watch = try RunningWatch("d", home: home)
        defer { watch.stop() }
        try watch.waitUntilWatching(home: home)
        if how == "renamed parent" {
            try FileManager.default.moveItem(atPath: folder.file("a"), toPath: folder.file("a.old"))
            try FileManager.default.createDirectory(atPath: folder.file("a/prefs"), withIntermediateDirectories: true)
        } else {
            try FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.file("other"))
        }
        #expect(try Shell.prefs(["write", "d", "after", "moved"], home: home).status == 0)
        #expect(try watch.waitFor { $0.contains("after\tmoved") }, "\(watch.lines) \(watch.stderr)")
    }

    @Test func watchPrintsKeyTabValueForEachChangeByAnotherProcess() throws {
        let watch = try RunningWatch("d", home: home)
        defer { watch.stop() }
        try watch.waitUntilWatching(home: home)
        #expect(try Shell.prefs(["write", "d", "k", "hello world"], home: home).status == 0)
        #expect(try watch.waitFor { $0 == ["k\thello world"] }, "\(watch.lines)")
        #expect(try Shell.prefs(["write", "d", "list", "-array", "a", "b"], home: home).status == 0)
        #expect(try watch.waitFor { $0 == ["k\thello world", "list\t[\"a\",\"b\"]"] }, "\(watch.lines)")
        #expect(try Shell.prefs(["delete", "d", "k"], home: home).status == 0)
        #expect(try watch.waitFor { $0 == ["k\thello world", "list\t[\"a\",\"b\"]", "k\t"] }, "\(watch.lines)")
    }

    @Test func watchOfOneKeyInJSONPrintsOnlyThatKey() throws {
        let watch = try RunningWatch("d ready --json", home: home)
        defer { watch.stop() }
        try watch.waitUntilWatching(home: home)
        #expect(try Shell.prefs(["write", "d", "other", "-int", "1"], home: home).status == 0)
        #expect(try Shell.prefs(["write", "d", "ready", "-string", "yes"], home: home).status == 0)
        #expect(try watch.waitFor { $0 == [#"{"key":"ready","value":"yes"}"#] }, "\(watch.lines)")
        #expect(try Shell.prefs(["delete", "d", "ready"], home: home).status == 0)
        #expect(try watch.waitFor { $0 == [#"{"key":"ready","value":"yes"}"#, #"{"key":"ready","value":null}"#] }, "\(watch.lines)")
    }

    /// Backslashes, tabs, line breaks and other control characters in keys and values are escaped, one line per change.
    @Test func watchEscapesControlCharactersAndBackslashesInKeysAndValues() throws {
        let watch = try RunningWatch("d", home: home)
        defer { watch.stop() }
        try watch.waitUntilWatching(home: home)
        #expect(try Shell.prefs(["write", "d", "a\tb", "-string", "x\ny\\z\r"], home: home).status == 0)
        #expect(try watch.waitFor { $0 == [#"a\tb"# + "\t" + #"x\ny\\z\r"#] }, "\(watch.lines)")
        #expect(try Shell.prefs(["write", "d", "list", "-array", "p\tq", "-string", #"r\s"#], home: home).status == 0)
        #expect(try watch.waitFor { $0.last == "list\t" + #"["p\\tq","r\\\\s"]"# }, "\(watch.lines)")
        #expect(try Shell.prefs(["write", "d", "delete", "\u{7F}\u{85}"], home: home).status == 0)
        #expect(try watch.waitFor { $0.last == "delete\t" + #"\x7F\u0085"# }, "\(watch.lines)")
        let decoded = try Shell.sh(#"printf '%b|%b' 'a\tb' 'x\ny\\z\r'"#, home: home).stdout
        #expect(decoded == "a\tb|x\ny\\z\r")
    }

    /// A domain file another process leaves unreadable for a while is a warning once per episode; watching goes on.
    @Test func watchOutlivesADomainFileCaughtUnreadable() throws {
        try folder.write("<plist><dict><key>k</key><string>back</string></dict></plist>", to: "valid.plist")
        let watch = try RunningWatch("d", home: home)
        defer { watch.stop() }
        try watch.waitUntilWatching(home: home)
        let garbage = #"printf 'garbage' > "$PREFS_HOME/d.plist""#
        let valid = #"cat "$PREFS_HOME/valid.plist" > "$PREFS_HOME/d.plist""#
        for episode in 1...2 {
            #expect(try Shell.sh(garbage, home: home).status == 0)
            #expect(try watch.waitFor { _ in watch.stderr.components(separatedBy: "warning: ").count - 1 == episode }, "\(watch.stderr)")
            #expect(try Shell.sh(#"printf '<plist><dict>' > "$PREFS_HOME/d.plist""#, home: home).status == 0)
            #expect(try Shell.sh(valid, home: home).status == 0)
            #expect(try watch.waitFor { _ in watch.stderr.components(separatedBy: "note: the domain d reads again").count - 1 == episode }, "\(watch.stderr)")
        }
        #expect(watch.stderr.components(separatedBy: "warning: ").count - 1 == 2, "\(watch.stderr)")
        #expect(watch.process.isRunning)
        #expect(try Shell.prefs(["write", "d", "after", "yes"], home: home).status == 0)
        #expect(try watch.waitFor { $0.contains("k\tback") && $0.last == "after\tyes" }, "\(watch.lines)")
    }

    @Test func watchWithoutADomainIsAUsageError() throws {
        let result = try Shell.prefs(["watch"], home: home)
        #expect(result.status == 2)
        #expect(result.stderr.contains("give DOMAIN (or -g) and at most one KEY"))
    }

    @Test func libraryObserverSeesAWriteByThePrefsBinary() async throws {
        let store = try PreferenceStore(domain: "d", folder: PreferencesFolder(path: home), arguments: [])
        let key = PreferenceKey("size", default: 0)
        let seen = SeenValues()
        let observer = Task { for try await size in store.updates(for: key) { seen.append(size) } }
        #expect(await eventually { !seen.all.isEmpty })
        #expect(try Shell.prefs(["write", "d", "size", "-int", "9"], home: home).status == 0)
        #expect(await eventually { seen.all == [0, 9] }, "\(seen.all)")
        observer.cancel()
        try await observer.value
    }
}

/// Values an observing task has received.
private final class SeenValues: Sendable {
    private let values = Mutex<[Int]>([])

    func append(_ value: Int) { values.withLock { $0.append(value) } }
    var all: [Int] { values.withLock { $0 } }
}
