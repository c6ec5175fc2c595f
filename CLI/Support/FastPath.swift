/// The plain command lines that scripts and shell prompts run in loops, recognized without the
/// argument parser.
///
/// Building swift-argument-parser's command tree (reflection over every command's properties)
/// costs more than reading a small domain, so `prefs read DOMAIN [KEY]`,
/// `prefs write DOMAIN KEY ...` (options only after the key), `prefs validate [-q] FILE...` and
/// `prefs convert FILE [--to FORMAT]`
/// go straight to the same requests that `Read`, `Write` and `Validate` build after parsing,
/// and `prefs --help` prints ``RootHelp``. Anything else, including every other option and
/// `prefs help`, takes the full parser.
enum FastPath {
    /// The work for `arguments` (the process's, program first), or `nil` when it is not one of
    /// the plain forms.
    static func request(for arguments: [String]) -> (() throws -> Void)? {
        if arguments.count == 2, arguments[1] == "--help" || arguments[1] == "-h", RootHelp.matchesTerminalWidth {
            return { Output.write(RootHelp.text) }
        }
        guard arguments.count >= 3 else { return nil }
        let words = Array(arguments[2...])
        switch arguments[1] {
        case "read" where words.count <= 2 && !words.contains(where: { $0.hasPrefix("-") }):
            return ReadRequest(words: words).perform
        case "write" where words.count >= 2 && !words[0].hasPrefix("-"):
            return WriteRequest(words: words).perform
        case "convert":
            return ConvertRequest.plain(words)?.perform
        case "validate":
            let files = words.filter { $0 != "-q" && $0 != "--quiet" }
            guard !files.isEmpty, !files.contains(where: { $0.hasPrefix("-") && $0 != "-" }) else { return nil }
            return ValidateRequest(files: files, quiet: files.count < words.count).perform
        default:
            return nil
        }
    }
}
