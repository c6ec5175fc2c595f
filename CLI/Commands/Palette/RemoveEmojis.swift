import ArgumentParser
import Palettes

extension Prefs {
    /// `prefs palette remove-emojis SELECTOR EMOJIS`.
    struct RemoveEmojis: PaletteSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "remove-emojis", abstract: "Remove emojis (whole grapheme clusters) from a palette.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        @OptionGroup var selector: PaletteSelector
        @Argument(help: "The emojis to remove; ☺ also removes ☺️.") var emojis: String

        func run() throws {
            try options.modify { list in
                list.removeEmojis(emojis, fromPaletteAt: try selector.resolve(in: list))
            }
        }
    }
}
