import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs convert FILE [--from FORMAT] [--to FORMAT] [-o OUT]`: converts a property list
    /// between formats.
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert a property list file to another format.",
            discussion: """
                The input's format (XML, binary bplist00, JSON or old-style OpenStep text, .strings \
                files included) is told by its content unless --from names it. XML and binary output \
                is what a Mac writes. JSON maps dates to "YYYY-MM-DDTHH:MM:SSZ" strings and data to \
                Base64 strings; NaN and infinite reals have no JSON form and are refused. Old-style \
                output keeps every type: numbers, booleans and dates take GNUstep's typed forms \
                (<*I5>, <*R1.5>, <*BY>, <*D2024-01-02 03:04:05 +0000>), which macOS does not read.
                """
        )

        @Argument(help: "The property list to read; '-' reads standard input.", completion: .file())
        var file: String

        @Option(name: .long, help: ArgumentHelp("The input format: \(PropertyListFormat.names) (default: told by content).", valueName: "format"))
        var from: PropertyListFormat?

        @Option(name: .long, help: ArgumentHelp("The output format: \(PropertyListFormat.names).", valueName: "format"))
        var to: PropertyListFormat = .xml

        @Option(
            name: [.short, .customLong("output")], help: "Write to this file atomically instead of standard output ('-' for standard output).",
            completion: .file())
        var output: String?

        func run() throws {
            try ConvertRequest(file: file, from: from, to: to, output: output).perform()
        }
    }
}

/// What `prefs convert` does, apart from parsing its options.
struct ConvertRequest {
    var file: String
    var from: PropertyListFormat?
    var to: PropertyListFormat
    var output: String?

    /// The request for the plain forms `convert FILE` and `convert FILE --to FORMAT`, which
    /// ``FastPath`` runs without the argument parser; `nil` for any other form.
    static func plain(_ words: [String]) -> ConvertRequest? {
        guard let file = words.first, file == "-" || !file.hasPrefix("-") else { return nil }
        switch words.count {
        case 1: return ConvertRequest(file: file, to: .xml)
        case 3 where words[1] == "--to": return PropertyListFormat(rawValue: words[2]).map { ConvertRequest(file: file, to: $0) }
        default: return nil
        }
    }

    func perform() throws {
        let value = try AnyFormatInput.read(file, as: from).value
        let bytes: [UInt8]
        do throws(PropertyListError) {
            bytes = try to.encode(value)
        } catch {
            throw error.naming(file == "-" ? "<stdin>" : file)
        }
        if let output, output != "-" {
            try AtomicFile.write(output: bytes, to: output, notices: Output.notices)
        } else {
            Output.writeData(bytes)
            try Output.finish()
        }
    }
}
