/// Writes old-style (OpenStep) text in the layout `defaults read` prints, which
/// ``OpenStepReader`` and `defaults write` read back.
///
/// ```swift
/// let text = try OpenStepWriter().write(["fontSize": 13, "name": "Ada Lovelace"])
/// // {\n    fontSize = 13;\n    name = "Ada Lovelace";\n}\n
/// ```
///
/// The format is lossy for types, as on a Mac: integers, reals (``RealFormat/shortest(_:)``: `1` for 1.0,
/// `0.1` for the 32-bit float nearest 0.1) and booleans
/// (`1`, `0`) are written bare and dates quoted (`"2024-01-02 03:04:05 +0000"`), and all of them read back as
/// strings; data is written `<0aff10ab 12>` and reads back as data. Dictionaries are indented
/// by four spaces with keys in the XML writer's order; strings are quoted unless they are
/// letters, digits and `_ . / $ : -` only, with `\"`, `\\`, `\n`, `\t`, `\r` and `\Uxxxx`
/// for other control characters. Characters beyond ASCII are written as themselves, in UTF-8,
/// where `defaults read` prints `\U` escapes (surrogate pairs beyond U+FFFF); the reader takes
/// both.
///
/// In its `defaultsRead` layout (prefs' own `read`), the text is instead exactly what
/// `defaults read` prints, the description `NSDictionary` and `NSArray` give: a container
/// starts with its own indentation after `key = ` (`"persistent-apps" =     (`), strings and
/// numbers are bare only when they are ASCII letters and digits (`"autohide-delay" = "0.25";`),
/// characters beyond ASCII are `\U` escapes of UTF-16 units, and data is
/// `{length = 3, bytes = 0x0a0bff}`, which does not read back.
public struct OpenStepWriter: Sendable {
    /// How the text is laid out.
    package enum Layout: Sendable {
        /// Old-style text that reads back.
        case oldStyle
        /// What `defaults read` prints.
        case defaultsRead
    }

    private let layout: Layout

    /// Creates a writer.
    public init() {
        layout = .oldStyle
    }

    /// Creates a writer of `layout`.
    package init(layout: Layout) {
        self.layout = layout
    }

    /// The old-style text of `value`, with a final newline.
    ///
    /// - Throws: ``PropertyListError`` when containers nest deeper than
    ///   ``PropertyListLimits/maxNestingDepth`` or the text would exceed
    ///   ``PropertyListLimits/maxInputSize``.
    /// - Complexity: O(*n* log *n*) in the number of values (keys are sorted).
    public func write(_ value: PropertyList) throws(PropertyListError) -> String {
        var output = ""
        try append(value, to: &output, depth: 0)
        output += "\n"
        try Self.checkSize(output)
        return output
    }

    /// The text of a `.strings` file holding `dictionary`: one `"key" = value;` line per entry,
    /// in the XML writer's order, without braces; keys and string values are always quoted, as
    /// in Xcode's `Localizable.strings`. An empty dictionary is the comment `/* no entries */`,
    /// which reads back as an empty `.strings` file (an empty file would read as no property
    /// list at all).
    ///
    /// - Throws: As ``write(_:)``.
    public func write(stringsFile dictionary: PropertyListDictionary) throws(PropertyListError) -> String {
        guard !dictionary.isEmpty else { return "/* no entries */\n" }
        var output = ""
        for (key, element) in dictionary.sortedEntries {
            output += Self.quoted(key) + " = "
            if case .string(let string) = element { output += Self.quoted(string) } else { try append(element, to: &output, depth: 0) }
            output += ";\n"
            try Self.checkSize(output)
        }
        return output
    }

