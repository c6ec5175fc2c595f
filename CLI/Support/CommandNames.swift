import ArgumentParser
import Preferences

/// The subcommand names on a command line, checked before parsing so that a mistyped verb
/// (`prefs remove d k`, `prefs help nosuch`) is called an unknown command with the nearest
/// real one suggested, instead of "3 unexpected arguments" or the main help with status 0.
enum CommandNames {
    /// Words people type for a verb prefs names otherwise, from `rm`, `git config` and `defaults`.
    private static let synonyms = [
        "remove": "delete", "rm": "delete", "del": "delete", "unset": "delete",
        "set": "write", "put": "write", "get": "read", "show": "read", "cat": "read", "print": "read",
        "list": "domains", "ls": "domains", "search": "find", "grep": "find", "mv": "rename", "move": "rename",
        "type": "read-type", "lint": "validate"
    ]

    /// Checks the subcommand words at the front of `arguments` (the process's, program first),
    /// and after `help`.
    ///
    /// - Throws: ``CLIError`` with status 2 naming the unknown command and the nearest known one.
    static func check(_ arguments: [String]) throws {
        var words = arguments.dropFirst()
        var subcommands = Prefs.configuration.subcommands
        var path = "prefs"
        if words.first == "help" {
            words.removeFirst()
            if words.first == "help" { return }
        }
        while !subcommands.isEmpty, let word = words.popFirst(), !word.hasPrefix("-") {
            let names = subcommands.map { $0.configuration.commandName ?? "" }
            guard let index = names.firstIndex(of: word) else {
                let suggestion = (path == "prefs" ? synonyms[word] : nil) ?? NearestName.nearest(to: word, in: names)
                throw CLIError(
                    .usage,
                    "unknown command \"\(word)\"\(suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""); "
                        + "the commands of \(path) are \(names.joined(separator: ", ")); see '\(path) --help'")
            }
            let configuration = subcommands[index].configuration
            guard configuration.defaultSubcommand == nil else { return }
            subcommands = configuration.subcommands
            path += " " + word
        }
    }
}
