import ArgumentParser

extension Prefs {
    /// `prefs palette COMMAND`: edits EmojiArt palette stores.
    struct PaletteCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "palette",
            abstract: "Edit EmojiArt palette stores.",
            discussion: """
                A store named NAME keeps its palettes under the key PaletteStore:NAME of a domain \
                (default: store Main in domain palettes) as JSON data: an array of {"emojis", "id", "name"}; \
                other fields in those objects are kept byte for byte. Indices out of range are clamped (and \
                the command says so); an unknown id or name exits 1. A store with nothing saved shows the \
                built-in palettes, with a note on stderr.

                EMOJIS are whole emojis, written together or separated by spaces (any white space; \
                add-emojis and remove-emojis also take several arguments): a pictograph with an \
                optional variation selector or skin tone, a keycap (1️⃣), a flag (🇫🇷), a tag flag, or such \
                emojis joined by zero-width joiners (👨‍👩‍👧). A lone skin tone, joiner, selector or regional \
                indicator, letters and digits are refused (exit 2). ☺ and ☺️ count as the same emoji. \
                NAME is text on one line without spaces at either end.

                Stored palettes that break these rules (duplicate ids, bad names, partial emojis, \
                repeats) are repaired when read, each with a warning, and written repaired by the next \
                change. A stored value that does not decode exits 3 and is left untouched; \
                import --replace-damaged saves it aside and replaces it.
                """,
            subcommands: [
                ListPalettes.self, ShowPalette.self, AddPalette.self, RemovePalette.self, RenamePalette.self,
                MovePalette.self, AddEmojis.self, RemoveEmojis.self, ExportPalettes.self, ImportPalettes.self,
                EditPalettes.self
            ]
        )

        @OptionGroup var options: PaletteOptions
    }
}
