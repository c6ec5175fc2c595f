/// Reads JSON (RFC 8259) into a ``PropertyList``, the inverse of ``JSONWriter``'s mapping
/// where one exists.
///
/// A number without a fraction or exponent becomes an integer (exactly, `Int64.min` through
/// `UInt64.max`), any other number a real. Object keys are kept exactly as written, and a key
/// given twice is an error. `null` has no property list equivalent and is refused. Strings stay
/// strings: a date or Base64 string is not guessed at. The syntax is `JSONScanner`'s.
public struct JSONReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Parses `text` as one JSON value.
    ///
    /// - Parameters:
    ///   - text: The JSON document.
    ///   - source: How errors name the input, for example `argument 3` or a file name.
    /// - Throws: ``PropertyListError`` naming the source, line and what is wrong.
    /// - Complexity: O(*n*) in the length of `text`.
    public func read(_ text: String, source: String? = nil) throws(PropertyListError) -> PropertyList {
        try read(utf8: Array(text.utf8), from: 0, source: source)
    }

    /// Parses the valid UTF-8 `bytes` from `start` (past any byte order mark) as one JSON
    /// value, as ``read(_:source:)`` parses a string, without a copy of the bytes.
    func read(utf8 bytes: [UInt8], from start: Int, source: String?) throws(PropertyListError) -> PropertyList {
        var scanner = JSONScanner(validUTF8: bytes, from: start, maximumDepth: PropertyListLimits.maxNestingDepth)
        do throws(JSONScanner.SyntaxError) {
            let value = try scanner.propertyList()
            try scanner.expectEnd()
            return value
        } catch {
            throw PropertyListError(.invalid, file: source, line: error.line, "JSON: " + error.message)
        }
    }
}

extension JSONScanner {
    /// Scans one value into the property list it maps to.
    fileprivate mutating func propertyList() throws(SyntaxError) -> PropertyList {
        guard let first = peek() else { throw error("the JSON text ends where a value was expected") }
        switch first {
        case UInt8(ascii: "{"):
            var dictionary = PropertyListDictionary()
            try scanMembers { (key: String, scanner: inout JSONScanner) throws(SyntaxError) in
                guard dictionary.addWhileBuilding(try scanner.propertyList(), forKey: key) == nil else { throw scanner.duplicate(key) }
            }
            return .dictionary(dictionary)
        case UInt8(ascii: "["):
            var elements: [PropertyList] = []
            try scanArray { (scanner: inout JSONScanner) throws(SyntaxError) in elements.append(try scanner.propertyList()) }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try scanString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (range, isInteger) = try scanNumber()
            let text = text(range)
            if isInteger {
                guard let integer = PropertyListInteger(parsing: text.utf8) else {
                    throw error("\(text.quotedForMessage(limit: 60)) is outside the range of property list integers")
                }
                return .integer(integer)
            }
            guard let real = Double(text), real.isFinite else { throw error("\(text.quotedForMessage(limit: 60)) is outside the range of a double") }
            return .real(real)
        default:
            guard let bool = try scanLiteral() else { throw error("null has no property list equivalent; leave the key out instead") }
            return .bool(bool)
        }
    }
}
