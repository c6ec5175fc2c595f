/// The plain command lines that scripts and shell prompts run in loops, recognized without the
/// argument parser.
///
/// Building swift-argument-parser's command tree (reflection over every command's properties)
/// costs more than reading a small domain, so `prefs read DOMAIN [KEY]`,
/// `prefs write DOMAIN KEY ...` and `prefs validate FILE...` with no options go straight to the
/// same requests that `Read`, `Write` and `Validate` build after parsing. Anything else, including every option and `--help`, takes
/// the full parser.
enum FastPath {
    /// The work for `arguments` (the process's, program first), or `nil` when it is not one of
    /// the plain forms.
    static func request(for arguments: [String]) -> (() throws -> Void)? {
        guard arguments.count >= 3, !arguments[2].hasPrefix("-") else { return nil }
        let words = Array(arguments[2...])
        switch arguments[1] {
        case "read" where words.count <= 2 && !words.contains(where: { $0.hasPrefix("-") }):
            return ReadRequest(words: words).perform
        case "write" where words.count >= 2:
            return WriteRequest(words: words).perform
        case "validate" where !words.contains(where: { $0.hasPrefix("-") && $0 != "-" }):
            return ValidateRequest(files: words).perform
        default:
            return nil
        }
    }
}
