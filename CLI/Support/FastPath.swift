/// The plain command lines that scripts and shell prompts run in loops, recognized without the
/// argument parser.
///
/// Building swift-argument-parser's command tree (reflection over every command's properties)
/// costs more than reading a small domain, so `prefs read DOMAIN [KEY]`,
/// `prefs write DOMAIN KEY ...` (options only after the key),
/// `prefs validate [-q] [--strict] [--manifest MANIFEST] PATH...` and
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
            return validateRequest(words)
        default:
            return nil
        }
    }

    /// `validate`'s plain forms: `-q`/`--quiet` and `--strict` anywhere, `--manifest PATH` once,
    /// files and folders that do not start with `-` (but `-` itself).
    private static func validateRequest(_ words: [String]) -> (() throws -> Void)? {
        var quiet = false
        var strict = false
        var manifest: String?
        var files: [String] = []
        var rest = words[...]
        while let word = rest.popFirst() {
            switch word {
            case "-q", "--quiet": quiet = true
            case "--strict": strict = true
            case "--manifest":
                guard manifest == nil, let path = rest.popFirst(), !path.hasPrefix("-") else { return nil }
                manifest = path
            case _ where word.hasPrefix("-") && word != "-": return nil
            default: files.append(word)
            }
        }
        guard !files.isEmpty, !strict || manifest != nil else { return nil }
        return ValidateRequest(paths: files, quiet: quiet, manifest: manifest, strict: strict).perform
    }
}
