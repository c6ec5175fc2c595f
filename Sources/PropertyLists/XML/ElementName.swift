import CLibXML2

/// The elements of the property list vocabulary, recognized from libxml2's name pointers
/// without building a `String` per element.
enum ElementName: Int, CaseIterable {
    case plist, array, dict, key, string, integer, real, date, data, `true`, `false`

    /// The element's name.
    var name: String { spelling.description }

    /// The names of the elements that are values (all but `plist` and `key`), for messages.
    static let valueNames: [String] = allCases.filter { $0 != .plist && $0 != .key }.map(\.name)

    /// The element's name, for comparing with libxml2's.
    @inline(__always)
    private var spelling: StaticString {
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

    /// The element a NUL-terminated name denotes, or `nil` outside the vocabulary.
    ///
    /// The first bytes pick the one element the name can be, whose bytes are then compared: a
    /// few dozen instructions, twice for every element of every document.
    init?(_ pointer: UnsafePointer<xmlChar>) {
        // No byte past a NUL is read: each comparison runs only when the bytes before it
        // matched letters.
        let candidate: ElementName
        switch pointer[0] {
        case UInt8(ascii: "p"): candidate = .plist
        case UInt8(ascii: "a"): candidate = .array
        case UInt8(ascii: "d") where pointer[1] == UInt8(ascii: "i"): candidate = .dict
        case UInt8(ascii: "d") where pointer[1] == UInt8(ascii: "a") && pointer[2] == UInt8(ascii: "t") && pointer[3] == UInt8(ascii: "e"): candidate = .date
        case UInt8(ascii: "d"): candidate = .data
        case UInt8(ascii: "k"): candidate = .key
        case UInt8(ascii: "s"): candidate = .string
        case UInt8(ascii: "i"): candidate = .integer
        case UInt8(ascii: "r"): candidate = .real
        case UInt8(ascii: "t"): candidate = .true
        case UInt8(ascii: "f"): candidate = .false
        default: return nil
        }
        let spelling = candidate.spelling
        let name = spelling.utf8Start
        for offset in 1..<spelling.utf8CodeUnitCount where pointer[offset] != name[offset] { return nil }
        guard pointer[spelling.utf8CodeUnitCount] == 0 else { return nil }
        self = candidate
    }
}
