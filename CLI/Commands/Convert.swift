import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs convert FILE [--to xml|json] [-o OUT]`: rewrites a property list canonically.
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Print a property list file as canonical XML or JSON.",
            discussion: """
                XML output is byte for byte what a Mac writes. JSON maps dates to "YYYY-MM-DDTHH:MM:SSZ" \
                strings and data to Base64 strings; NaN and infinite reals have no JSON form and are refused.
                """
        )

        /// The output formats.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case xml, json
        }

        @Argument(help: "The property list to read; '-' reads standard input.")
        var file: String

        @Option(name: .long, help: "The output format: xml or json.")
        var to: Format = .xml

        @Option(name: [.short, .customLong("output")], help: "Write to this file atomically instead of standard output.")
        var output: String?

        func run() throws {
            let name = file == "-" ? "<stdin>" : file
            let value = try PropertyListReader().read(contentsOf: file, fileName: name)
            let bytes: [UInt8]
            do throws(PropertyListError) {
                bytes = switch to {
                case .xml: try PropertyListWriter().write(value)
                case .json: Array(try JSONWriter().write(value).utf8)
                }
            } catch {
                throw error.naming(name)
            }
            if let output {
                try AtomicFile.write(bytes, to: output)
            } else {
                Output.write(bytes)
                try Output.finish()
            }
        }
    }
}
