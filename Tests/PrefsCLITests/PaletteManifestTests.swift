import Foundation
import TestSupport
import Testing

/// `Schemas/palettes.plist`, the manifest of the `palettes` domain: what `prefs palette`
/// writes meets it.
@Suite("The palettes manifest")
struct PaletteManifestTests {
    let folder = TemporaryFolder()

    /// The repository's `Schemas/` folder.
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Schemas").path

    func prefs(_ arguments: String...) throws -> CommandResult {
        try Shell.prefs(arguments, home: folder.path, environment: ["PREFS_MANIFESTS": Self.schemas])
    }

    @Test func paletteWritesMeetTheShippedManifest() throws {
        #expect(try prefs("palette", "add", "Hearts", "--emojis", "❤️🧡", "--at", "0").status == 0)
        #expect(try prefs("palette", "add-emojis", "--name", "Hearts", "💚").status == 0)
        #expect(try prefs("palette", "rename", "--name", "Hearts", "Love").status == 0)
        let check = try prefs("check", "--strict", "palettes")
        #expect(check.status == 0 && check.stdout == "\(folder.file("palettes.plist")): OK\n" && check.stderr == "", "\(check)")
    }

    @Test func anotherStoreIsAKeyTheManifestDoesNotNameSoAWarning() throws {
        #expect(try prefs("palette", "--store", "Other", "add", "Faces", "--emojis", "😀").status == 0)
        let validate = try prefs("validate", "--manifest", Self.schemas + "/palettes.plist", folder.file("palettes.plist"))
        #expect(validate.status == 0 && validate.stdout == "\(folder.file("palettes.plist")): OK\n")
        #expect(
            validate.stderr == """
                \(folder.file("palettes.plist")):5: warning: key "PaletteStore:Other": is not in the manifest
                \(folder.file("palettes.plist")):36: warning: key "PaletteStoreFormat:Other": is not in the manifest

                """)
    }

    @Test func theManifestRefusesAMainStoreThatIsNotData() throws {
        let result = try prefs("write", "palettes", "PaletteStore:Main", "-string", "[]")
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"key "PaletteStore:Main": is a string, "[]", not data"#))
        let describe = try prefs("describe", "palettes", "PaletteStore:Main")
        #expect(describe.status == 0 && describe.stdout.hasPrefix("PaletteStore:Main\n  type: data\n  title: Main palette store\n"))
    }
}
