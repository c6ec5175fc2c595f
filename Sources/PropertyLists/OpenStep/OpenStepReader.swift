/// Reads old-style (OpenStep / NeXTSTEP) property lists: what `defaults read` prints and
/// `defaults write` accepts, and `.strings` files.
///
/// ```swift
/// let value = try OpenStepReader().read("{ fontSize = 13; recent = (a.txt, b.txt); }")
/// // ["fontSize": "13", "recent": ["a.txt", "b.txt"]]
/// ```
///
/// The syntax, as CoreFoundation's `CFOldStylePList.c` and GNUstep's `NSPropertyList.m` read it:
/// `( a, b )` arrays (a trailing comma allowed), `{ key = value; }` dictionaries (string keys;
/// `key;` alone means `key = key`, as in `.strings` files), `<0aff 10>` data, quoted strings
/// (`"…"` or `'…'`) with the escapes `\n \t \r \b \f \v \a \" \' \\`, `\U20AC` (a character
/// beyond U+FFFF as a surrogate pair, `\Ud83d\ude00`, as `defaults read` prints it) and octal
/// `\101`, unquoted strings of letters, digits and `_ $ + / : . -`, and `//` and `/* */`
/// comments. Leaves are strings, as in `defaults`, except GNUstep's typed forms: `<*I5>`
/// integer, `<*R1.5>` real, `<*BY>`/`<*BN>` boolean, `<*D2024-01-02 03:04:05 +0000>` date,
/// and `<[Cv8=]>` data in Base64.
/// A text holding entries without braces (`"key" = "value";`) is a `.strings` file, a
/// dictionary; so is an empty one. A key given twice is an error, as in XML.
public struct OpenStepReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Parses old-style text.
    ///
    /// - Parameters:
    ///   - text: The whole text.
    ///   - fileName: How errors name the input, for example a file or `value`.
    /// - Returns: The value.
    /// - Throws: ``PropertyListError`` with file and line (`FILE:LINE: error: old-style: …`).
    /// - Complexity: O(*n*) in the length of the text.
    public func read(_ text: String, fileName: String? = nil) throws(PropertyListError) -> PropertyList {
        try readDocument(text, fileName: fileName).value
    }

    /// Reads the backslash escapes of a quoted old-style string in `text`, which has no quotes
    /// around it: `\n \t \r \b \f \v \a`, `\U21a9` (four hexadecimal digits; a surrogate pair
    /// for a character beyond U+FFFF), octal `\033`, and any other character after a backslash
    /// as itself (`\\` is `\`, `\"` is `"`). Every other character is itself. `defaults write`
    /// reads a word it stores as a string this way (it puts the word in double quotes and parses it).
    ///
    /// ```swift
    /// let key = try OpenStepReader().read(escapedText: #"\033Window\033Fill"#)
    /// // "\u{1B}Window\u{1B}Fill", a menu path of NSUserKeyEquivalents
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text between the quotes.
    ///   - fileName: How errors name the input, for example `value`.
    /// - Throws: ``PropertyListError`` for an escape that names no character: a lone backslash
    ///   at the end, `\U` without four hexadecimal digits, a lone surrogate, an octal escape above
    ///   `\377`.
    /// - Complexity: O(*n*) in the length of the text.
    package func read(escapedText text: String, fileName: String? = nil) throws(PropertyListError) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var parser = OpenStepParser(bytes: Array(text.utf8), fileName: fileName)
        return try parser.escapedText()
    }

    /// Parses old-style text and tells whether it is a `.strings` file (entries without
    /// braces, or none), which ``OpenStepWriter/write(stringsFile:)`` writes back as one.
    func readDocument(_ text: String, fileName: String?) throws(PropertyListError) -> (value: PropertyList, isStringsFile: Bool) {
        try readDocument(utf8: Array(text.utf8), fileName: fileName)
    }

    /// Parses old-style text given as valid UTF-8, a byte order mark allowed, as
    /// ``readDocument(_:fileName:)`` parses a string, without a copy of the bytes.
    func readDocument(utf8 bytes: [UInt8], fileName: String?) throws(PropertyListError) -> (value: PropertyList, isStringsFile: Bool) {
        var parser = OpenStepParser(bytes: bytes, fileName: fileName)
        let value = try parser.document()
        return (value, parser.isStringsFile)
    }
}
