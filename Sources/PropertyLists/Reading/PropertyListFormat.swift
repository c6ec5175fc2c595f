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

    /// Guesses the format of `bytes` from their start, the one detection every command uses.
    ///
    /// `bplist` is binary. Otherwise the text (UTF-8, with or without a byte order mark, or
    /// UTF-16 with a byte order mark or an XML declaration) is judged by its first character
    /// after white space: `<` starts XML, or old-style data when a hexadecimal digit, `>`, `*`
    /// or `[` follows; `[` starts JSON; `{` starts JSON when a quoted key or `}` follows and
    /// old-style otherwise; `"` starts JSON when the quoted string is all there is, and a
    /// `.strings` file (old-style) when more follows; any other printable ASCII character (`(`,
    /// a comment, a bare word) starts old-style. An empty input, or one that starts with
    /// anything else, is XML, for the XML reader to refuse with its reasons.
    ///
    /// - Parameter bytes: The input, or at least its first few kilobytes.
    /// - Returns: The likely format; ``PropertyListReader/read(anyFormat:fileName:as:)``
    ///   reads old-style text as JSON when it parses as JSON, and text guessed to be JSON as
    ///   old-style when it does not.
    public init(sniffing bytes: some ContiguousBytesCollection) {
        self = bytes.withBytes { Self(sniffing: $0) }
    }

    /// Guesses the format of `bytes` from their start; see ``init(sniffing:)-(ContiguousBytesCollection)``.
    init(sniffing bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: "bplist".utf8) {
            self = .binary
            return
        }
        let text = TextHead(bytes)
        let index = text.skippingSpace(from: 0)
        guard index < text.count else {
            self = .xml
            return
        }
        switch text[index] {
        case UInt8(ascii: "<"):
            let next = index + 1 < text.count ? text[index + 1] : 0
            let isData =
                Self.isHexDigit(next) && !["array", "dict", "data", "date", "false"].contains { text.hasText($0, at: index + 1) }
            self = isData || next == UInt8(ascii: ">") || next == UInt8(ascii: "*") || next == UInt8(ascii: "[") ? .openStep : .xml
        case UInt8(ascii: "["): self = .json
        case UInt8(ascii: "{"):
            // JSON objects start with a quoted key; OpenStep dictionaries with a bare word.
            let next = text.skippingSpace(from: index + 1)
            self = next < text.count && (text[next] == UInt8(ascii: "\"") || text[next] == UInt8(ascii: "}")) ? .json : .openStep
        case UInt8(ascii: "\""):
            // A JSON document that starts with a quote is that one string; a .strings file
            // goes on with `=` and more entries.
            guard let end = Self.endOfQuotedString(text, from: index) else {
                self = .json
                return
            }
            self = text.skippingSpace(from: end) < text.count ? .openStep : .json
        case 0x21...0x7E: self = .openStep
        default: self = .xml
        }
    }

    /// The offset just past the quote that closes the string opened at `index`, or `nil` when
    /// it does not close within `text`.
    private static func endOfQuotedString(_ text: TextHead, from index: Int) -> Int? {
        var index = index + 1
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The offset of the first byte after a UTF-8 byte order mark and white space.
    package static func firstSignificantByte(_ bytes: UnsafeRawBufferPointer) -> Int {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, ScalarText.isSpace(bytes[index]) { index += 1 }
        return index
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
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

    /// The format's name after "a" or "an", as a sentence uses it: `an XML`, `a binary
    /// (bplist00)`, `a JSON`, `an old-style (OpenStep)`.
    public var displayNameWithArticle: String {
        switch self {
        case .xml, .openStep: "an \(displayName)"
        case .binary, .json: "a \(displayName)"
        }
    }

    /// A sentence naming the format, for the error that refuses it where only XML is read.
    var refusal: String {
        switch self {
        case .xml: "not an XML property list"
        default: "this is \(displayNameWithArticle) property list, not XML; `prefs convert FILE --to xml` converts it"
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
