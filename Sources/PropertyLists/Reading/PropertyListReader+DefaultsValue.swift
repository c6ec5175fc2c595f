extension PropertyListReader {
    /// Whether `defaults write` would parse `word` as a property list rather than store it as
    /// a string: it starts with `(`, `{`, `<` or `"` (`'"quoted"'` is the string `quoted`).
    public static func isPropertyListLiteral(_ word: String) -> Bool {
        guard let first = word.utf8.first else { return false }
        return first == UInt8(ascii: "(") || first == UInt8(ascii: "{") || first == UInt8(ascii: "<") || first == UInt8(ascii: "\"")
    }

    /// Reads a word `defaults write` stores as a string, with the backslash escapes of a quoted
    /// old-style string read as `defaults` reads them (it puts such a word in double quotes and
    /// parses it): `\n \t \r \b \f \v \a`, `\U21a9` (four hexadecimal digits; a surrogate pair
    /// for a character beyond U+FFFF), octal `\033`, and any other character after a backslash
    /// as itself (`\\` is `\`, `\"` is `"`). Every other character is itself.
    ///
    /// ```swift
    /// let key = try PropertyListReader().read(defaultsString: #"\033Window\033Fill"#)
    /// // "\u{1B}Window\u{1B}Fill", a menu path of NSUserKeyEquivalents
    /// ```
    ///
    /// - Parameters:
    ///   - text: The word.
    ///   - source: How errors name it, for example `value`.
    /// - Throws: ``PropertyListError`` for an escape that names no character: a lone backslash
    ///   at the end, `\U` without four hexadecimal digits, a lone surrogate, an octal escape above
    ///   `\377`.
    /// - Complexity: O(*n*) in the length of the word.
    public func read(defaultsString text: String, source: String? = nil) throws(PropertyListError) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var parser = OpenStepParser(bytes: Array(text.utf8), fileName: source)
        return try parser.escapedText()
    }

    /// Reads a value given on the command line the way `defaults write` does: an XML element
    /// (`<array>…</array>`) or a whole XML document as XML, anything else (`( a, b )`,
    /// `{ k = v; }`, `<0aff>`) as old-style text, whose leaves are strings.
    ///
    /// ```swift
    /// let value = try PropertyListReader().read(defaultsValue: "{ size = (800, 600); }")
    /// // ["size": ["800", "600"]]
    /// ```
    ///
    /// - Parameters:
    ///   - text: The argument.
    ///   - source: How errors name it, for example `value`.
    /// - Throws: ``PropertyListError`` naming `source` and what is wrong.
    public func read(defaultsValue text: String, source: String? = nil) throws(PropertyListError) -> PropertyList {
        let bytes = Array(text.utf8)
        let start = bytes.withUnsafeBytes { PropertyListFormat.firstSignificantByte($0) }
        let next = start + 1 < bytes.count ? bytes[start + 1] : 0
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<"), PropertyListFormat(sniffing: bytes) == .xml else {
            return try OpenStepReader().read(text, fileName: source)
        }
        if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") || bytes[(start + 1)...].starts(with: "plist".utf8) {
            return try read(bytes, fileName: source)
        }
        return try read(fragment: text, source: source)
    }
}
