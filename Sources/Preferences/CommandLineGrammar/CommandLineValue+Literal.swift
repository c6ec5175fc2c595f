import PropertyLists

extension CommandLineValue {
    /// Whether `defaults write` would parse `word` as a property list rather than store it as
    /// a string: after any white space, it starts with `(`, `{`, `<` or `"` (`'"quoted"'` is the
    /// string `quoted`). CoreFoundation's parser skips white space before a property list, so a
    /// literal a script writes over several lines (`'\n{\n    Back = "^o";\n}\n'`) is one too.
    package static func isPropertyListLiteral(_ word: String) -> Bool {
        let whiteSpace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = word.utf8.first(where: { !whiteSpace.contains($0) }) else { return false }
        return first == UInt8(ascii: "(") || first == UInt8(ascii: "{") || first == UInt8(ascii: "<") || first == UInt8(ascii: "\"")
    }

    /// Parses a property list written as text, as `defaults write` takes it: one bare XML element
    /// (`<array>…</array>`), a whole document (`<?xml …?><!DOCTYPE …><plist>…</plist>`) as
    /// `prefs read --xml` prints it, whose root is the value, or old-style text (`( a, b )`,
    /// `{ k = v; }`, `<0aff>`) as `prefs read` prints it, whose leaves are strings.
    ///
    /// - Parameters:
    ///   - text: The literal.
    ///   - source: How the message names it, such as `the value`.
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` quoting the text and saying
    ///   what is wrong with it.
    package static func literal(_ text: String, source: String) throws(PreferenceError) -> PropertyList {
        let start = text.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        let isXML = start.hasPrefix("<") && PropertyListFormat(sniffing: Array(text.utf8)) == .xml
        let isDocument = start.hasPrefix("<?xml") || start.hasPrefix("<!DOCTYPE") || start.hasPrefix("<plist")
        let kind = isDocument ? "property list document" : isXML ? "property list element" : "old-style property list"
        do {
            return try readLiteral(text, source: source)
        } catch {
            throw PreferenceError(.invalidArgument, "\(source) \(quoted(text)) is not a valid \(kind): \(error.message)")
        }
    }

    /// Reads a literal the way `defaults write` does: an XML element (`<array>…</array>`) or a
    /// whole XML document as XML, anything else (`( a, b )`, `{ k = v; }`, `<0aff>`) as
    /// old-style text, whose leaves are strings.
    ///
    /// ```swift
    /// let value = try CommandLineValue.readLiteral("{ size = (800, 600); }", source: "value")
    /// // ["size": ["800", "600"]]
    /// ```
    ///
    /// - Parameters:
    ///   - text: The argument.
    ///   - source: How errors name it, for example `value`.
    /// - Throws: ``PropertyListError`` naming `source` and what is wrong.
    private static func readLiteral(_ text: String, source: String) throws(PropertyListError) -> PropertyList {
        let bytes = Array(text.utf8)
        let start = bytes.withUnsafeBytes { PropertyListFormat.firstSignificantByte($0) }
        let next = start + 1 < bytes.count ? bytes[start + 1] : 0
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<"), PropertyListFormat(sniffing: bytes) == .xml else {
            return try OpenStepReader().read(text, fileName: source)
        }
        if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") || bytes[(start + 1)...].starts(with: "plist".utf8) {
            return try PropertyListReader().read(bytes, fileName: source)
        }
        return try PropertyListReader().read(fragment: text, source: source)
    }
}
