import Palettes
import PropertyLists

/// Palettes read from a file for `prefs palette import` and `edit`: the JSON form or the text
/// form, told apart by their first bytes.
struct PaletteInput {
    /// The palettes read.
    let list: Palettes.PaletteList
    /// What reading had to repair (duplicate ids, repeated emojis).
    let warnings: [String]
    /// The input when it is the text form, which shows only ids, names and emojis; `nil` for
    /// JSON, which carries every field.
    private let text: String?

    /// Reads `bytes` from `source`.
    ///
    /// A UTF-8 byte-order mark is skipped and any line ending accepted. The input is JSON when
    /// it starts (after whitespace) with `[` followed by `{` or `]`, the text form otherwise (a
    /// text line may start with `[ID]`).
    ///
    /// - Throws: ``CLIError`` with status 2 naming `source`, the line and the problem, for
    ///   bytes that are not UTF-8 or do not read as palettes.
    init(_ bytes: [UInt8], source: String) throws {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError(.usage, "\(source) is not UTF-8 text; palettes are read from UTF-8 JSON or the text form")
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let start = Array(body.lazy.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }.prefix(2))
        if start.first == UInt8(ascii: "["), start.dropFirst().first.map({ $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "]") }) ?? true {
            self.text = nil
            do {
                (list, warnings) = try PaletteDocument.decodeJSON(bytes, source: source)
            } catch {
                throw CLIError(error)
            }
            return
        }
        self.text = text
        switch PaletteText.parse(text) {
        case .success(let parsed): (list, warnings) = (parsed, [])
        case .failure(let error):
            throw CLIError(
                .usage, "\(source) is not a valid palette list",
                diagnostics: error.problems.map { PropertyListDiagnostic(file: source, line: $0.line, message: $0.message) })
        }
    }

    /// The palettes that replace `current`: the JSON palettes as they are; or the text form's,
    /// with new lines given ids `current` does not use and each id `current` has keeping its
    /// other fields (``Palettes/Palette/otherFields``), which the text form does not show.
    ///
    /// - Throws: ``PaletteError`` with code `.invalidArgument` should the text form not read
    ///   again (it read once already; only the ids given to new lines depend on `current`).
    func replacing(_ current: Palettes.PaletteList) throws(PaletteError) -> Palettes.PaletteList {
        guard let text else { return list }
        switch PaletteText.parse(text, reservedIDs: Set(current.palettes.map(\.id))) {
        case .success(let parsed): return parsed.keepingOtherFields(of: current)
        case .failure(let error): throw PaletteError(.invalidArgument, error.description)
        }
    }
}
