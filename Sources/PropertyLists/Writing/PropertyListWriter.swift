/// Writes property lists in Apple's canonical XML form, byte for byte what CoreFoundation
/// writes, so that macOS tools, Python's `plistlib` and libplist read the files unchanged.
///
/// The form: the XML declaration, Apple's DOCTYPE and `<plist version="1.0">`; one element per
/// line indented with tabs; dictionary keys sorted by UTF-16 code units; only `&`, `<` and `>`
/// escaped; `<dict/>`, `<array/>` and `<string></string>` for empty values; reals as `%.17g`
/// (``RealFormat``); dates as `YYYY-MM-DDTHH:MM:SSZ`; data as Base64 lines of 76 − 8 × depth
/// columns at the element's indentation, depth capped at 8 for both as CoreFoundation caps it
/// (`_XMLPlistAppendDataUsingBase64`), while `</data>` keeps the element's full indentation;
/// a final newline.
///
/// One deliberate difference keeps every value exact: a carriage return is written `&#13;`,
/// because XML readers (CoreFoundation's aside) turn a raw one into a line feed.
///
/// ```swift
/// let bytes = try PropertyListWriter().write(["name": "Ada"])
/// ```
public struct PropertyListWriter: Sendable {
    /// Creates a writer.
    public init() {}

