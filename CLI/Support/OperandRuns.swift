import ArgumentParser

/// The long lists of words that `validate`, `check-manifest` and `check` (files, domains),
/// `write` (an array's or a dictionary's values) and `palette add-emojis` and `remove-emojis`
/// take, folded before swift-argument-parser parses the command line and unfolded after.
///
/// swift-argument-parser stores each word of a repeated positional argument by copying the
/// list read so far and merging the set of its positions, so parsing *n* of them takes time
/// quadratic in *n*: 8,000 files took 4.7 s before the first was read (pre-commit passes
/// thousands). Folded, the parser sees a few words whatever the length of the list.
///
/// Each run of two or more words that are neither options nor `-` (after `--`: that are not
/// `-`) keeps its first word (an option's value, as in `--manifest M a b`, or the first of the
/// list) and has the rest replaced by one marker. The words a marker stands for are the
/// command's own: no option of these commands takes more than one word. A marker holds a NUL, which no argument can, so it is never a real word; it stands
/// where the words were, so unfolding the parsed list puts each word back in its place, and
/// the parser sees every option, `--` and `-` where they were.
struct OperandRuns {
    /// The arguments the parser is given, program first.
    let arguments: [String]
    /// The words each marker stands for, by the marker's number.
    private var runs: [ArraySlice<String>] = []

    /// `arguments` (the process's, program first) folded after their command words when the
    /// command takes a list (``OperandListCommand``); unchanged otherwise.
    init(_ arguments: [String]) {
        var commands = Prefs.configuration.subcommands
        var command: (any ParsableCommand.Type)?
        var start = 1
        while start < arguments.count, let named = commands.first(where: { $0.configuration.commandName == arguments[start] }) {
            command = named
            commands = named.configuration.subcommands
            start += 1
        }
        guard command is any OperandListCommand.Type, arguments.count - start > 2 else {
            self.arguments = arguments
            return
        }
        var folded = Array(arguments[..<start])
        var afterTerminator = false
        while start < arguments.count {
            if !afterTerminator, arguments[start] == "--" {
                folded.append("--")
                afterTerminator = true
                start += 1
                continue
            }
            var end = start
            while end < arguments.count, arguments[end] != "-", afterTerminator || !arguments[end].hasPrefix("-") { end += 1 }
            guard end - start >= 2 else {
                folded.append(arguments[start])
                start += 1
                continue
            }
            folded.append(arguments[start])
            folded.append(Self.marker(runs.count))
            runs.append(arguments[(start + 1)..<end])
            start = end
        }
        self.arguments = folded
    }

    /// `command` with the words of its list unfolded, as they were given.
    func unfolded(_ command: any ParsableCommand) -> any ParsableCommand {
        guard !runs.isEmpty, var listing = command as? any OperandListCommand else { return command }
        var words: [String] = []
        for word in listing.operands {
            if let number = Self.number(of: word) { words += runs[number] } else { words.append(word) }
        }
        listing.operands = words
        return listing
    }

    private static func marker(_ number: Int) -> String {
        "\u{0}\(number)"
    }

    private static func number(of word: String) -> Int? {
        guard word.utf8.first == 0 else { return nil }
        return Int(word.dropFirst())
    }
}

/// A command whose one positional argument is a list of words (files, folders, domains, a
/// write's words, emojis) and whose options take one word at most, so that ``OperandRuns``
/// may fold its list.
///
/// Its `validate()` sees the list folded: every `-` and the first word of each run, not the
/// others.
protocol OperandListCommand: ParsableCommand {
    /// The words of the list.
    var operands: [String] { get set }
}
