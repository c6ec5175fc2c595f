import ArgumentParser
import Palettes
import PropertyLists

extension Prefs {
    /// `prefs palette add NAME [--emojis E] [--at INDEX]`.
    struct AddPalette: PaletteSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a palette with a new id.",
            discussion: "The id is one above the largest, or the smallest unused one when the largest possible id is taken.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        @Argument(help: "The new palette's name: one line, no spaces at either end.") var name: String
        @Option(help: "Its emojis: whole emojis only, together or separated by spaces; repeats are dropped.") var emojis = ""
        @Option(parsing: .unconditional, help: "Where it goes (clamped); the front by default.") var at = 0

        func run() throws {
            let (index, id) = try options.modify { (list: inout Palettes.PaletteList) throws(PaletteError) in
                let index = try list.insertPalette(named: name, emojis: emojis, at: at)
                return (index, list.palettes[index].id)
            }
            if index != at { Output.error("note: index \(at) is out of range; inserted at \(index)") }
            Output.write("added \(name.quotedForMessage()) with id \(id) at index \(index)\n")
        }
    }
}
