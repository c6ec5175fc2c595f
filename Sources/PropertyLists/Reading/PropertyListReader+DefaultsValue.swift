extension PropertyListReader {
    /// Whether `defaults write` would parse `word` as a property list rather than store it as
    /// a string: it starts with `(`, `{` or `<`.
    public static func isPropertyListLiteral(_ word: String) -> Bool {
        guard let first = word.utf8.first else { return false }
        return first == UInt8(ascii: "(") || first == UInt8(ascii: "{") || first == UInt8(ascii: "<")
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
