import Foundation
import TestSupport
import Testing

/// `prefs read` shows an administrator's defaults from `$XDG_CONFIG_DIRS/prefs` below the
/// user's domain; writes go to the user's domain only.
@Suite("System folders in prefs read")
struct SystemLayerCLITests {
    let folder = TemporaryFolder()
    var home: String { folder.file("home") }
    var system: String { folder.file("system/prefs") }
    var environment: [String: String] { ["XDG_CONFIG_DIRS": folder.file("system")] }

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home, environment: environment) }

    @Test func readShowsTheAdministratorsValueUntilTheUserWritesTheirOwn() throws {
        try FileManager.default.createDirectory(atPath: system, withIntermediateDirectories: true)
        #expect(try prefs("write", "--file", system + "/d.plist", "theme", "corporate").status == 0)
        let systemBytes = try Data(contentsOf: URL(fileURLWithPath: system + "/d.plist"))
        #expect(try prefs("read", "d", "theme").stdout == "corporate\n")
        #expect(try prefs("read", "d", "theme", "--show-origin").stdout == "file:\(system)/d.plist\tcorporate\n")
        #expect(try prefs("read", "d", "--json").stdout == "{\n  \"theme\": \"corporate\"\n}\n")
        #expect(try prefs("write", "d", "theme", "mine").status == 0)
        #expect(try prefs("read", "d", "theme", "--show-origin").stdout == "file:\(home)/d.plist\tmine\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: system + "/d.plist")) == systemBytes)
    }

    @Test func keyInNoLayerIsStillNotFound() throws {
        let result = try prefs("read", "d", "missing")
        #expect(result.status == 1)
        #expect(result.stderr == "Error: the domain d does not exist\n")
    }
}
