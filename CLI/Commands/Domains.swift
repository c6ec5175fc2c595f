import ArgumentParser
import Preferences

extension Prefs {
    /// `prefs domains`: lists the domains.
    struct Domains: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "domains",
            abstract: "List the domains, one per line, sorted.",
            discussion: "Takes --root only: --file and -g name one domain, not a folder of them."
        )

        @Option(help: ArgumentHelp("Use this folder of domains instead of $PREFS_HOME.", valueName: "dir"))
        var root: String?

        func validate() throws {
            if root == "" { throw ValidationError("--root needs a folder; an empty path names none") }
        }

        func run() throws {
            for name in try StoreLocation(root: root).folder().domainNames() { Output.write(name + "\n") }
        }
    }
}
