import Configuration
import Foundation
import Preferences
import PreferencesConfiguration
import PropertyLists
import Synchronization
import TestSupport
import Testing

/// What a watcher has received so far, in order.
private final class Received<Element: Sendable & Equatable>: Sendable {
    private let elements = Mutex<[Element]>([])

    var all: [Element] { elements.withLock { $0 } }

    func append(_ element: Element) { elements.withLock { $0.append(element) } }
}

/// Replaces the file at `path` with `bytes` by rename, as an editor saving it would.
private func replace(_ path: String, with bytes: Data) throws {
    try bytes.write(to: URL(fileURLWithPath: path + ".new"))
    try #require(rename(path + ".new", path) == 0)
}

/// A watcher that never got its change would wait for ever: the time limit makes that a failure.
@Suite("Watching rides on prefs' own inotify watch", .timeLimit(.minutes(5)))
struct WatchTests {
    /// `prefs write` from another process reaches `ConfigReader.watchInt`, and a change to
    /// another key does not repeat the value.
    @Test func prefsWriteFromAnotherProcessReachesAValueWatcher() async throws {
        let home = PrefsHome()
        try home.prefs("write", "com.example.server", "http", "--json", #"{"port": 8080}"#)
        let config = ConfigReader(provider: try home.provider())
        let received = Received<Int?>()
        let watcher = Task {
            try await config.watchInt(forKey: "http.port") { updates in
                for await port in updates { received.append(port) }
            }
        }
        #expect(await eventually { received.all == [8080] }, "\(received.all)")
        try home.prefs("write", "com.example.server", "workers", "-int", "4")
        try home.prefs("write", "com.example.server", "--key-path", "http.port", "-int", "9090")
        #expect(await eventually { received.all == [8080, 9090] }, "\(received.all)")
        try home.prefs("delete", "com.example.server", "http")
        #expect(await eventually { received.all == [8080, 9090, nil] }, "\(received.all)")
        watcher.cancel()
        try await watcher.value
    }

    /// A snapshot watcher gets a new snapshot after `prefs write`, holding the new value.
    @Test func prefsWriteFromAnotherProcessReachesASnapshotWatcher() async throws {
        let home = PrefsHome()
        try home.prefs("write", "com.example.server", "workers", "-int", "4")
        let provider = try home.provider()
        let received = Received<ConfigValue?>()
        let watcher = Task {
            try await provider.watchSnapshot { updates in
                for await snapshot in updates { received.append(try snapshot.value(forKey: "workers", type: .int).value) }
            }
        }
        #expect(await eventually { received.all == [4] }, "\(received.all)")
        try home.prefs("write", "com.example.server", "workers", "-int", "8")
        #expect(await eventually { received.all == [4, 8] }, "\(received.all)")
        watcher.cancel()
        try await watcher.value
    }

    /// A change to the global domain or to an administrator's file, lower in the search list
    /// than the user's domain, reaches the watcher too.
    @Test func changeLowerInTheSearchListReachesTheWatcher() async throws {
        let home = PrefsHome()
        try home.writeAdministratorFile("com.example.server", ["workers": 4])
        let provider = try home.provider()
        let received = Received<Bool?>()
        let watcher = Task {
            try await ConfigReader(provider: provider).watchBool(forKey: "tls") { updates in
                for await value in updates { received.append(value) }
            }
        }
        #expect(await eventually { received.all == [nil] }, "\(received.all)")
        try home.prefs("write", "-g", "tls", "-bool", "true")
        #expect(await eventually { received.all == [nil, true] }, "\(received.all)")
        try home.writeAdministratorFile("com.example.server", ["workers": 4, "tls": false])  // above the global domain
        #expect(await eventually { received.all == [nil, true, false] }, "\(received.all)")
        watcher.cancel()
        try await watcher.value
    }

    /// A domain file caught unreadable is an error element, and watching goes on: the value
    /// comes back once the file reads again.
    @Test func unreadableFileIsAnErrorElementAndWatchingGoesOn() async throws {
        let home = PrefsHome()
        try home.prefs("write", "com.example.server", "workers", "-int", "4")
        let provider = try home.provider()
        let received = Received<String>()
        let watcher = Task {
            try await provider.watchValue(forKey: "workers", type: .int) { updates in
                for await update in updates {
                    switch update {
                    case .success(let result): received.append(result.value?.description ?? "nil")
                    case .failure(let error): received.append("\((error as? PreferenceError)?.code == .unreadable ? "unreadable" : "\(error)")")
                    }
                }
            }
        }
        #expect(await eventually { received.all == ["[int: 4]"] }, "\(received.all)")
        let path = home.home + "/com.example.server.plist"
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        try replace(path, with: Data("<plist>".utf8))
        #expect(await eventually { received.all == ["[int: 4]", "unreadable"] }, "\(received.all)")
        try replace(path, with: good)
        try home.prefs("write", "com.example.server", "workers", "-int", "5")
        #expect(await eventually { received.all.last == "[int: 5]" }, "\(received.all)")
        watcher.cancel()
        try await watcher.value
    }
}
