import ArgumentParser
import Glibc
import PropertyLists

/// `--json` / `--xml`: how a command prints values. Text for people by default.
struct OutputFormat: ParsableArguments {
    @Flag(help: "Print JSON (dates as ISO 8601 strings, data as Base64).")
    var json = false

    @Flag(help: "Print an XML property list.")
    var xml = false

    func validate() throws {
        if json && xml { throw ValidationError("--json and --xml are exclusive; give one") }
    }

    /// The chosen format.
    var format: ValueFormat { json ? .json : xml ? .xml : .text }
}

/// How a value prints: text for people, JSON or an XML property list for programs.
enum ValueFormat {
    case text, json, xml

    /// Prints `value` in this format.
    ///
    /// A scalar in text is the value itself, as `defaults read` prints it: byte for byte to a
    /// pipe or a file, so that `$(prefs read d k)` is exactly the value; to a terminal it is
    /// guarded text (``Output``), its control characters but line feeds and tabs escaped, so a
    /// stored ESC sequence or CR cannot act on the terminal.
    func print(_ value: PropertyList) throws {
        switch self {
        case .json: Output.write(try JSONWriter().write(value), as: .json)
        case .xml: Output.write(try PropertyListWriter().write(value), as: .xml)
        case .text:
            let text = try TextFormat.render(value)
            if TextFormat.bare(value) != nil && isatty(STDOUT_FILENO) == 0 {
                Output.writeData(Array(text.utf8))
            } else {
                Output.write(text)
            }
        }
    }
}
