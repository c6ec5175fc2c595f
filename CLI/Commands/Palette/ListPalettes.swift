import ArgumentParser
import Palettes
import PropertyLists

extension Prefs {
    /// `prefs palette list`.
    struct ListPalettes: PaletteSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the palettes: index, id, name, emoji count and a preview.",
            discussion: """
                One palette per line, tab-separated; names are padded to the width of the widest (wide \
                characters and emojis count two columns), a tab in a name written \\t and a backslash \\\\ \
                (as watch escapes its fields). A store with nothing saved lists the built-in palettes, \
                with a note on stderr.
                """
        )

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions

        @Flag(help: "Print a JSON array of {\"emojis\", \"id\", \"index\", \"name\"}.")
        var json = false

        func run() throws {
            let list = try options.load()
            if json {
                let entries: [PropertyList] = list.palettes.enumerated().map { index, palette in
                    [
                        "index": .integer(PropertyListInteger(index)), "id": .integer(PropertyListInteger(palette.id)),
                        "name": .string(palette.name), "emojis": .string(palette.emojis)
                    ]
                }
                Output.write(try JSONWriter().write(.array(entries)), as: .json)
                return
            }
            let names = list.palettes.map { TextEscaper.field.escaped($0.name) }
            let nameWidth = names.map(DisplayWidth.of).max() ?? 0
            for (index, palette) in list.palettes.enumerated() {
                let preview = palette.emojis.count > 12 ? String(palette.emojis.prefix(12)) + "…" : palette.emojis
                let name = names[index] + String(repeating: " ", count: nameWidth - DisplayWidth.of(names[index]))
                Output.write("\(index)\t\(palette.id)\t\(name)\t\(palette.emojis.count)\t\(preview)\n")
            }
        }
    }
}
