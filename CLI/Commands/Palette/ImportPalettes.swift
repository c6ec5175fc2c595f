import ArgumentParser
import Palettes

extension Prefs {
    /// `prefs palette import [--replace-damaged] FILE|-`.
    struct ImportPalettes: PaletteSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Replace the store's palettes with a JSON array or the text form.",
            discussion: """
                FILE holds the JSON that export --json prints (an array of {"emojis", "id", "name"}; other \
                fields are stored as they are) or the text form that export prints ([ID] NAME: EMOJIS per \
                line; palettes keep the other fields stored under their id). A UTF-8 byte-order mark and \
                CRLF line ends are accepted. The input is validated first (whole emojis only, names on one \
                line without surrounding spaces, at least one palette, no duplicate JSON keys); duplicate \
                ids are reassigned. On any error nothing changes. When the stored value does not decode \
                (exit 3), --replace-damaged saves it to a new file beside the domain file, prints its path \
                and replaces it.
                """
        )

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        @Flag(help: "If the stored value does not decode, save it beside the domain file first, then replace it.")
        var replaceDamaged = false
        @Argument(help: "The file to import; '-' reads standard input.", completion: .file()) var file: String

        func run() throws {
            let input = try PaletteInput(InputFile.read(file), source: file == "-" ? "<stdin>" : file)
            for warning in input.warnings { Output.error("warning: " + warning) }
            // The old palettes are replaced, so their repair warnings are not shown.
            let replace = { (list: inout Palettes.PaletteList) throws(PaletteError) in list = try input.replacing(list) }
            let document = try options.document()
            if replaceDamaged {
                if let saved = try document.change(replacingDamaged: true, replace).damagedCopy {
                    Output.error("note: the damaged value of \(document.key) was saved to \(saved)")
                }
            } else {
                try options.withDamageHint { _ = try document.modify(replace) }
            }
            Output.noteChangeSaved()
        }
    }
}