    private static let header = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)
    private static let footer = Array("</plist>\n".utf8)

    /// The canonical XML form of `value`.
    ///
    /// - Throws: ``PropertyListError`` when a string or key holds a character XML 1.0 cannot
    ///   carry (NUL and most other control characters, U+FFFE, U+FFFF), when containers nest
    ///   deeper than ``PropertyListLimits/maxNestingDepth``, or when the document would exceed
    ///   ``PropertyListLimits/maxInputSize``: the writer never produces what the reader refuses.
    /// - Complexity: O(*n* log *n*) in the number of values (keys are sorted).
    public func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
        var document: [UInt8] = []
        try write(value) { document.append(contentsOf: $0) }
        return document
    }

    /// Writes the canonical XML form of `value` to `output` in pieces of about
    /// ``pieceSize`` bytes, so a large
    /// property list is never held whole in memory a second time.
    ///
    /// The pieces come in order and together are exactly what ``write(_:)`` returns. A value
    /// that cannot be written is found only as the writer reaches it, after earlier pieces went
    /// out: write to a temporary file and keep it only when this returns.
    ///
    /// ```swift
    /// try PropertyListWriter().write(value) { piece in try file.append(piece) }
    /// ```
    ///
    /// - Throws: What ``write(_:)`` throws, and what `output` throws.
    public func write(_ value: PropertyList,
                      to output: (UnsafeRawBufferPointer) throws(PropertyListError) -> Void) throws(PropertyListError) {
        try withoutActuallyEscaping(output) { (output) throws(PropertyListError) in
            var encoder = Encoder(emit: output)
            try encoder.document(value)
        }
    }

    /// How many bytes the writer gathers before it hands them out.
    public static let pieceSize = 64 << 10

    private struct Encoder {
        /// Where pieces go.
        let emit: (UnsafeRawBufferPointer) throws(PropertyListError) -> Void
        /// The bytes not yet handed out.
        var output: [UInt8] = []
        /// The bytes handed out so far.
        var emitted = 0
        var path: [String] = []

        init(emit: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void) {
            self.emit = emit
            output.reserveCapacity(PropertyListWriter.pieceSize + PropertyListWriter.pieceSize / 4)
        }

        /// The whole document: header, `value` and footer, the last piece handed out.
        mutating func document(_ value: PropertyList) throws(PropertyListError) {
            output.append(contentsOf: PropertyListWriter.header)
            try append(value, depth: 0)
            output.append(contentsOf: PropertyListWriter.footer)
            try handOut()
        }

        /// Hands out the gathered bytes, after checking that the document stays within the size
        /// the reader accepts.
        private mutating func handOut() throws(PropertyListError) {
            let size = emitted + output.count
            guard size <= PropertyListLimits.maxInputSize else {
                throw PropertyListError(.tooLarge,
                    "in canonical form (tab-indented, as a Mac writes it) the property list would be more than 64 MiB (\(PropertyListLimits.maxInputSize) bytes), the most prefs writes or reads (\(size) bytes so far)")
            }
            // withUnsafeBytes rethrows untyped errors; the Result keeps the type.
            try output.withUnsafeBytes { bytes in Result { () throws(PropertyListError) in try emit(bytes) } }.get()
            emitted = size
            output.removeAll(keepingCapacity: true)
        }

        mutating func append(_ value: PropertyList, depth: Int) throws(PropertyListError) {
            if output.count >= PropertyListWriter.pieceSize { try handOut() }
            indent(depth)
            switch value {
            case .string(let string):
                try element("string", escaping: string, depth: depth)
            case .integer(let integer):
                element("integer", raw: integer.description)
            case .real(let real):
                open("real")
                RealFormat.append(real, to: &output)
                close("real")
            case .bool(let bool):
                output.append(contentsOf: (bool ? "<true/>\n" : "<false/>\n").utf8)
            case .date(let date):
                open("date")
                date.appendISO8601(to: &output)
                close("date")
            case .data(let bytes):
                appendData(bytes, depth: depth)
            case .array(let elements):
                try checkDepth(depth)
                guard !elements.isEmpty else {
                    output.append(contentsOf: "<array/>\n".utf8)
                    return
                }
                output.append(contentsOf: "<array>\n".utf8)
                for (index, element) in elements.enumerated() {
                    path.append(String(index))
                    try append(element, depth: depth + 1)
                    path.removeLast()
                }
                indent(depth)
                output.append(contentsOf: "</array>\n".utf8)
            case .dictionary(let dictionary):
                try checkDepth(depth)
                guard !dictionary.isEmpty else {
                    output.append(contentsOf: "<dict/>\n".utf8)
                    return
                }
                output.append(contentsOf: "<dict>\n".utf8)
                for position in dictionary.sortedPositions() {
                    let (key, element) = dictionary.entry(at: position)
                    path.append(key)
                    indent(depth + 1)
                    try self.element("key", escaping: key, depth: depth + 1, isKey: true)
                    try append(element, depth: depth + 1)
                    path.removeLast()
                }
                indent(depth)
                output.append(contentsOf: "</dict>\n".utf8)
            }
        }

        private func checkDepth(_ depth: Int) throws(PropertyListError) {
            if depth >= PropertyListLimits.maxNestingDepth {
                throw PropertyListError(.tooLarge,
                    "\(location) nests arrays and dictionaries deeper than \(PropertyListLimits.maxNestingDepth) levels, the most prefs writes")
            }
        }

        private var location: String {
            path.isEmpty ? "the value" : "the value at key path \"\(path.joined(separator: "."))\""
        }

        private mutating func indent(_ depth: Int) {
            output.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth))
        }

        private mutating func open(_ name: StaticString) {
            output.append(UInt8(ascii: "<"))
            output.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            output.append(UInt8(ascii: ">"))
        }

        private mutating func close(_ name: StaticString) {
            output.append(contentsOf: "</".utf8)
            output.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            output.append(contentsOf: ">\n".utf8)
        }

        private mutating func element(_ name: StaticString, raw text: String) {
            open(name)
            output.append(contentsOf: text.utf8)
            close(name)
        }

        private mutating func element(_ name: StaticString, escaping text: String, depth: Int, isKey: Bool = false) throws(PropertyListError) {
            open(name)
            var text = text
            // Most text needs no escaping: copy it whole when no byte needs a second look.
            let copied = text.withUTF8 { buffer in
                guard !buffer.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == 0xEF })
                else { return false }
                output.append(contentsOf: buffer)
                return true
            }
            if copied {
                close(name)
                return
            }
            var bytes = text.utf8.makeIterator()
            while let byte = bytes.next() {
                switch byte {
                case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
                case 0x0D: output.append(contentsOf: "&#13;".utf8)
                case 0x09, 0x0A: output.append(byte)
                case 0..<0x20:
                    throw unrepresentable("U+" + String(UInt32(byte), radix: 16, uppercase: true).leftPadded(4), isKey: isKey)
                case 0xEF:
                    // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters.
                    output.append(byte)
                    if let second = bytes.next() {
                        output.append(second)
                        if let third = bytes.next() {
                            if second == 0xBF && (third == 0xBE || third == 0xBF) {
                                throw unrepresentable(third == 0xBE ? "U+FFFE" : "U+FFFF", isKey: isKey)
                            }
                            output.append(third)
                        }
                    }
                default: output.append(byte)
                }
            }
            close(name)
        }

        private func unrepresentable(_ character: String, isKey: Bool) -> PropertyListError {
            let what = isKey ? "the key \"\(Self.visible(path.last ?? ""))\"" : location
            return PropertyListError(.unrepresentable,
                "\(what) holds the character \(character), which XML 1.0 cannot carry; store such text as data instead")
        }

        /// `string` with control characters spelled `\u{…}`, for messages.
        private static func visible(_ string: String) -> String {
            string.unicodeScalars.map {
                $0.properties.generalCategory == .control && $0 != "\t" && $0 != "\n"
                    ? "\\u{\(String($0.value, radix: 16))}" : String($0)
            }.joined()
        }

        private mutating func appendData(_ bytes: [UInt8], depth: Int) {
            output.append(contentsOf: "<data>\n".utf8)
            let columns = 76 - 8 * min(depth, 8)
            let bytesPerLine = columns / 4 * 3
            var start = 0
            while start < bytes.count {
                let end = min(start + bytesPerLine, bytes.count)
                indent(min(depth, 8))
                Base64.encode(bytes[start..<end], into: &output)
                output.append(UInt8(ascii: "\n"))
                start = end
            }
            indent(depth)
            output.append(contentsOf: "</data>\n".utf8)
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
