/// Writes a ``PropertyList`` as JSON, the mapping `prefs convert --to json` and `--json` use.
///
/// | property list | JSON |
/// |---|---|
/// | string | string |
/// | integer | number, exact (up to `UInt64.max`) |
/// | real | number (shortest form that reads back exactly); NaN and infinities are refused |
/// | boolean | `true` / `false` |
/// | date | string, `YYYY-MM-DDTHH:MM:SSZ` |
/// | data | string, Base64 |
/// | array | array |
/// | dictionary | object, keys in the canonical writer's order |
public struct JSONWriter: Sendable {
    /// Whether objects and arrays spread over indented lines (two spaces) or stay on one line.
    public var prettyPrinted: Bool

    /// Whether dates and data are refused, as NaN is, rather than written as the strings that
    /// read back as strings: what a file that must keep every value's type needs.
    public var refusesDatesAndData: Bool

    /// Creates a writer.
    public init(prettyPrinted: Bool = true, refusesDatesAndData: Bool = false) {
        self.prettyPrinted = prettyPrinted
        self.refusesDatesAndData = refusesDatesAndData
    }

    /// The JSON text of `value`, with a final newline when pretty-printed.
    ///
    /// - Throws: ``PropertyListError`` with code `.unrepresentable` for NaN or an infinity,
    ///   which JSON cannot hold (and for a date or data with ``refusesDatesAndData``), and
    ///   `.tooLarge` as soon as the text passes ``PropertyListLimits/maxInputSize`` (a value
    ///   read from a binary file can share parts that expand it far beyond the file).
    public func write(_ value: PropertyList) throws(PropertyListError) -> String {
        var output = ""
        try append(value, to: &output, depth: 0, path: [])
        if prettyPrinted { output += "\n" }
        return output
    }

    private func append(_ value: PropertyList, to output: inout String, depth: Int, path: [String]) throws(PropertyListError) {
        switch value {
        case .string(let string): Self.appendQuoted(string, to: &output)
        case .integer(let integer): output += integer.description
        case .real(let real):
            guard real.isFinite else {
                throw PropertyListError(.unrepresentable, "\(Self.location(path)) is \(RealFormat.string(real)), which JSON cannot represent")
            }
            output += "\(real)"  // `-0.0` keeps its sign, as Python's json writes it
        case .bool(let bool): output += bool ? "true" : "false"
        case .date where refusesDatesAndData, .data where refusesDatesAndData:
            throw PropertyListError(
                .unrepresentable, "\(Self.location(path)) is \(value.typeNameWithArticle), which JSON holds only as a string that reads back as a string")
        case .date(let date): Self.appendQuoted(date.iso8601, to: &output)
        case .data(let bytes): Self.appendQuoted(Base64.encode(bytes), to: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                newline(&output, depth + 1)
                try append(element, to: &output, depth: depth + 1, path: path + [String(index)])
                try Self.checkSize(output)
            }
            newline(&output, depth)
            output += "]"
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, entry) in dictionary.sortedEntries.enumerated() {
                if index > 0 { output += "," }
                newline(&output, depth + 1)
                Self.appendQuoted(entry.key, to: &output)
                output += prettyPrinted ? ": " : ":"
                try append(entry.value, to: &output, depth: depth + 1, path: path + [entry.key])
                try Self.checkSize(output)
            }
            newline(&output, depth)
            output += "}"
        }
    }

    /// How messages name the value at `path`.
    private static func location(_ path: [String]) -> String {
        path.isEmpty ? "the value" : "the value at key path \"\(path.joined(separator: "."))\""
    }

    private static func checkSize(_ output: String) throws(PropertyListError) {
        guard output.utf8.count <= PropertyListLimits.maxInputSize else {
            throw PropertyListError(.tooLarge, "the JSON text would be more than \(PropertyListLimits.maxInputSize) bytes, the most prefs writes")
        }
    }

    private func newline(_ output: inout String, _ depth: Int) {
        guard prettyPrinted else { return }
        output += "\n"
        output += String(repeating: "  ", count: depth)
    }

    /// Appends `string` as a JSON string literal.
    public static func appendQuoted(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                output += "\\u" + String(scalar.value, radix: 16).leftPadded(4)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
