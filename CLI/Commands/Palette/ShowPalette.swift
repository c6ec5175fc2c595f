import ArgumentParser
import Palettes
import PropertyLists

extension Prefs {
    /// `prefs palette show SELECTOR`.
    struct ShowPalette: PaletteSubcommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a palette's emojis as a grid.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        @OptionGroup var selector: PaletteSelector

        @Option(parsing: .unconditional, help: "Emojis per row, at least 1.")
        var columns = 8

        func validate() throws {
            guard columns >= 1 else { throw ValidationError("--columns must be at least 1, not \(columns)") }
        }

        func run() throws {
            let list = try options.load()
            let palette = list.palettes[try selector.resolve(in: list)]
            let count = palette.emojis.count
            Output.write("\(TextEscaper.field.escaped(palette.name)) (id \(palette.id), \(count) \(count == 1 ? "emoji" : "emojis"))\n")
            let emojis = Array(palette.emojis)
            for row in stride(from: 0, to: emojis.count, by: columns) {
                Output.write(emojis[row...].prefix(columns).map(String.init).joined(separator: " ") + "\n")
            }
        }
    }
}
