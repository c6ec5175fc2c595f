/// Writes old-style (OpenStep) text in the layout `defaults read` prints, with GNUstep's typed
/// forms for numbers, Booleans and dates, which ``OpenStepReader`` and GNUstep read back.
///
/// ```swift
/// let text = try OpenStepWriter().write(["fontSize": 13, "name": "Ada Lovelace"])
/// // {\n    fontSize = <*I13>;\n    name = "Ada Lovelace";\n}\n
/// ```
///
/// Every value reads back as itself, of its type: strings are quoted unless they are letters,
/// digits and `_ . / $ : -` only, with `\"`, `\\`, `\n`, `\t`, `\r` and `\Uxxxx` for other
/// control characters; data is `<0aff10ab 12>`; integers, reals, Booleans and dates take
/// GNUstep's typed forms, as GNUstep's `NSPropertyListGNUstepFormat` writes them: `<*I13>`,
/// `<*R2.5>` (``RealFormat/exact(_:)``, so `<*R-0>` keeps the sign of a negative zero),
/// `<*BY>`, `<*BN>` and `<*D2024-01-02 03:04:05 +0000>`. OpenStep text has no other way to
/// hold them: written bare, as `defaults read` prints them, they would read back as strings.
/// macOS's own parser refuses the typed forms (an error, not a value changed), so text of
/// strings, data, arrays and dictionaries only is plain OpenStep that a Mac reads.
/// Dictionaries are indented by four spaces with keys in the XML writer's order. Characters
/// beyond ASCII are written as themselves, in UTF-8, where `defaults read` prints `\U` escapes
/// (surrogate pairs beyond U+FFFF); the reader takes both.
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
        // `defaults read` prints numbers, Booleans and dates bare; old-style text that reads
        // back as the same values takes GNUstep's typed forms.
        case .integer(let integer): output += layout == .defaultsRead ? quotedIfNeeded(integer.description) : "<*I\(integer)>"
        case .real(let real): output += layout == .defaultsRead ? quotedIfNeeded(RealFormat.shortest(real)) : "<*R\(RealFormat.exact(real))>"
        case .bool(let bool): output += layout == .defaultsRead ? (bool ? "1" : "0") : (bool ? "<*BY>" : "<*BN>")
        case .date(let date): output += layout == .defaultsRead ? "\"\(date.defaultsDescription)\"" : "<*D\(date.defaultsDescription)>"
        case .data(let bytes): output += layout == .defaultsRead ? Self.dataDescription(bytes) : Self.data(bytes)
        }
    }

    /// Whether the old-style text of `value` takes GNUstep's typed forms: whether it holds a
    /// number, a Boolean or a date anywhere, which macOS's parser refuses.
    ///
    /// - Complexity: O(*n*) in the number of values.
    public static func usesTypedForms(_ value: PropertyList) -> Bool {
        switch value {
        case .string, .data: false
        case .integer, .real, .bool, .date: true
        case .array(let elements): elements.contains(where: usesTypedForms)
        case .dictionary(let dictionary): dictionary.contains { usesTypedForms($0.value) }
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
