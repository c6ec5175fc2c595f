import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs export DOMAIN FILE [--format FORMAT]`: writes a domain as a property list file.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a domain as a canonical XML property list.",
            discussion: """
                FILE is replaced atomically; '-' writes to standard output, and a FIFO or device \
                (/dev/stdout, /dev/null) is written as a stream. --format binary writes \
                what a Mac's `defaults import` expects; json and openstep (old-style text) are also available.
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(
            help: ArgumentHelp("The domain (left out with --file or -g), then the file to write ('-' for standard output).", valueName: "domain-file"),
            completion: Completions.domainThenFile)
        var words: [String] = []

        @Option(name: .long, help: ArgumentHelp("The output format: \(PropertyListFormat.names).", valueName: "format"))
        var format: PropertyListFormat = .xml

        func run() throws {
            var rest = words[...]
            let target = try store.location().target(&rest)
            guard rest.count == 1, let destination = rest.first else { throw CLIError(.usage, "give one FILE to write ('-' for standard output)") }
            let bytes = try format.encode(.dictionary(target.read()))
            if destination == "-" {
                Output.writeData(bytes)
            } else {
                try AtomicFile.write(output: bytes, to: destination, notices: Output.notices)
            }
        }
    }
}
