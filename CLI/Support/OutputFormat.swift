import ArgumentParser
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
    func print(_ value: PropertyList) throws {
        switch self {
        case .json: Output.write(try JSONWriter().write(value))
        case .xml: Output.write(try PropertyListWriter().write(value))
        case .text: Output.write(try TextFormat.render(value))
        }
    }
}
