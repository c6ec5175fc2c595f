/// Words that swift-argument-parser would read as a cluster of short flags (`-hq` as `-h -q`),
/// refused before parsing: any cluster holding `h` would ask for help, so a mistyped option
/// such as `-host` or `-hidden` would print the help and exit 0 without doing anything. prefs
/// has no command that takes clustered short flags.
enum ShortFlagClusters {
    /// The options spelled with one dash and several letters, which are not clusters.
    static let singleDashNames: Set<String> = ["-globalDomain"]

    /// Checks the words of `arguments` (the process's, program first) up to `--`; after the
    /// command `write`, which reads its own words (``WriteRequest``), none.
    ///
    /// - Throws: ``CLIError`` with status 2 naming the first cluster.
    static func check(_ arguments: [String]) throws {
        var command: String?
        for word in arguments.dropFirst() {
            if word == "--" { return }
            if command == nil, !word.hasPrefix("-") {
                if word == "write" { return }
                command = word
            }
            guard isCluster(word), !singleDashNames.contains(word) else { continue }
            if word == "-currentHost" || word == "-host" {
                let (before, after) = word == "-host" ? ("-host NAME", "--host NAME") : (word, "--current-host")
                throw CLIError(.usage, "\(word) goes before the command, as with defaults (prefs \(before) COMMAND …), or give \(after) after it")
            }
            let help = command.map { "prefs help \($0)" } ?? "prefs --help"
            throw CLIError(.usage, "unknown option \"\(word)\"; see '\(help)' for the options")
        }
    }

    /// Whether `word` is one dash, a letter, and at least one more letter or digit.
    private static func isCluster(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
        return bytes.count > 2 && bytes[0] == UInt8(ascii: "-") && isLetter(bytes[1])
            && bytes[2...].allSatisfy { isLetter($0) || (48...57).contains($0) }
    }
}