    private func append(_ value: PropertyList, to output: inout String, depth: Int) throws(PropertyListError) {
        let pad = String(repeating: "    ", count: depth)
        // `defaults read` starts a container with its own indentation, after `key = ` too.
        let opening = layout == .defaultsRead ? pad : ""
        switch value {
        case .array(let elements):
            try checkDepth(depth)
            guard !elements.isEmpty || layout == .defaultsRead else {
                output += "()"
                return
            }
            output += opening + "(\n"
            for (index, element) in elements.enumerated() {
                output += pad + "    "
                try append(element, to: &output, depth: depth + 1)
                output += index < elements.count - 1 ? ",\n" : "\n"
                try Self.checkSize(output)
            }
            output += pad + ")"
        case .dictionary(let dictionary):
            try checkDepth(depth)
            guard !dictionary.isEmpty || layout == .defaultsRead else {
                output += "{}"
                return
            }
            output += opening + "{\n"
            for (key, element) in dictionary.sortedEntries {
                output += pad + "    " + quotedIfNeeded(key) + " = "
                try append(element, to: &output, depth: depth + 1)
                output += ";\n"
                try Self.checkSize(output)
            }
            output += pad + "}"
        case .string(let string): output += quotedIfNeeded(string)
        case .integer(let integer): output += layout == .defaultsRead ? quotedIfNeeded(integer.description) : integer.description
        case .real(let real): output += quotedIfNeeded(RealFormat.shortest(real))
        case .bool(let bool): output += bool ? "1" : "0"
        case .date(let date): output += "\"" + date.defaultsDescription + "\""
        case .data(let bytes): output += layout == .defaultsRead ? Self.dataDescription(bytes) : Self.data(bytes)
        }
    }

    /// Stops as soon as the text passes the limit: a value read from a binary file can share
    /// parts that expand it far beyond the file.
    private static func checkSize(_ output: String) throws(PropertyListError) {
        guard output.utf8.count <= PropertyListLimits.maxInputSize else {
            throw PropertyListError(.tooLarge, "the text would be more than \(PropertyListLimits.maxInputSize) bytes, the most prefs writes")
        }
    }

    private func checkDepth(_ depth: Int) throws(PropertyListError) {
        guard depth < PropertyListLimits.maxNestingDepth else {
            throw PropertyListError(.tooLarge, "arrays and dictionaries nest deeper than \(PropertyListLimits.maxNestingDepth) levels, the most prefs writes")
        }
    }

    /// `<0aff10ab 12>`: hexadecimal, a space after every four bytes, as NSData describes itself
    /// to old-style text.
    static func data(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "<")]
        for (index, byte) in bytes.enumerated() {
            if index > 0, index % 4 == 0 { text.append(0x20) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        text.append(UInt8(ascii: ">"))
        return String(decoding: text, as: UTF8.self)
    }

    /// `{length = 2, bytes = 0x0a0b}`: data as `defaults read` prints it, with every byte (where
    /// recent macOS elides the middle of long data).
    package static func dataDescription(_ bytes: [UInt8]) -> String {
        "{length = \(bytes.count), bytes = 0x\(hex(bytes))}"
    }

    /// The bytes in lowercase hexadecimal, two digits each, without spaces.
    package static func hex(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            let digits: StaticString = "0123456789abcdef"
            var index = 0
            for byte in bytes {
                text[index] = digits.utf8Start[Int(byte >> 4)]
                text[index + 1] = digits.utf8Start[Int(byte & 15)]
                index += 2
            }
            return index
        }
    }

    /// `string` bare where the layout allows it, else ``quoted(_:escapingBeyondASCII:)``: old-style
    /// text leaves letters, digits and `_ . / $ : -` bare (not a leading `//` or `/*`, which
    /// would read as a comment); `defaults read` only ASCII letters and digits.
    private func quotedIfNeeded(_ string: String) -> String {
        let bare =
            switch layout {
            case .oldStyle:
                !string.isEmpty && !string.hasPrefix("//") && !string.hasPrefix("/*")
                    && string.utf8.allSatisfy { OpenStepParser.isUnquotedCharacter($0) && $0 != UInt8(ascii: "+") }
            case .defaultsRead:
                !string.isEmpty && string.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39 }
            }
        return bare ? string : Self.quoted(string, escapingBeyondASCII: layout == .defaultsRead)
    }

    /// `string` in double quotes, with `\"`, `\\`, `\n`, `\t`, `\r`, and `\U` escapes of the
    /// UTF-16 units of other control characters, and with `escapingBeyondASCII` of every
    /// character beyond ASCII too (as `defaults read` prints them).
    static func quoted(_ string: String, escapingBeyondASCII: Bool = false) -> String {
        var quoted = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || escapingBeyondASCII && scalar.value > 0x7F:
                for unit in String(scalar).utf16 {
                    quoted += "\\U" + String(unit, radix: 16).leftPadded(4)
                }
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
