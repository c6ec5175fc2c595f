import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs domains`: lists the domains.
    struct Domains: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "domains",
            abstract: "List the domains, one per line, sorted.",
            discussion: "Takes --root only: --file and -g name one domain, not a folder of them."
        )

        @OptionGroup var store: RootOption

        @OptionGroup var host: HostOption

        func validate() throws {
            if let problem = host.problem { throw ValidationError(problem) }
        }

        func run() throws {
            let host = try host.scope.id(in: PreferencesEnvironment.process)
            for name in try store.folder().domainNames(host: host, notices: Output.notices) { Output.write(TextEscaper.field.escaped(name) + "\n") }
        }
    }
}
