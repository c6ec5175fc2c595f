import ArgumentParser
import Preferences

extension Prefs {
    /// `prefs read-type DOMAIN KEY`: prints a value's type.
    struct ReadType: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "read-type",
            abstract: "Print the type of a value: string, integer, real, boolean, date, data, array or dictionary."
        )

        @OptionGroup var store: StoreOptions

        @OptionGroup var key: KeyPathOption

        @Argument(
            help: ArgumentHelp("The domain (left out with --file or -g), then the key; -- before a key that starts with -.", valueName: "domain-and-key"),
            completion: Completions.domainThenKey)
        var words: [String] = []

        func run() throws {
            var rest = words[...]
            let target = try store.location.target(&rest)
            guard let path = try key.path(from: rest) else { throw CLIError(.usage, "give a KEY or --key-path") }
            guard let value = path.value(in: try target.read()) else {
                throw CLIError(.notFound, "the key \(path) does not exist in \(target.name)")
            }
            Output.write(value.typeName + "\n")
        }
    }
}
