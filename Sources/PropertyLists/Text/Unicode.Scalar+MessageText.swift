extension Unicode.Scalar {
    /// The scalar as an error message shows it: in quotes (`'x'`) when it shows as itself, else
    /// by its code point (`U+0000`), so that a NUL or other control character never lands raw
    /// on a terminal.
    var messageText: String {
        let category = properties.generalCategory
        guard category == .control || category == .format || category == .lineSeparator || category == .paragraphSeparator else {
            return "'\(Character(self))'"
        }
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + hex.leftPadded(4)
    }
}
