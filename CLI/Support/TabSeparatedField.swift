/// A field of a tab-separated line, such as `prefs watch` and `prefs palette list` print:
/// escaped so that a tab or line break in a key, value or name cannot split the line.
enum TabSeparatedField {
    /// `text` with `\` written `\\`, tab `\t`, line feed `\n`, carriage return `\r`, and every
    /// other control character `\xHH` (C0 and DEL) or `\uHHHH` (C1): the escapes of
    /// `printf '%b'`, which decodes the field back to `text`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\\" || $0.properties.generalCategory == .control }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where scalar.properties.generalCategory == .control:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let width = scalar.isASCII ? 2 : 4
                result += (scalar.isASCII ? "\\x" : "\\u") + String(repeating: "0", count: width - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
