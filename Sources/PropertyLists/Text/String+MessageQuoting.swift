extension String {
    /// The text as messages quote it: in double quotes, with quotes and backslashes escaped and
    /// control characters written `\n`, `\t`, `\r` or `\u{1b}`, so a message stays one line;
    /// cut after `limit` characters with `…`.
    ///
    /// Every message of prefs that quotes a name, key or value quotes it so.
    package func quotedForMessage(limit: Int = .max) -> String {
        var result = "\""
        var count = 0
        for character in self {
            guard count < limit else {
                result += "…"
                break
            }
            count += 1
            for scalar in character.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\t": result += "\\t"
                case "\r": result += "\\r"
                default:
                    if scalar.properties.generalCategory == .control {
                        result += "\\u{" + String(scalar.value, radix: 16) + "}"
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return result + "\""
    }
}
