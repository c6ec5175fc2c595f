// In-process costs: typed gets and a set on a loaded PreferenceStore, against corelibs
// UserDefaults in the same run, and how soon an observer sees a domain file replaced by rename
// (as another process's write replaces it). Prints Markdown tables.
//   PrefsInProcessBenchmark FOLDER
import Foundation
import Preferences
import Synchronization

@main
struct InProcessBenchmark {
    static func time(_ iterations: Int, _ body: (Int) throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<iterations { try body(index) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
    }

    static func main() async throws {
        let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : NSTemporaryDirectory() + "prefs-inprocess"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try PreferenceStore(domain: "bench", folder: PreferencesFolder(path: folder), arguments: ["bench"])
        try store.update { values in
            for index in 0..<1000 { values["key\(index)"] = .integer(.init(index)) }
        }
        store.register(defaults: ["registeredOnly": 7])
        guard let defaults = UserDefaults(suiteName: "prefs-bench-\(getpid())") else { fatalError("UserDefaults has no suite") }
        for index in 0..<1000 { defaults.set(index, forKey: "key\(index)") }
        defaults.register(defaults: ["registeredOnly": 7])

        var sink = 0
        // Warm both first, then interleave rounds so that neither runs on a quieter machine.
        _ = try store.integer(forKey: "key0") + store.integer(forKey: "key1") + defaults.integer(forKey: "key0")
        var prefsGet = Double.infinity
        var defaultsGet = Double.infinity
        var prefsRegistered = Double.infinity
        var defaultsRegistered = Double.infinity
        for _ in 0..<5 {
            prefsGet = min(prefsGet, try time(100_000) { sink &+= try store.integer(forKey: "key\($0 % 1000)") })
            defaultsGet = min(defaultsGet, time(100_000) { sink &+= defaults.integer(forKey: "key\($0 % 1000)") })
            prefsRegistered = min(prefsRegistered, try time(100_000) { _ in sink &+= try store.integer(forKey: "registeredOnly") })
            defaultsRegistered = min(defaultsRegistered, time(100_000) { _ in sink &+= defaults.integer(forKey: "registeredOnly") })
        }
        let prefsSet = try time(200) { try store.set($0, forKey: "written") }
        let defaultsSet = time(200) { defaults.set($0, forKey: "written") }
        let defaultsSync = time(200) {
            defaults.set($0, forKey: "written")
            defaults.synchronize()
        }
        print("| operation | PreferenceStore | corelibs UserDefaults |")
        print("|---|---:|---:|")
        print(
            String(format: "| integer(forKey:) on a loaded 1,000-key domain (best of 5 × 100,000) | %.3f µs | %.3f µs |", prefsGet / 1000, defaultsGet / 1000))
        print(String(format: "| integer(forKey:) of a registered-only key | %.3f µs | %.3f µs |", prefsRegistered / 1000, defaultsRegistered / 1000))
        print(String(format: "| set(_:forKey:) | %.1f µs (locked, fsync'd, on disk on return) | %.2f µs (in memory) |", prefsSet / 1000, defaultsSet / 1000))
        print(String(format: "| set + synchronize() | — | %.1f µs |", defaultsSync / 1000))
        if sink == 42 { print("") }
        defaults.removePersistentDomain(forName: "prefs-bench-\(getpid())")
        try await observerLatency(folder: folder)
    }

    /// Replaces a domain file by rename 100 times, as another process's write does, and times
    /// how long until an `updates(for:)` loop and a warm read see each new value.
    static func observerLatency(folder: String) async throws {
        let store = try PreferenceStore(domain: "latency", folder: PreferencesFolder(path: folder), arguments: ["bench"])
        let key = PreferenceKey("v", default: 0)
        let seen = Mutex<(value: Int, at: UInt64)>((0, 0))
        let observer = Task {
            for try await value in store.updates(for: key) {
                let now = DispatchTime.now().uptimeNanoseconds
                seen.withLock { $0 = (value, now) }
            }
        }
        let reader = try PreferenceStore(domain: "latency", folder: PreferencesFolder(path: folder), arguments: ["bench"])
        _ = try reader.integer(forKey: "v") + reader.integer(forKey: "v")
        try await Task.sleep(nanoseconds: 100_000_000)
        var observed: [Double] = []
        var read: [Double] = []
        for round in 1...100 {
            let xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>v</key>
                \t<integer>\(round)</integer>
                </dict>
                </plist>

                """
            let temporary = folder + "/.latency.plist.tmp-bench"
            try Data(xml.utf8).write(to: URL(fileURLWithPath: temporary))
            let start = DispatchTime.now().uptimeNanoseconds
            rename(temporary, folder + "/latency.plist")
            var readAt: UInt64 = 0
            while true {
                if readAt == 0, try reader.integer(forKey: "v") == round { readAt = DispatchTime.now().uptimeNanoseconds }
                let current = seen.withLock { $0 }
                if current.value == round && readAt != 0 {
                    observed.append(Double(current.at - start) / 1000)
                    read.append(Double(readAt - start) / 1000)
                    break
                }
                if DispatchTime.now().uptimeNanoseconds - start > 2_000_000_000 { fatalError("round \(round) not seen within 2 s") }
                usleep(20)
            }
        }
        observer.cancel()
        func summary(_ values: [Double]) -> String {
            let sorted = values.sorted()
            return String(format: "median %.0f µs, 95th %.0f µs, max %.0f µs", sorted[sorted.count / 2], sorted[sorted.count * 95 / 100], sorted.last!)
        }
        print("")
        print("| another writer's rename of the domain file (100 rounds) | seen after |")
        print("|---|---:|")
        print("| by an `updates(for:)` loop | \(summary(observed)) |")
        print("| by a warm `integer(forKey:)` | \(summary(read)) |")
    }
}
