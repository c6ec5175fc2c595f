import ArgumentParser
import Palettes

extension Prefs {
    /// `prefs palette remove-emojis SELECTOR EMOJIS…`.
    struct RemoveEmojis: PaletteSubcommand, OperandListCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove-emojis", abstract: "Remove emojis (whole grapheme clusters) from a palette.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        @OptionGroup var selector: PaletteSelector
        @Argument(help: "The emojis to remove, in one argument or several: whole emojis only; ☺ also removes ☺️.")
        var emojis: [String]

        var operands: [String] {
            get { emojis }
            set { emojis = newValue }
        }

        func run() throws {
            try options.modify { (list: inout Palettes.PaletteList) throws(PaletteError) in
                try list.removeEmojis(emojis.joined(separator: " "), fromPaletteAt: try selector.resolve(in: list))
            }
        }
    }
}
