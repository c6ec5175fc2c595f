import ArgumentParser
import Palettes

extension Prefs {
    /// `prefs palette add-emojis SELECTOR EMOJIS…`.
    struct AddEmojis: PaletteSubcommand, OperandListCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-emojis", abstract: "Add emojis to a palette; ones it holds already are skipped.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        @OptionGroup var selector: PaletteSelector
        @Argument(help: "The emojis to add, in one argument or several: whole emojis only (see prefs palette --help).")
        var emojis: [String]

        var operands: [String] {
            get { emojis }
            set { emojis = newValue }
        }

        func run() throws {
            try options.modify { (list: inout Palettes.PaletteList) throws(PaletteError) in
                try list.addEmojis(emojis.joined(separator: " "), toPaletteAt: try selector.resolve(in: list))
            }
        }
    }
}
