import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs doctor`: checks a store.
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "doctor",
            abstract: "Check the preferences folder: permissions, owners, files that do not read, stale temporary files.",
            discussion:
                "Prints one line per problem and exits 3 when there are any; --fix removes stale temporary files. Domain files that are not XML (binary, copied from a Mac) are listed as notes."
        )

        @OptionGroup var store: RootOption

        @Flag(help: "Remove temporary files that killed writers left behind.")
        var fix = false

        /// The binary domain files (copied from a Mac), each file sniffed once. A domain file in
        /// a text format other than XML does not read, and the store check reports it.
        private static func binaryDomainFiles(in folder: PreferencesFolder) throws -> [String] {
            try folder.domainNames(notices: Output.notices).compactMap { name in
                let path = folder.path + "/" + name + ".plist"
                return PropertyListFormat(fileAt: path) == .binary ? path : nil
            }
        }

        func run() throws {
            let folder = try store.folder()
            let findings = StoreCheck.run(on: folder, fix: fix)
            for finding in findings { Output.error(finding.description) }
            for path in try Self.binaryDomainFiles(in: folder) {
                Output.write(
                    "\(TextEscaper.field.escaped(path)): note: \(PropertyListFormat.binary.displayNameWithArticle) property list, not XML; it reads like any other domain, and the next write turns it into XML\n"
                )
            }
            guard findings.isEmpty else { throw CLIError(.unreadable, "\(findings.count) problem\(findings.count == 1 ? "" : "s") in \(folder.path)") }
            Output.write(TextEscaper.field.escaped(folder.path) + ": OK\n")
        }
    }
}
