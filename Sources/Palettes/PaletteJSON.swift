import PropertyLists

/// The JSON form of a store's palettes: an array of objects with the keys `emojis` (a string),
/// `id` (an integer) and `name` (a string), plus any other fields, which are kept as they were.
///
/// ```json
/// [{"color":"#ff0000","emojis":"❤️🧡","id":1,"name":"Hearts"}]
/// ```
///
/// `Schemas/palettes.schema.json` describes it, and ``schemaID`` names that schema and so the
/// format's version. `prefs palette export --json` prints `emojis` as an array of the emojis
/// (`Schemas/palettes-export.schema.json`), which reading takes too.
///
/// Reading is strict (PropertyLists' JSON scanner): duplicate keys, unpaired surrogates, bytes that are not
/// UTF-8 and an `id` that is not a whole number in the 64-bit range are refused; a UTF-8
/// byte-order mark before the array is allowed. Any other shape (an object at the top, an
/// element that is not an object, a missing or mistyped field) is refused too, never guessed at.
///
/// Writing puts the keys of each object in code-point order, known and other fields together,
/// escapes only what JSON requires (`"`, `\`, control characters), and copies each other field's
/// JSON text byte for byte.
public enum PaletteJSON {
    /// The `$id` of `Schemas/palettes.schema.json`, the schema of the stored JSON: stored beside
    /// the palettes (``PaletteDocument/formatKey``) so that other tools can check the format's
    /// version.
    public static let schemaID = "urn:prefs:schema:palettes:1"

    /// The palettes in `bytes`, as stored, not yet checked against the invariants of ``PaletteList``.
    ///
    /// - Parameter bytes: JSON text.
    /// - Returns: The palettes, in order.
    /// - Throws: A message naming the line and the palette when the JSON is malformed or not
    ///   palettes.
    /// - Complexity: O(*n*) in the length of `bytes`.
    public static func decode(_ bytes: [UInt8]) throws(PaletteJSONError) -> [Palette] {
        var palettes: [Palette] = []
        do throws(JSONScanner.SyntaxError) {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            var scanner = try JSONScanner(validating: body, maximumDepth: maximumDepth)
            guard scanner.peek() == UInt8(ascii: "[") else { throw scanner.error("expected a JSON array of palettes") }
            try scanner.scanArray { (scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) in
                palettes.append(try decodePalette(&scanner, number: palettes.count + 1))
            }
            try scanner.expectEnd()
        } catch {
            throw PaletteJSONError(message: "line \(error.line): \(error.message)")
        }
        return palettes
    }

    /// The JSON text of `palettes`: one line, or indented by two spaces per level ending in a
    /// line break when `pretty`.
    ///
    /// - Parameters:
    ///   - palettes: The palettes, in order.
    ///   - pretty: Whether to indent the text, for people to read.
    ///   - emojiArrays: Write `emojis` as an array of the emojis, one grapheme cluster each, for
    ///     tools without Unicode segmentation, instead of the one string stored.
    /// - Complexity: O(*n*) in the size of the palettes.
    public static func encode(_ palettes: [Palette], pretty: Bool = false, emojiArrays: Bool = false) -> String {
        let objects = palettes.map { palette in
            var fields = palette.otherFields
            fields["emojis"] =
                emojiArrays ? "[" + palette.emojis.map { quoted(String($0)) }.joined(separator: pretty ? ", " : ",") + "]" : quoted(palette.emojis)
            fields["id"] = String(palette.id)
            fields["name"] = quoted(palette.name)
            let members = fields.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            guard pretty else { return "{" + members.map { quoted($0.key) + ":" + $0.value }.joined(separator: ",") + "}" }
            return "  {\n" + members.map { "    " + quoted($0.key) + ": " + $0.value }.joined(separator: ",\n") + "\n  }"
        }
        guard pretty else { return "[" + objects.joined(separator: ",") + "]" }
        return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// How many arrays and objects the JSON of a store may nest inside each other, the
    /// palettes' array and objects included.
    static let maximumDepth = 256

    /// Whether `text` is exactly one JSON value (white space around it allowed).
    static func isValue(_ text: String) -> Bool {
        do throws(JSONScanner.SyntaxError) {
            // A String is valid UTF-8 already.
            var scanner = JSONScanner(text, maximumDepth: maximumDepth)
            _ = try scanner.scanValue()
            try scanner.expectEnd()
            return true
        } catch {
            // Not one JSON value; the caller reports which field.
            return false
        }
    }

    private static func decodePalette(_ scanner: inout JSONScanner, number: Int) throws(JSONScanner.SyntaxError) -> Palette {
        let start = scanner.position
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.error("palette \(number) is not a JSON object {\"emojis\", \"id\", \"name\"}")
        }
        var name: String?
        var emojis: String?
        var id: Int?
        var otherFields: [String: String] = [:]
        try scanner.scanObject { (key: String, scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) in
            switch key {
            case "emojis" where scanner.peek() == UInt8(ascii: "["):
                var joined = ""
                try scanner.scanArray { (scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) in
                    guard scanner.peek() == UInt8(ascii: "\"") else {
                        throw scanner.error("an item of \"emojis\" of palette \(number) is not a string")
                    }
                    joined += try scanner.scanString()
                }
                emojis = joined
            case "name", "emojis":
                guard scanner.peek() == UInt8(ascii: "\"") else {
                    throw scanner.error(
                        "\(key.quotedForMessage(limit: 60)) of palette \(number) is not a string\(key == "emojis" ? " or an array of strings" : "")")
                }
                let value = try scanner.scanString()
                if key == "name" { name = value } else { emojis = value }
            case "id":
                let range = try scanner.scanValue()
                guard let value = Int(scanner.text(range)) else {
                    throw scanner.error("\"id\" of palette \(number) is \(scanner.text(range)), not a whole number from \(Int.min) to \(Int.max)")
                }
                id = value
            default:
                // Distinct keys may still be equal Strings (é written precomposed and decomposed),
                // which one dictionary entry cannot both keep.
                guard otherFields[key] == nil else {
                    throw scanner.error("the key \(key.quotedForMessage(limit: 60)) appears twice in one object, spelled with different code points")
                }
                otherFields[key] = scanner.text(try scanner.scanValue())
            }
        }
        guard let name, let emojis, let id else {
            let missing = [("emojis", emojis == nil), ("id", id == nil), ("name", name == nil)].filter(\.1).map { "\"\($0.0)\"" }
            throw JSONScanner.SyntaxError(message: "palette \(number) has no \(missing.joined(separator: ", "))", line: scanner.line(at: start))
        }
        return Palette(name: name, emojis: emojis, id: id, otherFields: otherFields)
    }

    /// `text` as a JSON string, escaped as ``JSONWriter`` escapes it.
    static func quoted(_ text: String) -> String {
        var output = ""
        JSONWriter.appendQuoted(text, to: &output)
        return output
    }
}

/// Why bytes are not the JSON form of palettes (``PaletteJSON``).
public struct PaletteJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, starting with the line: `line 3: the key "id" appears twice in one object`.
    public let message: String

    /// The message.
    public var description: String { message }
}
