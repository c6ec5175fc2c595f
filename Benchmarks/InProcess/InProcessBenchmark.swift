// In-process costs: a typed get and a set on a loaded PreferenceStore, against corelibs
// UserDefaults in the same run. Prints a Markdown table.
//   PrefsInProcessBenchmark FOLDER
import Foundation
import Preferences

@main
struct InProcessBenchmark {
    static func time(_ iterations: Int, _ body: (Int) throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<iterations { try body(index) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
    }

    static func main() throws {
        let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : NSTemporaryDirectory() + "prefs-inprocess"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try PreferenceStore(domain: "bench", folder: PreferencesFolder(path: folder), arguments: ["bench"])
        try store.update { values in
            for index in 0..<1000 { values["key\(index)"] = .integer(.init(index)) }
        }
        guard let defaults = UserDefaults(suiteName: "prefs-bench-\(getpid())") else { fatalError("UserDefaults has no suite") }
        for index in 0..<1000 { defaults.set(index, forKey: "key\(index)") }

        var sink = 0
        let prefsGet = try time(100_000) { sink &+= try store.integer(forKey: "key\($0 % 1000)") }
        let defaultsGet = time(100_000) { sink &+= defaults.integer(forKey: "key\($0 % 1000)") }
        let prefsSet = try time(200) { try store.set($0, forKey: "written") }
        let defaultsSet = time(200) { defaults.set($0, forKey: "written") }
        let defaultsSync = time(200) {
            defaults.set($0, forKey: "written")
            defaults.synchronize()
        }
        print("| operation | PreferenceStore | corelibs UserDefaults |")
        print("|---|---:|---:|")
        print(String(format: "| integer(forKey:) on a loaded 1,000-key domain | %.2f µs | %.2f µs |", prefsGet / 1000, defaultsGet / 1000))
        print(String(format: "| set(_:forKey:) | %.1f µs (locked, fsync'd, on disk on return) | %.2f µs (in memory) |", prefsSet / 1000, defaultsSet / 1000))
        print(String(format: "| set + synchronize() | — | %.1f µs |", defaultsSync / 1000))
        if sink == 42 { print("") }
        defaults.removePersistentDomain(forName: "prefs-bench-\(getpid())")
    }
}
