import ArgumentParser
import Palettes
import PropertyLists

extension Prefs {
    /// `prefs palette export [--json]`.
    struct ExportPalettes: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Print the palettes: the editable text form, or with --json a JSON array for other tools."
        )

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }
        @Flag(help: "Print a plain JSON array of {\"emojis\", \"id\", \"name\"}.") var json = false

        func run() throws {
            let list = try options.load()
            if json {
                let entries: [PropertyList] = list.palettes.map {
                    ["id": .integer(PropertyListInteger($0.id)), "name": .string($0.name), "emojis": .string($0.emojis)]
                }
                Output.write(try JSONWriter().write(.array(entries)))
            } else {
                Output.write(PaletteText.format(list, header: "Palettes of store \"\(options.store)\" in domain \"\(options.domain)\"."))
            }
        }
    }

    /// `prefs palette import FILE|-`.
    struct ImportPalettes: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Replace the store's palettes with a JSON array or the text form.",
            discussion: "The input is validated first (emojis only, names not empty, at least one palette); duplicate ids are reassigned. On any error nothing changes."
        )

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }
        @Argument(help: "The file to import; '-' reads standard input.") var file: String

        func run() throws {
            let bytes = try InputFile.read(file)
            let source = file == "-" ? "<stdin>" : file
            let imported: Palettes.PaletteList
            // JSON is an array of objects ("[{" or "[]"); the text form may also start with "[" (an id).
            let significant = bytes.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }.prefix(2)
            if significant.first == UInt8(ascii: "["), significant.dropFirst().first.map({ $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "]") }) ?? true {
                let (list, warnings) = try PaletteDocument.decodeJSON(bytes, source: source)
                for warning in warnings { Output.error("warning: " + warning) }
                imported = list
            } else {
                switch PaletteText.parse(String(decoding: bytes, as: UTF8.self)) {
                case .success(let list): imported = list
                case .failure(let error):
                    throw CLIError(.usage, "\(source) is not a valid palette list:\n" + error.problems.map { "\(source):\($0.line): error: \($0.message)" }.joined(separator: "\n"))
                }
            }
            try options.modify { $0 = imported }
        }
    }
}
