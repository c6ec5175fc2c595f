import ArgumentParser
import PropertyLists

extension PropertyListFormat: ExpressibleByArgument {
    /// The bytes of `value` in this format.
    ///
    /// - Throws: ``PropertyListError`` when the format cannot carry the value (JSON: NaN and
    ///   infinite reals; XML: control characters) or it passes a limit.
    func encode(_ value: PropertyList) throws -> [UInt8] {
        switch self {
        case .xml: try PropertyListWriter().write(value)
        case .binary: try BinaryPropertyListWriter().write(value)
        case .json: Array(try JSONWriter().write(value).utf8)
        case .openStep: Array(try OpenStepWriter().write(value).utf8)
        }
    }

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
