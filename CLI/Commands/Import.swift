import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs import DOMAIN FILE`: replaces a domain with a property list file.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Replace a domain with the contents of a property list file.",
            discussion: """
                The file may be XML, binary (bplist00), JSON or old-style text, told by its content \
                unless --from names the format. The whole input is read and validated before the \
                domain is replaced; on any error nothing changes. A domain that breaks its installed \
                manifest is refused (exit 2, nothing written) unless --no-manifest is given.
                """
        )

        @OptionGroup var store: StoreOptions

        @Flag(name: .customLong("no-manifest"), help: "Import even a domain that breaks its installed manifest.")
        var noManifest = false

        @Argument(
            help: ArgumentHelp("The domain (left out with --file or -g), then the file to import ('-' for standard input).", valueName: "domain-file"),
            completion: Completions.domainThenFile)
        var words: [String] = []

        @Option(name: .long, help: ArgumentHelp("The input format: \(PropertyListFormat.names) (default: told by content).", valueName: "format"))
        var from: PropertyListFormat?

        func run() throws {
            var rest = words[...]
            let target = try store.location().target(&rest)
            guard rest.count == 1, let source = rest.first else { throw CLIError(.usage, "give one FILE to import ('-' for standard input)") }
            let value = try AnyFormatInput.read(source, as: from).value
            guard case .dictionary(let dictionary) = value else {
                throw CLIError(.unreadable, "\(source): a domain's root must be a dictionary, but this is \(value.typeNameWithArticle)")
            }
            let manifest = noManifest ? nil : try target.installedManifest()
            try target.update { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
                try manifest?.enforce(domain: dictionary)
                domain = dictionary
            }
        }
    }
}
