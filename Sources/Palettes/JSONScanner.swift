/// A strict JSON reader (RFC 8259) over UTF-8 bytes that hands back each value's exact bytes, so
/// fields prefs does not know can be written back unchanged.
///
/// It refuses what RFC 8259 leaves to implementations and prefs will not guess at: duplicate
/// keys in an object, unpaired surrogate escapes, bytes that are not UTF-8, and nesting deeper
/// than ``maximumDepth`` (which would otherwise exhaust the stack).
struct JSONScanner {
    /// How deeply arrays and objects may nest.
    static let maximumDepth = 256

    /// A syntax error, with the 1-based line it was found on.
    struct SyntaxError: Error {
        let message: String
        let line: Int
    }

    private let bytes: [UInt8]
    private(set) var position: Int
    private var depth = 0

    /// A scanner at the start of `bytes`, after a UTF-8 byte-order mark if there is one.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The 1-based line of byte `offset`, for messages.
    ///
    /// - Complexity: O(*n*) in `offset`; only errors ask.
    func line(at offset: Int) -> Int {
        bytes[..<min(offset, bytes.count)].count(where: { $0 == 0x0A }) + 1
    }

    /// The text of `range`, which a scan returned and so is valid UTF-8.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Throws unless only whitespace is left.
    mutating func expectEnd() throws(SyntaxError) {
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected text after the end of the JSON value") }
    }

    /// The next byte after any whitespace, or `nil` at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Scans an array, calling `element` with the scanner at the start of each element.
    mutating func scanArray(_ element: (inout JSONScanner) throws(SyntaxError) -> Void) throws(SyntaxError) {
        try scanContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), element)
    }

    /// Scans an object, calling `member` with each key (duplicates refused) and the scanner at
    /// the start of its value.
    mutating func scanObject(_ member: (String, inout JSONScanner) throws(SyntaxError) -> Void) throws(SyntaxError) {
        var keys = Set<String>()
        try scanContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) { (scanner: inout JSONScanner) throws(SyntaxError) in
            guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.error("expected a string key") }
            let key = try scanner.scanString()
            guard keys.insert(key).inserted else { throw scanner.error("the key \"\(key)\" appears twice in one object") }
            try scanner.expect(UInt8(ascii: ":"))
            try member(key, &scanner)
        }
    }

    /// Scans any value and returns its bytes' range.
    mutating func scanValue() throws(SyntaxError) -> Range<Int> {
        guard let first = peek() else { throw error("expected a value, found the end of the input") }
        let start = position
        switch first {
        case UInt8(ascii: "["): try scanArray { (scanner: inout JSONScanner) throws(SyntaxError) in _ = try scanner.scanValue() }
        case UInt8(ascii: "{"): try scanObject { (_, scanner: inout JSONScanner) throws(SyntaxError) in _ = try scanner.scanValue() }
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
        default:
            guard let literal = ["true", "false", "null"].first(where: { bytes[position...].starts(with: $0.utf8) }) else {
                throw error("expected a value")
            }
            position += literal.utf8.count
        }
        return start..<position
    }

    /// Scans a string and returns it decoded.
    mutating func scanString() throws(SyntaxError) -> String {
        try expect(UInt8(ascii: "\""))
        var decoded: [UInt8] = []
        while true {
            guard position < bytes.count else { throw error("a string is not closed") }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: decoded, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
                return string
            case UInt8(ascii: "\\"): decoded += try scanEscape()
            case 0..<0x20: throw error("a string holds a control character; JSON needs it escaped")
            default: decoded.append(byte)
            }
        }
    }

    private mutating func scanEscape() throws(SyntaxError) -> [UInt8] {
        guard position < bytes.count else { throw error("a string is not closed") }
        let escaped = bytes[position]
        position += 1
        let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
        if let byte = simple[escaped] { return [byte] }
        guard escaped == UInt8(ascii: "u") else { throw error("unknown escape \\\(Unicode.Scalar(escaped))") }
        var value = try scanHex()
        if (0xD800...0xDBFF).contains(value) {
            guard bytes[position...].starts(with: "\\u".utf8) else { throw error("a \\u escape is half a surrogate pair") }
            position += 2
            let low = try scanHex()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a \\u escape is half a surrogate pair") }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw error("a \\u escape is half a surrogate pair") }
        return Array(String(scalar).utf8)
    }

    private mutating func scanHex() throws(SyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
            bytes[position..<position + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else {
            throw error("a \\u escape needs four hex digits")
        }
        position += 4
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func scanNumber() throws(SyntaxError) {
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        if at(UInt8(ascii: "0")) {
            position += 1
        } else {
            guard try digits() > 0 else { throw error("a number needs digits") }
        }
        if at(UInt8(ascii: ".")) {
            position += 1
            guard try digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if at(UInt8(ascii: "e")) || at(UInt8(ascii: "E")) {
            position += 1
            if at(UInt8(ascii: "+")) || at(UInt8(ascii: "-")) { position += 1 }
            guard try digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
    }

    private mutating func digits() throws(SyntaxError) -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        return position - start
    }

    private func at(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    private mutating func scanContainer(
        open: UInt8, close: UInt8,
        _ item: (inout JSONScanner) throws(SyntaxError) -> Void
    ) throws(SyntaxError) {
        guard peek() == open else { throw error("expected '\(Unicode.Scalar(open))'") }
        guard depth < Self.maximumDepth else { throw error("arrays and objects nest deeper than \(Self.maximumDepth) levels") }
        depth += 1
        defer { depth -= 1 }
        position += 1
        if peek() == close {
            position += 1
            return
        }
        while true {
            try item(&self)
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case close:
                position += 1
                return
            default: throw error("expected ',' or '\(Unicode.Scalar(close))'")
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(SyntaxError) {
        guard peek() == byte else { throw error("expected '\(Unicode.Scalar(byte))'") }
        position += 1
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    /// An error at the current position.
    func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, line: line(at: position))
    }
}
