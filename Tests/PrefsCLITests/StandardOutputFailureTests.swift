import Foundation
import TestSupport
import Testing

/// A standard output that is closed or full: a change already saved is not reported as a failed
/// write (exit 4 means nothing changed), and a closed descriptor never becomes a file prefs opens.
@Suite(.serialized)
struct StandardOutputFailureTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    /// Where standard output goes: closed, and the full device where the system has one.
    static let brokenOutputs = [">&-"] + (FileManager.default.fileExists(atPath: "/dev/full") ? [">/dev/full"] : [])

    func sh(_ command: String) throws -> CommandResult {
        try Shell.sh("exec \"$PREFS\" " + command, home: home)
    }

    /// palette add saves the palette once, warns that its report was lost, and exits 0.
    @Test(arguments: brokenOutputs)
    func paletteAddWithBrokenStandardOutputExitsZeroAndAddsOnce(redirection: String) throws {
        let result = try sh("palette add Once --emojis 😀 " + redirection)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("warning: the change was saved, but its report was lost: cannot write to standard output"), "\(result)")
        let listed = try Shell.prefs(["palette", "list"], home: home).stdout
        #expect(listed.split(separator: "\n").filter { $0.contains("\tOnce") }.count == 1, "\(listed)")
    }

    /// Every command that changes a file exits 0 with standard output closed or full, and the change is made.
    @Test(arguments: brokenOutputs)
    func everyChangeWithBrokenStandardOutputExitsZero(redirection: String) throws {
        try folder.write("[1] A: 😀\n[2] B: 🚗\n", to: "in.txt")
        for command in [
            "write d k v", "write d gone -int 1", "delete d gone", "rename d k key", "palette import in.txt",
            "palette rename --id 1 Renamed", "palette move --id 1 --to 1", "palette add-emojis --id 1 🎈 🎉",
            "palette remove-emojis --id 1 🎈", "palette remove --id 2"
        ] {
            let result = try Shell.sh("cd \"$PREFS_HOME\" && exec \"$PREFS\" \(command) \(redirection)", home: home)
            #expect(result.status == 0 && !result.stderr.contains("Error"), "\(command): \(result)")
        }
        #expect(try Shell.prefs(["read", "d", "key"], home: home).stdout == "v\n")
        #expect(try Shell.prefs(["palette", "export"], home: home).stdout.hasSuffix("[1] Renamed: 😀🎉\n"))
    }

    /// A command that only reads still exits 4 when standard output is closed: nothing was changed.
    @Test func readWithClosedStandardOutputExits4() throws {
        #expect(try Shell.prefs(["write", "d", "k", "v"], home: home).status == 0)
        let result = try sh("read d k >&-")
        #expect(result.status == 4 && result.stderr.contains("cannot write to standard output: Bad file descriptor"), "\(result)")
    }

    /// --version and a subcommand's --help print their text as their output: when standard
    /// output cannot take it, the command fails with exit 4 and says why, like any other output.
    @Test(arguments: brokenOutputs)
    func versionAndHelpWithBrokenStandardOutputExit4(redirection: String) throws {
        for command in ["--version", "read --help", "palette add --help"] {
            let result = try sh(command + " " + redirection)
            #expect(result.status == 4 && result.stderr.contains("cannot write to standard output"), "\(command): \(result)")
        }
    }

    /// A closed standard input reads as closed, not as a file prefs opened.
    @Test func importFromClosedStandardInputFailsWithoutChangingAnything() throws {
        let result = try sh("palette import - <&-")
        #expect(result.status != 0, "\(result)")
        #expect(folder.bytes("palettes.plist") == nil)
    }
}
