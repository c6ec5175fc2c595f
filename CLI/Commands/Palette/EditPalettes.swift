import ArgumentParser
import Glibc
import Palettes
import PropertyLists

extension Prefs {
    /// `prefs palette edit`: edits the store in `$VISUAL` or `$EDITOR`, like `crontab -e`.
    struct EditPalettes: PaletteSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit the palettes in $VISUAL or $EDITOR.",
            discussion: """
                Opens the text form (one palette per line, [ID] NAME: EMOJIS; see import for what is \
                accepted). On save it is validated; if it has problems they are shown and you are asked \
                whether to edit again. Palettes keep the fields other tools stored under their id. Nothing \
                changes unless the result is valid, and nothing changes if another process changed the \
                store while you were editing (your text is kept in a file then; edit again and copy your \
                changes over).
                """
        )

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions

        func run() throws {
            let original = try options.load(creating: true)
            let header = "Palettes of store \"\(options.store)\" in domain \"\(options.domain)\"."
            let path = try TemporaryTextFile.create(PaletteText.format(original, header: header))
            var keepFile = false
            defer { if !keepFile { unlink(path) } }
            while true {
                try Editor.open(path)
                let input: PaletteInput
                do {
                    input = try PaletteInput(InputFile.read(path), source: path)
                } catch let error as CLIError {
                    for diagnostic in error.diagnostics.isEmpty
                        ? [PropertyListDiagnostic(file: path, line: nil, message: error.message)] : error.diagnostics
                    { Output.error(diagnostic.description) }
                    guard Prompt.confirm("Edit again? [Y/n] ") else {
                        throw CLIError(.usage, "the palettes were not changed")
                    }
                    continue
                }
                for warning in input.warnings { Output.error("warning: " + warning) }
                let edited = try input.replacing(original)
                guard edited != original else {
                    Output.error("no changes")
                    return
                }
                let changedMeanwhile = try options.modify(notingNewStore: false) { list -> Bool in
                    guard list == original else { return true }
                    list = edited
                    return false
                }
                if changedMeanwhile {
                    keepFile = true
                    throw CLIError(
                        .writeFailed,
                        """
                        the palettes changed while you were editing; nothing was saved. Your text is in \(path). \
                        Importing it as it is would undo the other change: run prefs palette edit again and copy \
                        your changes over from that file
                        """)
                }
                return
            }
        }
    }
}
