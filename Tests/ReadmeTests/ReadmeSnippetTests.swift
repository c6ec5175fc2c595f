import Foundation
import Preferences
import TestSupport
import Testing

// The Swift snippets of README.md's library section, verbatim (indented to fit), so that they
// compile; `readmeSnippetsAreTheOnesCompiledHere` checks that README and this file agree, and
// the other tests run them.

enum Theme: String, Codable, Sendable { case light, dark }
struct Layout: Codable, Sendable { var columns = 2 }

extension PreferenceKey where Value == Int {
    static let fontSize = PreferenceKey("fontSize", default: 12)  // <integer>
}
extension PreferenceKey where Value == Theme {
    static let theme = PreferenceKey("theme", default: .light)  // <string>light</string>
}
extension PreferenceKey where Value == Layout {
    static let layout = PreferenceKey("layout", default: Layout())  // <data>: JSON
}

private func firstSnippet() throws -> (PreferenceStore, size: Int, recent: [String], everything: [String: Any]) {
    let store = try PreferenceStore(domain: "com.example.editor")
    store.register(defaults: ["fontSize": 12, "theme": "light"])
    try store.set(14, forKey: "fontSize")
    let size = try store.integer(forKey: "fontSize")  // 14; UserDefaults' conversions apply
    let recent = try store.array(of: String.self, forKey: "recent") ?? []
    let everything = try store.dictionaryRepresentation().anyDictionary  // [String: Any]
    return (store, size, recent, everything)
}

private func typedKeySnippet(_ store: PreferenceStore) throws -> Theme {
    try store.set(.dark, for: .theme)
    let theme = try store.value(for: .theme)  // .dark
    try store.set(Layout(columns: 3), for: .layout)
    try store.reset(.fontSize, .theme)  // back to their defaults
    return theme
}

private func updateSnippet(_ store: PreferenceStore) throws {
    try store.update { values in
        values["width"] = 800
        values["height"] = 600
    }
}

private func updatesSnippet(_ store: PreferenceStore) async throws {
    for try await size in store.updates(for: .fontSize) {
        print("font size:", size)
    }
}

@MainActor
private func uiSnippet(_ store: PreferenceStore) -> (size: Int, modelValue: Int) {
    let size = store.value(for: .fontSize) { error in print("warning:", error) }  // the default on failure
    let fontSize = ObservablePreference(.fontSize, in: store) { error in print("warning:", error) }
    fontSize.value = 15  // stored at once; a write by another process reaches fontSize.value
    return (size, fontSize.value)
}

// README's "Platforms": the code of a cross-platform package, compiled (on Linux, prefs' branch);
// it reads PreferenceStore.standard, the test runner's own domain, so it is not run.
#if canImport(Preferences)
    import Preferences

    func savedFontSize() -> Int {
        PreferenceStore.standard.value(for: .fontSize) { error in print("warning:", error) }
    }
#else
    import Foundation

    func savedFontSize() -> Int {
        UserDefaults.standard.object(forKey: "fontSize") as? Int ?? 12
    }
#endif

@Suite("README's library snippets compile and run", .serialized)
struct ReadmeSnippetTests {
    @Test func readmeSnippetsAreTheOnesCompiledHere() throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: here, encoding: .utf8)
        let blocks = try SnippetBlocks.readme(section: "## The libraries")
        #expect(blocks.count == 6)
        for block in blocks {
            #expect(SnippetBlocks.source(source, holds: block), "README snippet not in ReadmeSnippetTests.swift:\n\(block)")
        }
    }

    /// The platform section's code is compiled here, and its manifest's dependency is the one
    /// Tests/ClientPackage builds with (`Tests/ClientPackage/check.sh`).
    @Test func platformSnippetsAreTheOnesCompiledHereAndByTheClientPackage() throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: here, encoding: .utf8)
        let manifest = try String(
            contentsOf: here.deletingLastPathComponent().appendingPathComponent("../ClientPackage/Package.swift"), encoding: .utf8)
        let blocks = try SnippetBlocks.readme(section: "## Platforms")
        #expect(blocks.count == 2)
        let dependency = try #require(blocks.first?.split(separator: "\n").first { $0.contains(".product(") })
        #expect(SnippetBlocks.source(manifest, holds: String(dependency)), "README's dependency not in Tests/ClientPackage/Package.swift: \(dependency)")
        #expect(SnippetBlocks.source(source, holds: blocks.last ?? ""), "README snippet not in ReadmeSnippetTests.swift:\n\(blocks.last ?? "")")
    }

    @Test func snippetsRunAgainstAStoreInPREFS_HOME() async throws {
        var template = Array((NSTemporaryDirectory() + "/prefs-readme-XXXXXX").utf8CString)
        let home = String(cString: try #require(mkdtemp(&template)))
        defer { try? FileManager.default.removeItem(atPath: home) }
        setenv("PREFS_HOME", home, 1)
        let (store, size, recent, everything) = try firstSnippet()
        #expect(size == 14)
        #expect(recent == [])
        #expect(everything["theme"] as? String == "light")
        #expect(try typedKeySnippet(store) == .dark)
        #expect(try store.value(for: .fontSize) == 12)
        #expect(try store.value(for: .layout).columns == 3)
        try updateSnippet(store)
        #expect(try store.integer(forKey: "width") == 800)
        let (sizeRead, modelValue) = await uiSnippet(store)
        #expect(sizeRead == 12)
        #expect(modelValue == 15)
        #expect(try store.value(for: .fontSize) == 15)
        let observer = Task { try await updatesSnippet(store) }
        observer.cancel()
        try await observer.value
    }
}
