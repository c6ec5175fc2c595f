import ArgumentParser

extension Prefs {
    /// `prefs domains`: lists the domains.
    struct Domains: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "domains", abstract: "List the domains, one per line, sorted.")

        @OptionGroup var store: StoreOptions

        func run() throws {
            for name in try store.location.folder().domainNames() { Output.write(name + "\n") }
        }
    }
}
