import CLibXML2

/// The elements of the property list vocabulary, recognized from libxml2's name pointers
/// without building a `String` per element.
enum ElementName: Int, CaseIterable {
    case plist, array, dict, key, string, integer, real, date, data, `true`, `false`

    /// The element's name.
    var name: String {
        switch self {
        case .plist: "plist"
        case .array: "array"
        case .dict: "dict"
        case .key: "key"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .date: "date"
        case .data: "data"
        case .true: "true"
        case .false: "false"
        }
    }

    /// The names of the elements that are values (all but `plist` and `key`), for messages.
    static let valueNames: [String] = allCases.filter { $0 != .plist && $0 != .key }.map(\.name)

    private static let names: [[UInt8]] = allCases.map { Array($0.name.utf8) }

    /// The element a NUL-terminated name denotes, or `nil` outside the vocabulary.
    init?(_ pointer: UnsafePointer<xmlChar>) {
        for (index, name) in Self.names.enumerated() where pointer[0] == name[0] {
            var matches = true
            for offset in 1..<name.count where pointer[offset] != name[offset] {
                matches = false
                break
            }
            if matches, pointer[name.count] == 0 {
                self.init(rawValue: index)
                return
            }
        }
        return nil
    }
}
