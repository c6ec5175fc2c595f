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

    static let header: StaticString = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """
    static let footer: StaticString = "</plist>\n"

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
    public func write(
        _ value: PropertyList,
        to output: (UnsafeRawBufferPointer) throws(PropertyListError) -> Void
    ) throws(PropertyListError) {
        try withoutActuallyEscaping(output) { (output) throws(PropertyListError) in
            var encoder = Encoder(emit: output)
            try encoder.document(value)
        }
    }

    /// How many bytes the writer gathers before it hands them out.
    public static let pieceSize = 64 << 10

    /// Writes values into ``output``, handing out a piece whenever it holds ``pieceSize`` bytes;
    /// ``CanonicalXMLDocument`` uses it for single entries too.
    struct Encoder: ~Copyable {
        /// Where pieces go.
        let emit: (UnsafeRawBufferPointer) throws(PropertyListError) -> Void
        /// The bytes not yet handed out.
        var output = OutputBuffer(capacity: PropertyListWriter.pieceSize + PropertyListWriter.pieceSize / 4)
        /// The bytes handed out so far.
        var emitted = 0
        var path: [String] = []

        init(emit: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void) {
            self.emit = emit
        }

        /// The whole document: header, `value` and footer, the last piece handed out.
        mutating func document(_ value: PropertyList) throws(PropertyListError) {
            output.append(PropertyListWriter.header)
            try append(value, depth: 0)
            output.append(PropertyListWriter.footer)
            try handOut()
        }

        /// Hands out the gathered bytes, after checking that the document stays within the size
        /// the reader accepts.
        mutating func handOut() throws(PropertyListError) {
            let size = emitted + output.count
            guard size <= PropertyListLimits.maxInputSize else {
                throw PropertyListError(
                    .tooLarge,
                    "in canonical form (tab-indented, as a Mac writes it) the property list would be more than 64 MiB (\(PropertyListLimits.maxInputSize) bytes), the most prefs writes or reads (\(size) bytes so far)"
                )
            }
            try output.withBytes(emit)
            emitted = size
            output.removeAll()
        }

        mutating func append(_ value: PropertyList, depth: Int) throws(PropertyListError) {
            if output.count >= PropertyListWriter.pieceSize { try handOut() }
            indent(depth)
            switch value {
            case .string(let string):
                try element("<string>", "</string>\n", escaping: string)
            case .integer(let integer):
                output.append("<integer>")
                output.write(upTo: 21) { Self.write(integer, to: $0) }
                output.append("</integer>\n")
            case .real(let real):
                output.append("<real>")
                output.write(upTo: RealFormat.maxCount) { RealFormat.write(real, to: $0) }
                output.append("</real>\n")
            case .bool(let bool):
                output.append(bool ? "<true/>\n" : "<false/>\n")
            case .date(let date):
                output.append("<date>")
                output.write(upTo: PropertyListDate.iso8601Count) { date.writeISO8601(to: $0) }
                output.append("</date>\n")
            case .data(let bytes):
                appendData(bytes, depth: depth)
            case .array(let elements):
                try checkDepth(depth)
                guard !elements.isEmpty else {
                    output.append("<array/>\n")
                    return
                }
                output.append("<array>\n")
                for (index, element) in elements.enumerated() {
                    path.append(String(index))
                    try append(element, depth: depth + 1)
                    path.removeLast()
                }
                indent(depth)
                output.append("</array>\n")
            case .dictionary(let dictionary):
                try checkDepth(depth)
                guard !dictionary.isEmpty else {
                    output.append("<dict/>\n")
                    return
                }
                output.append("<dict>\n")
                for position in dictionary.sortedPositions() {
                    let (key, element) = dictionary.entry(at: position)
                    try entry(key, element, depth: depth + 1)
                }
                indent(depth)
                output.append("</dict>\n")
            }
        }

        /// One entry of a dictionary whose entries are at `depth`: the key's line, then the value.
        mutating func entry(_ key: String, _ value: PropertyList, depth: Int) throws(PropertyListError) {
            path.append(key)
            indent(depth)
            try element("<key>", "</key>\n", escaping: key, isKey: true)
            try append(value, depth: depth)
            path.removeLast()
        }

        private func checkDepth(_ depth: Int) throws(PropertyListError) {
            if depth >= PropertyListLimits.maxNestingDepth {
                throw PropertyListError(
                    .tooLarge,
                    "\(location) nests arrays and dictionaries deeper than \(PropertyListLimits.maxNestingDepth) levels, the most prefs writes")
            }
        }

        private var location: String {
            path.isEmpty ? "the value" : "the value at key path \(path.joined(separator: ".").quotedForMessage())"
        }

        private mutating func indent(_ depth: Int) {
            output.append(repeating: UInt8(ascii: "\t"), count: depth)
        }

        /// Writes the decimal digits of `integer` at `output`, which has room for 21 bytes.
        private static func write(_ integer: PropertyListInteger, to output: UnsafeMutablePointer<UInt8>) -> Int {
            var digits = 1
            var rest = integer.magnitude
            while rest >= 10 {
                digits += 1
                rest /= 10
            }
            var out = output
            if integer.isNegative {
                out.pointee = UInt8(ascii: "-")
                out += 1
            }
            rest = integer.magnitude
            for index in (0..<digits).reversed() {
                out[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return out + digits - output
        }

        /// Which bytes text cannot be copied with unchanged: control characters, `&`, `<`, `>`,
        /// and 0xEF, which starts U+FFFE and U+FFFF.
        static let needsALook: [Bool] = (0...255).map {
            $0 < 0x20 || $0 == Int(UInt8(ascii: "&")) || $0 == Int(UInt8(ascii: "<")) || $0 == Int(UInt8(ascii: ">")) || $0 == 0xEF
        }

        /// Whether any of the eight bytes in `word` needs a look, eight at a time: a byte below
        /// 0x20, or one equal to `&`, `<`, `>` or 0xEF (the has-less and has-zero tests of
        /// "Bit Twiddling Hacks", exact for the word as a whole).
        static func wordNeedsALook(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
            let control = (word &- ones &* 0x20) & ~word & highs != 0
            return control || hasZero(word ^ (ones &* 0x26)) || hasZero(word ^ (ones &* 0x3C))
                || hasZero(word ^ (ones &* 0x3E)) || hasZero(word ^ (ones &* 0xEF))
        }

        private mutating func element(_ open: StaticString, _ close: StaticString, escaping text: String, isKey: Bool = false) throws(PropertyListError) {
            output.append(open)
            var text = text
            if let character = text.withUTF8({ appendEscaped(UnsafeRawBufferPointer($0)) }) {
                throw unrepresentable(character, isKey: isKey)
            }
            output.append(close)
        }

        /// Appends `text` with `&`, `<`, `>` and carriage returns escaped, copying the runs
        /// between them whole.
        ///
        /// - Returns: The name of a character XML 1.0 cannot carry, where the text holds one.
        private mutating func appendEscaped(_ text: UnsafeRawBufferPointer) -> String? {
            Self.needsALook.withUnsafeBufferPointer { needsALook in
                var runStart = 0
                var index = 0
                while index < text.count {
                    if text.count - index >= 8, !Self.wordNeedsALook(text.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                        index += 8
                        continue
                    }
                    let byte = text[index]
                    guard needsALook[Int(byte)] else {
                        index += 1
                        continue
                    }
                    output.append(UnsafeRawBufferPointer(rebasing: text[runStart..<index]))
                    switch byte {
                    case UInt8(ascii: "&"): output.append("&amp;")
                    case UInt8(ascii: "<"): output.append("&lt;")
                    case UInt8(ascii: ">"): output.append("&gt;")
                    case 0x0D: output.append("&#13;")
                    case 0x09, 0x0A, 0xEF:
                        // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters.
                        if byte == 0xEF, index + 2 < text.count, text[index + 1] == 0xBF, text[index + 2] & 0xFE == 0xBE {
                            return text[index + 2] == 0xBE ? "U+FFFE" : "U+FFFF"
                        }
                        output.append(byte)
                    default:
                        return "U+" + String(UInt32(byte), radix: 16, uppercase: true).leftPadded(4)
                    }
                    index += 1
                    runStart = index
                }
                output.append(UnsafeRawBufferPointer(rebasing: text[runStart...]))
                return nil
            }
        }

        private func unrepresentable(_ character: String, isKey: Bool) -> PropertyListError {
            let what = isKey ? "the key \((path.last ?? "").quotedForMessage())" : location
            return PropertyListError(
                .unrepresentable,
                "\(what) holds the character \(character), which XML 1.0 cannot carry; store such text as data instead")
        }

        /// Base64 lines of at most 76 − 8 × depth columns, at most 8 tabs in, as CoreFoundation
        /// caps both.
        private mutating func appendData(_ bytes: [UInt8], depth: Int) {
            output.append("<data>\n")
            let lineDepth = min(depth, 8)
            let bytesPerLine = (76 - 8 * lineDepth) / 4 * 3
            bytes.withUnsafeBytes { bytes in
                var start = 0
                while start < bytes.count {
                    let line = UnsafeRawBufferPointer(rebasing: bytes[start..<min(start + bytesPerLine, bytes.count)])
                    output.write(upTo: lineDepth + Base64.encodedCount(line.count) + 1) { out in
                        out.initialize(repeating: UInt8(ascii: "\t"), count: lineDepth)
                        let count = lineDepth + Base64.encode(line, to: out + lineDepth)
                        out[count] = UInt8(ascii: "\n")
                        return count + 1
                    }
                    start += line.count
                }
            }
            indent(depth)
            output.append("</data>\n")
        }
    }
}
