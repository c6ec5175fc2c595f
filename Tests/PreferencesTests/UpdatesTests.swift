import Foundation
import Preferences
import PropertyLists
import TestSupport
import Testing

/// Writes `{"fontSize": size}` to the domain file from another process (Python), by rename as
/// prefs itself writes.
func writeFromAnotherProcess(_ size: Int, to path: String) throws {
    let result = try runPython(
        """
        import os, plistlib, sys
        with open(sys.argv[1] + ".new", "wb") as f: plistlib.dump({"fontSize": int(sys.argv[2])}, f)
        os.replace(sys.argv[1] + ".new", sys.argv[1])
        """, [path, String(size)])
    guard result.status == 0 else { throw ScratchError("python failed: \(result)") }
}

/// A sequence that never ends would hang `observer.value`: the time limit turns that into a failure.
@Suite("updates(for:) and updates() deliver changes from anywhere", .timeLimit(.minutes(10)))
struct UpdatesTests {
    @Test func updatesYieldTheCurrentValueThenEachChangeMadeInThisProcess() async throws {
        try await withScratch { scratch in
            let store = try scratch.store()
            let received = Received<Int>()
            let observer = received.observe(store.updates(for: .fontSize))
            #expect(await eventually { received.all == [12] }, "\(received)")
            try scratch.store().set(14, for: .fontSize)
            #expect(await eventually { received.all == [12, 14] }, "\(received)")
            try scratch.store().removeObject(forKey: "fontSize")
            #expect(await eventually { received.all == [12, 14, 12] }, "\(received)")
            observer.cancel()
            try await observer.value
        }
    }

    @Test func changeWrittenByAnotherProcessIsDeliveredWithoutPolling() async throws {
        try await withScratch { scratch in
            let store = try scratch.store()
            let received = Received<Int>()
            let observer = received.observe(store.updates(for: .fontSize))
            #expect(await eventually { received.all == [12] }, "\(received)")
            try writeFromAnotherProcess(30, to: scratch.domainPath())
            #expect(await eventually { received.all == [12, 30] }, "\(received)")
            observer.cancel()
            try await observer.value
        }
    }

    @Test func warmReadsSeeAnotherProcessesWriteWithinTheDeliveryBound() async throws {
        try await withScratch { scratch in
            let store = try scratch.store()
            try store.set(1, for: .fontSize)
            #expect(try store.integer(forKey: "fontSize") == 1)
            #expect(try store.integer(forKey: "fontSize") == 1)  // warm: the folder is now watched
            try writeFromAnotherProcess(2, to: scratch.domainPath())
            #expect(try await eventually { try store.integer(forKey: "fontSize") == 2 })
        }
    }

    @Test func cancellingTheTaskEndsTheSequence() async throws {
        try await withScratch { scratch in
            let store = try scratch.store()
            let received = Received<Int>()
            let observer = received.observe(store.updates(for: .fontSize))
            #expect(await eventually { received.all.count == 1 }, "\(received)")
            observer.cancel()
            // The loop ends without an error once the task is cancelled.
            try await observer.value
        }
    }

    @Test func folderCreatedAfterTheObserverStartedIsWatched() async throws {
        try await withScratch { scratch in
            let store = try PreferenceStore(domain: "com.example.editor", folder: PreferencesFolder(path: scratch.path + "/later/prefs"), arguments: ["tests"])
            let received = Received<Int>()
            let observer = received.observe(store.updates(for: .fontSize))
            #expect(await eventually { received.all == [12] }, "\(received)")
            try FileManager.default.createDirectory(atPath: scratch.path + "/later/prefs", withIntermediateDirectories: true)
            try writeFromAnotherProcess(40, to: scratch.path + "/later/prefs/com.example.editor.plist")
            #expect(await eventually { received.all == [12, 40] }, "\(received)")
            observer.cancel()
            try await observer.value
        }
    }

    @Test func domainUpdatesNameTheKeysThatChanged() async throws {
        try await withScratch { scratch in
            let store = try scratch.store()
            try store.set("a", forKey: "kept")
            let received = Received<Set<String>>()
            let observer = received.observe(store.updates())
            // updates() yields nothing until a change, so touch "ready" until the observer sees it.
            var round = 0
            #expect(
                try await eventually {
                    round += 1
                    try scratch.store().set(round, forKey: "ready")
                    return !received.all.isEmpty
                }, "\(received)")
            try scratch.store().update { values in
                values["added"] = 1
                values["kept"] = "b"
            }
            let changes = { received.all.map { $0.subtracting(["ready"]) }.filter { !$0.isEmpty } }
            #expect(await eventually { changes() == [["added", "kept"]] }, "\(received)")
            observer.cancel()
            try await observer.value
        }
    }

    /// After a domain file that does not read, asking again waits for the next change instead
    /// of throwing the same error at once, so a loop that reports and goes on does not spin.
    @Test func askingAgainAfterAnUnreadableFileWaitsForTheNextChange() async throws {
        try await withScratch { scratch in
            let store = try scratch.store()
            try scratch.write("not a plist", to: scratch.domainPath())
            var iterator = store.updates(for: .fontSize).makeAsyncIterator()
            do throws(PreferenceError) {
                _ = try await iterator.next()
                Issue.record("an unreadable domain file gave a value")
            } catch {
                #expect(error.code == .unreadable)
            }
            let writer = Task {
                try await Task.sleep(nanoseconds: 200_000_000)
                try writeFromAnotherProcess(16, to: scratch.domainPath())
            }
            #expect(try await iterator.next() == 16)
            try await writer.value
        }
    }

    @Test func thousandObserversComingAndGoingLeaveNoWatchDescriptorOrThread() async throws {
        try await withScratch { scratch in
            try scratch.store().set(5, for: .fontSize)
            for _ in 0..<1_000 {
                let store = try scratch.store()
                var iterator = store.updates(for: .fontSize).makeAsyncIterator()
                #expect(try await iterator.next() == 5)
            }
            let store = try scratch.store()
            for _ in 0..<1_000 {
                var iterator = store.updates(for: .fontSize).makeAsyncIterator()
                _ = try await iterator.next()
            }
            // One watch, on one descriptor, shared by the last store's observers; one thread.
            #expect(try inotifyWatches(on: scratch.path) == (watches: 1, descriptors: 1))
            #expect(try threads(named: "prefs-watcher") == 1)
            withExtendedLifetime(store) {}
        }
        // Every store is gone, so no watch on the folder is left (the folder is removed too, so
        // check through a store on a folder of its own).
        try await withScratch { scratch in
            do {
                let store = try scratch.store()
                var iterator = store.updates(for: .fontSize).makeAsyncIterator()
                _ = try await iterator.next()
                #expect(try inotifyWatches(on: scratch.path).watches == 1)
            }
            #expect(try inotifyWatches(on: scratch.path).watches == 0)
        }
    }
}
