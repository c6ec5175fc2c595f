import ArgumentParser
import Palettes

extension Prefs {
    /// `prefs palette add NAME [--emojis E] [--at INDEX]`.
    struct AddPalette: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a palette with a new id.",
            discussion: "The id is one above the largest, or the smallest unused one when the largest possible id is taken.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }
        @Argument(help: "The new palette's name: one line, no spaces at either end.") var name: String
        @Option(help: "Its emojis: whole emojis only; repeats are dropped.") var emojis = ""
        @Option(parsing: .unconditional, help: "Where it goes (clamped); the front by default.") var at = 0

        func run() throws {
            let (index, id) = try options.modify { list in
                let index = try list.insertPalette(named: name, emojis: emojis, at: at)
                return (index, list.palettes[index].id)
            }
            if index != at { Output.error("note: index \(at) is out of range; inserted at \(index)") }
            Output.write("added \"\(name)\" with id \(id) at index \(index)\n")
        }
    }

    /// `prefs palette remove SELECTOR`.
    struct RemovePalette: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a palette (never the last one).")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }
        @OptionGroup var selector: PaletteSelector

        func run() throws {
            try options.modify { list in
                try list.removePalette(at: try selector.resolve(in: list))
            }
        }
    }

    /// `prefs palette rename SELECTOR NEW`.
    struct RenamePalette: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a palette.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }
        @OptionGroup var selector: PaletteSelector
        @Argument(help: "The new name: one line, no spaces at either end.") var newName: String

        func run() throws {
            try options.modify { list in
                try list.renamePalette(at: try selector.resolve(in: list), to: newName)
            }
        }
    }

    /// `prefs palette move SELECTOR --to INDEX`.
    struct MovePalette: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a palette to another index (clamped).")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }
        @OptionGroup var selector: PaletteSelector
        @Option(parsing: .unconditional, help: "The index to move it to.") var to: Int

        func run() throws {
            let index = try options.modify { list in
                list.movePalette(from: try selector.resolve(in: list), to: to)
            }
            if index != to { Output.error("note: index \(to) is out of range; moved to \(index)") }
        }
    }

    /// `prefs palette add-emojis SELECTOR EMOJIS`.
    struct AddEmojis: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-emojis", abstract: "Add emojis to a palette; ones it holds already are skipped.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }
        @OptionGroup var selector: PaletteSelector
        @Argument(help: "The emojis to add: whole emojis only (see prefs palette --help).") var emojis: String

        func run() throws {
            try options.modify { list in
                try list.addEmojis(emojis, toPaletteAt: try selector.resolve(in: list))
            }
        }
    }

    /// `prefs palette remove-emojis SELECTOR EMOJIS`.
    struct RemoveEmojis: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove-emojis", abstract: "Remove emojis (whole grapheme clusters) from a palette.")

        @ParentCommand var palette: PaletteCommand
        @OptionGroup var localOptions: PaletteOptions
        var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }
        @OptionGroup var selector: PaletteSelector
        @Argument(help: "The emojis to remove; ☺ also removes ☺️.") var emojis: String

        func run() throws {
            try options.modify { list in
                list.removeEmojis(emojis, fromPaletteAt: try selector.resolve(in: list))
            }
        }
    }
}
