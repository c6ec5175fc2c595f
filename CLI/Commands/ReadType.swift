import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs read-type DOMAIN KEY`: prints a value's type.
    struct ReadType: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "read-type",
            abstract: "Print a value's type as defaults does: Type is string, integer, float, boolean, date, data, array or dictionary."
        )

        @OptionGroup var store: StoreOptions

        @OptionGroup var key: KeyPathOption

        @Argument(
            help: .domainAndKey,
            completion: Completions.domainThenKey)
        var words: [String] = []

        func run() throws {
            var rest = words[...]
            let target = try store.location().target(&rest)
            guard let path = try key.path(from: rest) else { throw CLIError(.usage, "give a KEY or --key-path") }
            guard let value = path.value(in: try target.read()) else {
                throw CLIError(.notFound, "the key \(path) does not exist in \(target.name)")
            }
            Output.write("Type is \(Self.defaultsTypeName(of: value))\n")
        }

        /// The type's name as `defaults read-type` prints it: a real is a `float`.
        static func defaultsTypeName(of value: PropertyList) -> String {
            if case .real = value { "float" } else { value.typeName }
        }
    }
}
