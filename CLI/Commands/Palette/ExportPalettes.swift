import ArgumentParser
import Palettes
import PropertyLists

extension Prefs {
    /// `prefs palette export [--json]`.
    struct ExportPalettes: PaletteSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Print the palettes: the editable text form, or with --json a JSON array for other tools.",
            discussion: """
                --json prints every field, including ones other tools stored beside emojis, id and name, \
                with each palette's emojis as an array of its emojis (Schemas/palettes-export.schema.json). \
                The text form shows ids, names and emojis; importing it back keeps the other fields of \
                each id. Either form imported back gives the same store.
                """
        )

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        @Flag(help: "Print a JSON array of {\"emojis\": [EMOJI, …], \"id\", \"name\", …}, other fields included.") var json = false

        func run() throws {
            let list = try options.load()
            if json {
                Output.write(PaletteJSON.encode(list.palettes, pretty: true, emojiArrays: true), as: .json)
            } else {
                // The text form is a document to import back, written exactly as `export` writes
                // one: a guard's escape in a name would be imported as part of the name.
                let text = PaletteText.format(
                    list, header: "Palettes of store \(options.store.quotedForMessage()) in domain \(options.domain.quotedForMessage()).")
                Output.writeData(Array(text.utf8))
            }
        }
    }
}
