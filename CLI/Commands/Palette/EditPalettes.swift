import ArgumentParser
import Glibc
import Palettes

extension Prefs {
    /// `prefs palette edit`: edits the store in `$VISUAL` or `$EDITOR`, like `crontab -e`.
    struct EditPalettes: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit the palettes in $VISUAL or $EDITOR.",
            discussion: """
                Opens the text form (one palette per line, [ID] NAME: EMOJIS). On save it is validated; \
                if it has problems they are shown and you are asked whether to edit again. Nothing changes \
                unless the result is valid, and nothing changes if another process changed the store while \
                you were editing (your text is kept in a file then).
                """
        )

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }

        func run() throws {
            let original = try options.load()
            let header = "Palettes of store \"\(options.store)\" in domain \"\(options.domain)\"."
            let path = try TemporaryTextFile.create(PaletteText.format(original, header: header))
            var keepFile = false
            defer { if !keepFile { unlink(path) } }
            while true {
                try Editor.open(path)
                let text = try String(decoding: InputFile.read(path), as: UTF8.self)
                switch PaletteText.parse(text) {
                case .success(let edited):
                    guard edited != original else {
                        Output.error("no changes")
                        return
                    }
                    let changedMeanwhile = try options.modify { list -> Bool in
                        guard list == original else { return true }
                        list = edited
                        return false
                    }
                    if changedMeanwhile {
                        keepFile = true
                        throw CLIError(.writeFailed, "the palettes changed while you were editing; nothing was saved. Your text is in \(path) (prefs palette import \(path) applies it)")
                    }
                    return
                case .failure(let error):
                    for problem in error.problems { Output.error("\(path):\(problem.line): error: \(problem.message)") }
                    guard Prompt.confirm("Edit again? [Y/n] ") else {
                        throw CLIError(.usage, "the palettes were not changed")
                    }
                }
            }
        }
    }
}
