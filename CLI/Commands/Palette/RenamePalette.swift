import ArgumentParser
import Palettes

extension Prefs {
    /// `prefs palette rename SELECTOR NEW`.
    struct RenamePalette: PaletteSubcommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a palette.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        @OptionGroup var selector: PaletteSelector
        @Argument(help: "The new name: one line, no spaces at either end.") var newName: String

        func run() throws {
            try options.modify { (list: inout Palettes.PaletteList) throws(PaletteError) in
                try list.renamePalette(at: try selector.resolve(in: list), to: newName)
            }
        }
    }
}
