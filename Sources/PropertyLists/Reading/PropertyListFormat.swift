import Glibc

/// A serialization of property lists.
///
/// prefs reads all four and writes all four; domain files in the store are XML, or binary as
/// copied from a Mac, and `validate` checks XML only.
public enum PropertyListFormat: String, Sendable, CaseIterable {
    /// Apple's XML property list, the canonical form prefs writes.
    case xml
    /// Apple's binary property list, `bplist00`.
    case binary
    /// JSON, with the mapping the README documents.
    case json
    /// The old-style text of OpenStep and NeXTSTEP, as `defaults read` prints it.
    case openStep = "openstep"

    /// Guesses the format of `bytes` from their start: `bplist` is binary; after an optional
    /// UTF-8 byte order mark and white space, `[` and `"` start JSON, `{` starts JSON when a
    /// quoted key or `}` follows and old-style otherwise, `(` starts old-style, `<` followed
    /// by a hexadecimal digit, `>` or `*` starts old-style data, and anything else is XML.
    ///
    /// - Parameter bytes: The input, or at least its first few kilobytes.
    /// - Returns: The likely format; ``PropertyListReader/read(anyFormat:fileName:as:)``
    ///   confirms a guess of JSON by parsing it and falls back to old-style.
    public init(sniffing bytes: some ContiguousBytesCollection) {
        self = bytes.withBytes { Self(sniffing: $0) }
    }

    /// Guesses the format of `bytes` from their start; see ``init(sniffing:)-(ContiguousBytesCollection)``.
    init(sniffing bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: "bplist".utf8) {
            self = .binary
            return
        }
        let index = Self.firstSignificantByte(bytes)
        guard index < bytes.count else {
            self = .xml
            return
        }
        switch bytes[index] {
        case UInt8(ascii: "["), UInt8(ascii: "\""): self = .json
        case UInt8(ascii: "{"):
            // JSON objects start with a quoted key; OpenStep dictionaries with a bare word.
            var next = index + 1
            while next < bytes.count, ScalarText.isSpace(bytes[next]) { next += 1 }
            self =
                next < bytes.count && (bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "}"))
                ? .json : .openStep
        case UInt8(ascii: "("): self = .openStep
        case UInt8(ascii: "<"):
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            self =
                Self.isHexDigit(next) && !Self.startsElementName(bytes, at: index + 1)
                    || next == UInt8(ascii: ">") || next == UInt8(ascii: "*") ? .openStep : .xml
        default: self = .xml
        }
    }

    /// The offset of the first byte after a UTF-8 byte order mark and white space.
    static func firstSignificantByte(_ bytes: UnsafeRawBufferPointer) -> Int {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, ScalarText.isSpace(bytes[index]) { index += 1 }
        return index
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// Whether an XML element name of the plist vocabulary that starts with a hexadecimal
    /// letter (`<array>`, `<dict>`, `<data>`, `<date>`, `<false/>`) is at `index`.
    private static func startsElementName(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        ["array", "dict", "data", "date", "false"].contains { bytes[index...].starts(with: $0.utf8) }
    }

    /// The format's name in messages.
    public var displayName: String {
        switch self {
        case .xml: "XML"
        case .binary: "binary (bplist00)"
        case .json: "JSON"
        case .openStep: "old-style (OpenStep)"
        }
    }

    /// A sentence naming the format, for the error that refuses it where only XML is read.
    var refusal: String {
        switch self {
        case .xml: "not an XML property list"
        default: "this is a \(displayName) property list, not XML; `prefs convert FILE --to xml` converts it"
        }
    }
}

extension PropertyListFormat {
    /// The format the file at `path` appears to be in, judged from its first 4 KiB as
    /// ``init(sniffing:)-(ContiguousBytesCollection)`` judges bytes, or `nil` when it is not a
    /// regular file or cannot be read.
    public init?(fileAt path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        // A FIFO or device could block or never end: only a regular file has a format.
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        self.init(sniffing: Array(head[..<count]))
    }
}
