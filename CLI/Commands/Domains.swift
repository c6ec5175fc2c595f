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

        @OptionGroup var store: RootOption

        func run() throws {
            for name in try store.folder().domainNames(notices: Output.notices) { Output.write(name + "\n") }
        }
    }
}
