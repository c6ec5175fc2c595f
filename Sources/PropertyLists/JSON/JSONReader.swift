/// Reads JSON (RFC 8259) into a ``PropertyList``, the inverse of ``JSONWriter``'s mapping
/// where one exists.
///
/// A number without a fraction or exponent becomes an integer (exactly, `Int64.min` through
/// `UInt64.max`), any other number a real. Object keys are kept exactly as written, and a key
/// given twice is an error. `null` has no property list equivalent and is refused. Strings stay
/// strings: a date or Base64 string is not guessed at.
public struct JSONReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Parses `text` as one JSON value.
    ///
    /// - Parameters:
    ///   - text: The JSON document.
    ///   - source: How errors name the input, for example `argument 3` or a file name.
    /// - Throws: ``PropertyListError`` naming the source, line and what is wrong.
    public func read(_ text: String, source: String? = nil) throws(PropertyListError) -> PropertyList {
        var parser = Parser(bytes: Array(text.utf8), source: source)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        let source: String?
        var index = 0

        init(bytes: [UInt8], source: String?) {
            self.bytes = bytes
            self.source = source
        }

        func error(_ message: String) -> PropertyListError {
            let line = bytes[..<min(index, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            return PropertyListError(.invalid, file: source, line: line, "JSON: " + message)
        }

        mutating func skipSpace() {
            while index < bytes.count, ScalarText.isSpace(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(PropertyListError) -> PropertyList {
            guard index < bytes.count else { throw error("the JSON text ends where a value was expected") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                throw error("null has no property list equivalent; leave the key out instead")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("unexpected character \(UnicodeScalar(bytes[index]).messageText)")
            }
        }

        mutating func literal(_ word: String) throws(PropertyListError) {
            let expected = Array(word.utf8)
            guard bytes[index...].starts(with: expected) else { throw error("unexpected text; did you mean \(word)?") }
            index += expected.count
        }

        mutating func checkDepth(_ depth: Int) throws(PropertyListError) {
            if depth > PropertyListLimits.maxNestingDepth {
                throw error("arrays and objects nest deeper than \(PropertyListLimits.maxNestingDepth) levels")
            }
        }

        mutating func object(depth: Int) throws(PropertyListError) -> PropertyList {
            try checkDepth(depth)
            index += 1
            var dictionary = PropertyListDictionary()
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .dictionary(dictionary)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
                index += 1
                skipSpace()
                let element = try value(depth: depth)
                if dictionary.addWhileBuilding(element, forKey: key) != nil {
                    throw error("the key \"\(key)\" appears twice in one object")
                }
                skipSpace()
                guard index < bytes.count else { throw error("the JSON text ends inside an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
                index += 1
                return .dictionary(dictionary)
            }
        }

        mutating func array(depth: Int) throws(PropertyListError) -> PropertyList {
            try checkDepth(depth)
            index += 1
            var elements: [PropertyList] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth))
                skipSpace()
                guard index < bytes.count else { throw error("the JSON text ends inside an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
                index += 1
                return .array(elements)
            }
        }

        mutating func string() throws(PropertyListError) -> String {
            index += 1
            var run = index
            var result = ""
            func flush(_ end: Int) {
                result += String(decoding: bytes[run..<end], as: UTF8.self)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1
                    return result
                }
                if byte < 0x20 { throw error("a string holds a raw control character; write it as \\u\(String(byte, radix: 16).leftPadded(4))") }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                flush(index)
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): result += "\""
                case UInt8(ascii: "\\"): result += "\\"
                case UInt8(ascii: "/"): result += "/"
                case UInt8(ascii: "b"): result += "\u{08}"
                case UInt8(ascii: "f"): result += "\u{0C}"
                case UInt8(ascii: "n"): result += "\n"
                case UInt8(ascii: "r"): result += "\r"
                case UInt8(ascii: "t"): result += "\t"
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard bytes[index...].starts(with: Array("\\u".utf8)) else { throw error("a \\u escape holds a lone surrogate") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a \\u escape holds a lone surrogate") }
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let scalar = UnicodeScalar(code) else { throw error("a \\u escape holds a lone surrogate") }
                    result.unicodeScalars.append(scalar)
                default: throw error("unknown escape \\\(String(UnicodeScalar(escape)))")
                }
                run = index
            }
            throw error("the JSON text ends inside a string")
        }

        mutating func hex4() throws(PropertyListError) -> UInt32 {
            guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw error("\\u needs four hexadecimal digits") }
            index += 4
            return value
        }

        mutating func number() throws(PropertyListError) -> PropertyList {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            let integerStart = index
            guard digits() > 0 else { throw error("a number needs digits") }
            if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { throw error("a number may not start with 0") }
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                isInteger = false
                guard digits() > 0 else { throw error("a number needs digits after '.'") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                isInteger = false
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("a number needs digits in its exponent") }
            }
            let text = bytes[start..<index]
            if isInteger {
                guard let integer = PropertyListInteger(parsing: text) else {
                    throw error("\(String(decoding: text, as: UTF8.self)) is outside the range of property list integers")
                }
                return .integer(integer)
            }
            guard let real = Double(String(decoding: text, as: UTF8.self)), real.isFinite else {
                throw error("\(String(decoding: text, as: UTF8.self)) is outside the range of a double")
            }
            return .real(real)
        }
    }
}
