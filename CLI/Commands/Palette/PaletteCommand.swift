import ArgumentParser

extension Prefs {
    /// `prefs palette COMMAND`: edits EmojiArt palette stores.
    struct PaletteCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "palette",
            abstract: "Edit EmojiArt palette stores.",
            discussion: """
                A store named NAME keeps its palettes under the key PaletteStore:NAME of a domain \
                (default: store Main in domain palettes) as JSON data: an array of {"emojis", "id", "name"}. \
                Indices out of range are clamped (and the command says so); an unknown id or name exits 1.
                """,
            subcommands: [
                ListPalettes.self, ShowPalette.self, AddPalette.self, RemovePalette.self, RenamePalette.self,
                MovePalette.self, AddEmojis.self, RemoveEmojis.self, ExportPalettes.self, ImportPalettes.self,
                EditPalettes.self,
            ]
        )

        @OptionGroup var options: PaletteOptions
    }
}
