/// How GitHub Actions' runner finds workflow commands in a step's output, ported from
/// actions/runner (`ActionCommandManager.TryProcessCommand`, `ActionCommand.TryParseV2` and
/// `ActionCommand.TryParse`), to read what prefs prints as the runner reads it.
///
/// The runner reads standard output and standard error alike, splits them into lines at LF and
/// CR, and trims each line's leading white space (.NET's `char.IsWhiteSpace`, which is Unicode's
/// White_Space). A line that then starts with `::` is a command (`::NAME PROPERTIES::DATA`); so
/// is a line holding `##[` anywhere (the old `##[NAME PROPERTIES]DATA` form), whatever the name.
public enum WorkflowCommandReader {
    /// A line the runner reads as a command.
    public struct Command: Equatable, CustomStringConvertible {
        /// The line, trimmed.
        public let line: String
        /// The command's name (`error`, `add-mask`); empty for an old-style command.
        public let name: String
        /// The properties of a `::` command, split at `,` and `=` and %-decoded.
        public let properties: [String: String]
        /// The data of a `::` command (after the second `::`), %-decoded.
        public let message: String

        public var description: String { line.debugDescription }
    }

    /// The lines of `output` as the runner splits and trims them.
    public static func lines(of output: String) -> [String] {
        output.unicodeScalars.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" }
            .map { String(String.UnicodeScalarView($0.drop(while: \.properties.isWhitespace))) }
    }

    /// Every command the runner finds in `output`.
    public static func commands(in output: String) -> [Command] {
        lines(of: output).compactMap { line in
            if line.hasPrefix("::") {
                let rest = line.dropFirst(2)
                let header = rest.firstRange(of: "::").map { rest[..<$0.lowerBound] } ?? rest
                let name = header.prefix { $0 != " " }
                var properties: [String: String] = [:]
                for pair in header.dropFirst(name.count).split(separator: ",") {
                    let parts = pair.trimmingPrefix(" ").split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { properties[String(parts[0])] = unescapedProperty(String(parts[1])) }
                }
                let data = rest.firstRange(of: "::").map { String(rest[$0.upperBound...]) } ?? ""
                return Command(line: line, name: String(name), properties: properties, message: unescapedData(data))
            }
            return line.contains("##[") ? Command(line: line, name: "", properties: [:], message: "") : nil
        }
    }

    /// The commands of `output` other than the annotations `allowed` names (`error`,
    /// `warning`, `notice` by default): what a hostile name or value made prefs run.
    public static func unexpectedCommands(in output: String, allowed: Set<String> = ["error", "warning", "notice"]) -> [Command] {
        commands(in: output).filter { !allowed.contains($0.name) }
    }

    /// A command's data as the runner decodes it: `%25`, `%0D` and `%0A`.
    private static func unescapedData(_ text: String) -> String {
        text.replacing("%0D", with: "\r").replacing("%0A", with: "\n").replacing("%25", with: "%")
    }

    /// A property value as the runner decodes it: `%25`, `%0D`, `%0A`, `%3A` and `%2C`.
    private static func unescapedProperty(_ text: String) -> String {
        text.replacing("%0D", with: "\r").replacing("%0A", with: "\n").replacing("%3A", with: ":").replacing("%2C", with: ",")
            .replacing("%25", with: "%")
    }
}
