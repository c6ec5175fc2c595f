import ArgumentParser
import Palettes

extension Prefs {
    /// `prefs palette move SELECTOR --to INDEX`.
    struct MovePalette: PaletteSubcommand {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a palette to another index (clamped).")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        @OptionGroup var selector: PaletteSelector
        @Option(parsing: .unconditional, help: "The index to move it to.") var to: Int

        func run() throws {
            let index = try options.modify { (list: inout Palettes.PaletteList) throws(PaletteError) in
                list.movePalette(from: try selector.resolve(in: list), to: to)
            }
            if index != to { Output.error("note: index \(to) is out of range; moved to \(index)") }
        }
    }
}
