import ArgumentParser
import Palettes
import PropertyLists

extension Prefs {
    /// `prefs palette list`.
    struct ListPalettes: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the palettes: index, id, name, emoji count and a preview."
        )

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }

        @Flag(help: "Print a JSON array of {\"emojis\", \"id\", \"index\", \"name\"}.")
        var json = false

        func run() throws {
            let list = try options.load()
            if json {
                let entries: [PropertyList] = list.palettes.enumerated().map { index, palette in
                    ["index": .integer(PropertyListInteger(index)), "id": .integer(PropertyListInteger(palette.id)),
                     "name": .string(palette.name), "emojis": .string(palette.emojis)]
                }
                Output.write(try JSONWriter().write(.array(entries)))
                return
            }
            let nameWidth = list.palettes.map(\.name.count).max() ?? 0
            for (index, palette) in list.palettes.enumerated() {
                let preview = palette.emojis.count > 12 ? String(palette.emojis.prefix(12)) + "…" : palette.emojis
                let name = palette.name + String(repeating: " ", count: nameWidth - palette.name.count)
                Output.write("\(index)\t\(palette.id)\t\(name)\t\(palette.emojis.count)\t\(preview)\n")
            }
        }
    }

    /// `prefs palette show SELECTOR`.
    struct ShowPalette: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a palette's emojis as a grid.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }
        @OptionGroup var selector: PaletteSelector

        @Option(help: "Emojis per row.")
        var columns = 8

        func run() throws {
            let list = try options.load()
            let palette = list.palettes[try selector.resolve(in: list)]
            Output.write("\(palette.name) (id \(palette.id), \(palette.emojis.count) emojis)\n")
            let emojis = Array(palette.emojis)
            for row in stride(from: 0, to: emojis.count, by: max(columns, 1)) {
                Output.write(emojis[row..<min(row + max(columns, 1), emojis.count)].map(String.init).joined(separator: " ") + "\n")
            }
        }
    }
}
