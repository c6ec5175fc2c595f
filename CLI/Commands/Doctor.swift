import ArgumentParser
import Preferences

extension Prefs {
    /// `prefs doctor`: checks a store.
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "doctor",
            abstract: "Check the preferences folder: permissions, owners, files that do not read, stale temporary files.",
            discussion: "Prints one line per problem and exits 3 when there are any; --fix removes stale temporary files."
        )

        @OptionGroup var store: RootOption

        @Flag(help: "Remove temporary files that killed writers left behind.")
        var fix = false

        func run() throws {
            let folder = try store.folder()
            let findings = StoreCheck.run(on: folder, fix: fix)
            for finding in findings { Output.error(finding.description) }
            guard findings.isEmpty else { throw CLIError(.unreadable, "\(findings.count) problem\(findings.count == 1 ? "" : "s") in \(folder.path)") }
            Output.write("\(folder.path): OK\n")
        }
    }
}
