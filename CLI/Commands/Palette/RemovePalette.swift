import ArgumentParser
import Palettes

extension Prefs {
    /// `prefs palette remove SELECTOR`.
    struct RemovePalette: PaletteSubcommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a palette (never the last one).")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        @OptionGroup var selector: PaletteSelector

        func run() throws {
            try options.modify { (list: inout Palettes.PaletteList) throws(PaletteError) in
                try list.removePalette(at: try selector.resolve(in: list))
            }
        }
    }
}
