extension String {
    /// The text as messages quote it: in double quotes, with quotes escaped and the rest
    /// escaped as a ``TextEscaper/field`` (backslashes doubled, control characters written
    /// `\n`, `\t`, `\r`, `\x1B`, `\u0085`), so a message stays one line and the quoted text
    /// reads back exactly; cut after `limit` characters with `…`.
    ///
    /// Every message of prefs that quotes a name, key or value quotes it so.
    package func quotedForMessage(limit: Int = .max) -> String {
        var result = String.UnicodeScalarView()
        result.append("\"")
        var count = 0
        for character in self {
            guard count < limit else {
                result.append("…")
                break
            }
            count += 1
            for scalar in character.unicodeScalars {
                if scalar == "\"" {
                    result.append(contentsOf: "\\\"".unicodeScalars)
                } else {
                    TextEscaper.field.append(scalar, to: &result)
                }
            }
        }
        result.append("\"")
        return String(result)
    }
}
