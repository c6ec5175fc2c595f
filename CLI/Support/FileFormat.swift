import ArgumentParser
import PropertyLists

extension PropertyListFormat: ExpressibleByArgument {
    /// The formats as the options list them.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Reads a property list file in any format for a command: `-` is standard input, named
/// `<stdin>` in messages.
enum AnyFormatInput {
    static func read(_ path: String, as format: PropertyListFormat?) throws -> (value: PropertyList, format: PropertyListFormat) {
        try PropertyListReader().read(anyFormatContentsOf: path, fileName: path == "-" ? "<stdin>" : path, as: format)
    }
}
