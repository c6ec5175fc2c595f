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
/// integer, `<*R1.5>` real, `<*BY>`/`<*BN>` boolean, `<*D2024-01-02 03:04:05 +0000>` date.
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

    /// Parses old-style text and tells whether it is a `.strings` file (entries without
    /// braces, or none), which ``OpenStepWriter/write(stringsFile:)`` writes back as one.
    func readDocument(_ text: String, fileName: String?) throws(PropertyListError) -> (value: PropertyList, isStringsFile: Bool) {
        var parser = OpenStepParser(bytes: Array(text.utf8), fileName: fileName)
        let value = try parser.document()
        return (value, parser.isStringsFile)
    }
}
