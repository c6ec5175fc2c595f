import Foundation

/// How long a test waits for something that should happen soon: a change reaching an observer, a
/// watcher printing a line.
///
/// It bounds a hang, it does not time anything: latency is measured by the benchmarks.
public let patience: Double = 30

/// Whether `condition` holds within `seconds` and at least 1,000 checks, 2 ms apart, checked in
/// the caller's isolation (a `@MainActor` test's condition may read main-actor state).
///
/// The whole suite runs on a pool of two threads, which tests that block (running processes,
/// waiting for locks) can hold for many seconds, stalling every task at once, the one that should
/// make `condition` true too. Counting checks as well as seconds gives that task its turns however
/// long such a stall lasts.
public func eventually(
    isolation: isolated (any Actor)? = #isolation, within seconds: Double = patience, _ condition: () throws -> Bool
) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var checks = 0
    while Date() < deadline || checks < 1_000 {
        if try condition() { return true }
        checks += 1
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return false
}
