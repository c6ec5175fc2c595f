import PropertyLists

/// A container as `defaults read` prints it: the description `NSDictionary` and `NSArray`
/// give, in its layout and quoting, so that what prefs prints for a domain is what a Mac prints.
///
/// ```
/// {
///     "autohide-delay" = "0.25";
///     "persistent-apps" =     (
///                 {
///             "tile-type" = "file-tile";
///         }
///     );
/// }
/// ```
///
/// A container at depth *d* starts with 4·*d* spaces of its own, after `key = ` or an array's
/// indentation, which gives the Mac's odd gaps; its entries are indented 4·(*d*+1). Dictionary
/// keys are in the XML writer's order. A string is bare when it is ASCII letters and digits
/// only, else quoted with `\"`, `\\`, `\n`, `\t`, `\r` and `\U` escapes of UTF-16 units for
/// every other character outside printable ASCII; numbers and dates print as
/// ``TextFormat/bare(_:)`` gives them, quoted by the same rule (`"0.25"`, `"-1"`), and data
/// bare as `{length = 3, bytes = 0x0a0bff}`.
enum DefaultsDescription {
    /// The description of `value`, without a final newline.
    ///
    /// - Throws: ``PropertyListError`` when containers nest deeper than
    ///   ``PropertyListLimits/maxNestingDepth`` or the text passes ``PropertyListLimits/maxInputSize``.
    static func text(of value: PropertyList) throws(PropertyListError) -> String {
        var output = ""
        try append(value, to: &output, depth: 0)
        return output
    }

    private static func append(_ value: PropertyList, to output: inout String, depth: Int) throws(PropertyListError) {
        let pad = String(repeating: "    ", count: depth)
        switch value {
        case .array(let elements):
            try check(output, depth: depth)
            output += pad + "(\n"
            for (index, element) in elements.enumerated() {
                output += pad + "    "
                try append(element, to: &output, depth: depth + 1)
                output += index < elements.count - 1 ? ",\n" : "\n"
            }
            output += pad + ")"
        case .dictionary(let dictionary):
            try check(output, depth: depth)
            output += pad + "{\n"
            for (key, element) in dictionary.sortedEntries {
                output += pad + "    " + quotedIfNeeded(key) + " = "
                try append(element, to: &output, depth: depth + 1)
                output += ";\n"
            }
            output += pad + "}"
        case .data:
            output += TextFormat.bare(value) ?? ""
        case .bool, .integer, .real, .string, .date:
            output += quotedIfNeeded(TextFormat.bare(value) ?? "")
        }
    }

    /// Stops at the depth and size limits: a value read from a binary file can share parts
    /// that expand it far beyond the file.
    private static func check(_ output: String, depth: Int) throws(PropertyListError) {
        guard depth < PropertyListLimits.maxNestingDepth else {
            throw PropertyListError(.tooLarge, "arrays and dictionaries nest deeper than \(PropertyListLimits.maxNestingDepth) levels, the most prefs writes")
        }
        guard output.utf8.count <= PropertyListLimits.maxInputSize else {
            throw PropertyListError(.tooLarge, "the text would be more than \(PropertyListLimits.maxInputSize) bytes, the most prefs writes")
        }
    }

    /// `text` bare when it is ASCII letters and digits only, else quoted as `defaults read`
    /// quotes it.
    static func quotedIfNeeded(_ text: String) -> String {
        let bare = !text.isEmpty && text.utf8.allSatisfy { $0 < 0x80 && (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39) }
        guard !bare else { return text }
        var quoted = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: quoted += "\\\""
            case 0x5C: quoted += "\\\\"
            case 0x0A: quoted += "\\n"
            case 0x09: quoted += "\\t"
            case 0x0D: quoted += "\\r"
            case 0x20..<0x7F: quoted.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                quoted += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return quoted + "\""
    }
}
