/// A command line as a shell hands it to a custom completion, read as far as the word being
/// completed the way the commands read it: which options came with which values, and the
/// command's own words (DOMAIN, KEY, FILE…) before the one under the cursor.
///
/// Shells pass the words as typed, quotes and backslashes included (`'my domain'`), so each is
/// unquoted as the shell would before it is used.
struct CompletionLine {
    /// The options that take a value (every `@Option` of every command; a test checks the list
    /// against `prefs --experimental-dump-help`).
    static let valueOptions: Set<String> = [
        "--root", "--file", "--host", "--include", "--exclude", "--report", "--key-path", "--manifest", "--from", "--to", "--format", "-o", "--output",
        "--domain",
        "--store", "--index", "--id", "--name", "--emojis", "--at", "--columns", "-host"
    ]

    /// The words that are neither options nor option values, after the command's name(s).
    private(set) var arguments: [String] = []
    /// The value of each option given (the last one, when given twice), unquoted.
    private(set) var values: [String: String] = [:]
    /// The flags given (`-g`, `--global`, …).
    private(set) var flags: Set<String> = []
    /// Whether `--` ends the options before the word being completed, so that a word starting
    /// with `-` there is an argument.
    private(set) var endsOptions = false

    /// Reads `words[1..<index]` (`words[0]` is the program), leaving out the first `depth`
    /// arguments, which name the command (`read`; `palette`, `show`).
    init(_ words: [String], completing index: Int, commandDepth depth: Int) {
        var arguments: [String] = []
        var position = 1
        while position < min(index, words.count) {
            let word = Self.unquoted(words[position])
            position += 1
            if endsOptions || word == "-" || !word.hasPrefix("-") {
                arguments.append(word)
            } else if word == "--" {
                endsOptions = true
            } else if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                values[String(word[..<equals])] = String(word[word.index(after: equals)...])
            } else if Self.valueOptions.contains(word) {
                if position < index { values[word] = Self.unquoted(words[position]) }
                position += 1
            } else {
                flags.insert(word)
            }
        }
        self.arguments = Array(arguments.dropFirst(depth))
    }

    /// Whether `-g`, `--global` or `-globalDomain` names the global domain, or `--file` a file.
    var namesTarget: Bool {
        values["--file"] != nil || !flags.isDisjoint(with: ["-g", "--global", "-globalDomain"])
    }

    /// `word` as the shell passes it to the program: quotes removed, backslash escapes undone.
    static func unquoted(_ word: String) -> String {
        var result = String.UnicodeScalarView()
        var quote: Unicode.Scalar?
        var escaped = false
        // By scalar, as the shell reads bytes: a combining mark after a quote or backslash
        // would make one Character of them.
        for scalar in word.unicodeScalars {
            if escaped {
                result.append(scalar)
                escaped = false
            } else if scalar == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if scalar == open { quote = nil } else { result.append(scalar) }
            } else if scalar == "'" || scalar == "\"" {
                quote = scalar
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
