import ArgumentParser

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
                let suggestion = (path == "prefs" ? synonyms[word] : nil) ?? nearest(to: word, in: names)
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

    /// The name within two edits of `word` (Levenshtein distance), if any; the closest wins.
    private static func nearest(to word: String, in names: [String]) -> String? {
        let scored = names.map { ($0, distance(Array(word.lowercased()), Array($0))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
