/// The serialization a byte buffer appears to be in, judged from its first bytes.
///
/// prefs reads and writes XML property lists only; naming the other formats turns a
/// confusing XML syntax error into one a user can act on.
enum PropertyListFormat: Equatable {
    case xml
    case binary
    case json
    case openStep

    /// Guesses the format of `bytes` from their start.
    init(sniffing bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: "bplist".utf8) {
            self = .binary
            return
        }
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else {
            self = .xml
            return
        }
        switch bytes[index] {
        case UInt8(ascii: "["), UInt8(ascii: "\""): self = .json
        case UInt8(ascii: "{"):
            // JSON objects start with a quoted key; OpenStep dictionaries with a bare word.
            var next = index + 1
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            self = next < bytes.count && (bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "}"))
                ? .json : .openStep
        case UInt8(ascii: "("): self = .openStep
        default: self = .xml
        }
    }

    /// A sentence naming the format, for the error that refuses it.
    var refusal: String {
        switch self {
        case .xml: "not an XML property list"
        case .binary: "this is a binary property list (bplist); prefs reads XML property lists only (convert it with `plutil -convert xml1` on a Mac, or Python's plistlib)"
        case .json: "this looks like JSON, not an XML property list (to store JSON, use `prefs write DOMAIN KEY --json VALUE`)"
        case .openStep: "this looks like an old-style OpenStep property list; prefs reads XML property lists only"
        }
    }
}
