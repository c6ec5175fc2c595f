import Configuration
import Foundation
import PreferencesConfiguration
import TestSupport
import Testing

// README's swift-configuration snippet, verbatim (indented to fit; its imports are this file's),
// so that it compiles. It reads
// the process's environment, which tests running side by side must not change, so it is not
// run here; KeyPathTests and WatchTests run the same calls on a temporary PREFS_HOME.

func serve() async throws {
    let config = ConfigReader(providers: [
        EnvironmentVariablesProvider(),  // HTTP_PORT=9090 overrides http.port
        try PreferencesProvider(domain: "com.example.server")
    ])
    let port = config.int(forKey: "http.port", default: 8080)
    print("listening on port", port)
    try await config.watchString(forKey: "log.level", default: "info") { levels in
        for await level in levels { print("log level:", level) }  // prefs write reaches it at once
    }
}

@Suite("README's swift-configuration snippet is the one compiled here")
struct ReadmeSnippetTests {
    @Test func readmeSnippetIsTheOneCompiledHere() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let blocks = try SnippetBlocks.readme(section: "## With swift-configuration")
        #expect(blocks.count == 1)
        for block in blocks {
            let found = SnippetBlocks.source(source, holds: block) { $0.hasPrefix("import ") }
            #expect(found, "README snippet not in ReadmeSnippetTests.swift:\n\(block)")
        }
    }
}
