/// The JSON syntax (RFC 8259) over UTF-8 bytes, one value at a time: what ``JSONReader`` turns
/// into property lists, and what a reader that keeps some values' exact bytes (the palettes'
/// fields other tools store) walks itself.
///
/// It refuses what RFC 8259 leaves to implementations and prefs will not guess at: a key given
/// twice in one object (compared scalar by scalar, as ``PropertyListDictionary`` compares keys),
/// a `\u` escape that is half a surrogate pair, bytes that are not UTF-8, and arrays and objects
/// nested deeper than the scanner's limit (which would otherwise exhaust the stack).
///
/// Each method starts after any white space and leaves the scanner after what it scanned.
package struct JSONScanner {
    /// What is wrong, and the 1-based line where it was found.
    package struct SyntaxError: Error {
        /// What is wrong, without the line.
        package let message: String
        /// The 1-based line.
        package let line: Int

        /// An error at `line`.
        package init(message: String, line: Int) {
            self.message = message
            self.line = line
        }
    }

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var depth = 0
    /// The offset of the next byte to scan.
    package private(set) var position = 0

    /// A scanner over the UTF-8 of `text`.
    package init(_ text: String, maximumDepth: Int) {
        bytes = Array(text.utf8)
        self.maximumDepth = maximumDepth
    }

    /// A scanner over `bytes`, already checked to be UTF-8, from `start`.
    package init(validUTF8 bytes: [UInt8], from start: Int, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        position = start
    }

    /// A scanner over `bytes`, once they are checked to be UTF-8.
    ///
    /// A byte-order mark is not skipped here: it is not JSON white space.
    ///
    /// - Parameters:
    ///   - bytes: The JSON text.
    ///   - maximumDepth: How many arrays and objects may nest inside each other.
    /// - Throws: ``SyntaxError`` at the line of the first byte that is not UTF-8.
    /// - Complexity: O(*n*) in the length of `bytes`.
    package init(validating bytes: [UInt8], maximumDepth: Int = PropertyListLimits.maxNestingDepth) throws(SyntaxError) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return
            case .error: throw SyntaxError(message: "the JSON text is not UTF-8 (byte \(offset + 1))", line: line(at: offset))
            }
        }
    }

    /// The 1-based line of byte `offset`, for messages.
    ///
    /// - Complexity: O(*n*) in `offset`; only errors ask.
    package func line(at offset: Int) -> Int {
        bytes[..<min(offset, bytes.count)].count(where: { $0 == 0x0A }) + 1
    }

    /// An error at the current position.
    package func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, line: line(at: position))
    }

    /// The text of `range`, a range a scan returned.
    package func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The next byte after any white space, or `nil` at the end.
    package mutating func peek() -> UInt8? {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            case let byte: return byte
            }
        }
        return nil
    }

    /// Throws unless only white space is left.
    package mutating func expectEnd() throws(SyntaxError) {
        guard peek() == nil else { throw error("unexpected text after the end of the JSON value") }
    }

    /// Scans any value, `null` and numbers beyond any machine type included, and returns its
    /// bytes' range.
    package mutating func scanValue() throws(SyntaxError) -> Range<Int> {
        guard let first = peek() else { throw error("the JSON text ends where a value was expected") }
        let start = position
        switch first {
        case UInt8(ascii: "["): try scanArray { (scanner: inout JSONScanner) throws(SyntaxError) in _ = try scanner.scanValue() }
        case UInt8(ascii: "{"): try scanObject { (_, scanner: inout JSONScanner) throws(SyntaxError) in _ = try scanner.scanValue() }
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
        default: _ = try scanLiteral()
        }
        return start..<position
    }

    /// Scans an array, calling `element` with the scanner before each element.
    package mutating func scanArray(_ element: (inout JSONScanner) throws(SyntaxError) -> Void) throws(SyntaxError) {
        try scanContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), name: "an array", element)
    }

    /// Scans an object, calling `member` with each key and the scanner before its value.
    package mutating func scanObject(_ member: (String, inout JSONScanner) throws(SyntaxError) -> Void) throws(SyntaxError) {
        var keys = Set<PropertyListDictionary.ExactKey>()
        try scanMembers { (key: String, scanner: inout JSONScanner) throws(SyntaxError) in
            guard keys.insert(PropertyListDictionary.ExactKey(key)).inserted else { throw scanner.duplicate(key) }
            try member(key, &scanner)
        }
    }

    /// Scans an object as ``scanObject(_:)`` does, but leaves refusing a key given twice to
    /// `member`, which keeps the keys anyway (``duplicate(_:)`` says so).
    mutating func scanMembers(_ member: (String, inout JSONScanner) throws(SyntaxError) -> Void) throws(SyntaxError) {
        try scanContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), name: "an object") {
            (scanner: inout JSONScanner) throws(SyntaxError) in
            guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.error("expected a quoted key") }
            let key = try scanner.scanString()
            guard scanner.peek() == UInt8(ascii: ":") else { throw scanner.error("expected ':' after the key \(key.quotedForMessage(limit: 60))") }
            scanner.position += 1
            try member(key, &scanner)
        }
    }

    /// The error for `key` given twice in one object.
    func duplicate(_ key: String) -> SyntaxError {
        error("the key \(key.quotedForMessage(limit: 60)) appears twice in one object")
    }

    /// Scans a string and returns it with its escapes decoded.
    package mutating func scanString() throws(SyntaxError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        position += 1
        var run = position
        var result = ""
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                result += text(run..<position)
                position += 1
                return result
            }
            if byte < 0x20 {
                throw error("a string holds a raw control character; write it as \\u\(String(byte, radix: 16).leftPadded(4))")
            }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            result += text(run..<position)
            position += 1
            result.unicodeScalars.append(try scanEscape())
            run = position
        }
        throw error("the JSON text ends inside a string")
    }

    /// Scans a number's syntax, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, and
    /// returns its bytes' range and whether it is an integer (no fraction, no exponent).
    package mutating func scanNumber() throws(SyntaxError) -> (range: Range<Int>, isInteger: Bool) {
        _ = peek()
        let start = position
        if at(UInt8(ascii: "-")) { position += 1 }
        let integerStart = position
        guard digits() > 0 else { throw error("a number needs digits") }
        if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 { throw error("a number may not start with 0") }
        var isInteger = true
        if at(UInt8(ascii: ".")) {
            position += 1
            isInteger = false
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if at(UInt8(ascii: "e")) || at(UInt8(ascii: "E")) {
            position += 1
            isInteger = false
            if at(UInt8(ascii: "+")) || at(UInt8(ascii: "-")) { position += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        return (start..<position, isInteger)
    }

    /// Scans `true`, `false` or `null`, and returns the Boolean, or `nil` for `null`.
    package mutating func scanLiteral() throws(SyntaxError) -> Bool? {
        guard let first = peek() else { throw error("the JSON text ends where a value was expected") }
        let (word, value): (String, Bool?)
        switch first {
        case UInt8(ascii: "t"): (word, value) = ("true", true)
        case UInt8(ascii: "f"): (word, value) = ("false", false)
        case UInt8(ascii: "n"): (word, value) = ("null", nil)
        default: throw error("unexpected character \(UnicodeScalar(first).messageText)")
        }
        guard bytes[position...].starts(with: word.utf8) else { throw error("expected a value; did you mean \(word)?") }
        position += word.utf8.count
        return value
    }

    /// The scalar of the escape after a backslash.
    private mutating func scanEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard position < bytes.count else { throw error("the JSON text ends inside a string") }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(escape)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default: throw error("unknown escape \\\(String(UnicodeScalar(escape)))")
        }
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
            guard bytes[position...].starts(with: "\\u".utf8) else { throw error("a \\u escape holds a lone surrogate") }
            position += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a \\u escape holds a lone surrogate") }
            code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("a \\u escape holds a lone surrogate") }
        return scalar
    }

    /// Four hexadecimal digits, and nothing else: no sign.
    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("\\u needs four hexadecimal digits") }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            guard let digit = Self.hexDigit(byte) else { throw error("\\u needs four hexadecimal digits") }
            value = value << 4 | digit
        }
        position += 4
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        return position - start
    }

    private func at(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    private mutating func scanContainer(
        open: UInt8, close: UInt8, name: String, _ item: (inout JSONScanner) throws(SyntaxError) -> Void
    ) throws(SyntaxError) {
        guard peek() == open else { throw error("expected '\(Unicode.Scalar(open))'") }
        guard depth < maximumDepth else { throw error("arrays and objects nest deeper than \(maximumDepth) levels") }
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
            case nil: throw error("the JSON text ends inside \(name); expected ',' or '\(Unicode.Scalar(close))'")
            default: throw error("expected ',' or '\(Unicode.Scalar(close))' in \(name)")
            }
        }
    }
}
