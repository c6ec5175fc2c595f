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

    /// Prints `value` in the chosen format.
    func print(_ value: PropertyList) throws {
        if json {
            Output.write(try JSONWriter().write(value))
        } else if xml {
            Output.write(try PropertyListWriter().write(value))
        } else {
            Output.write(TextFormat.render(value))
        }
    }
}
