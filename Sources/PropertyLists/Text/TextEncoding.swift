/// The encodings in which prefs tells a text format by content and reads JSON and old-style
/// text: UTF-8, with or without a byte order mark, and UTF-16 in either byte order, told by its
/// byte order mark or, without one, by an XML declaration's `<?` (as XML's own rules tell it).
enum TextEncoding {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian

    /// The encoding of `bytes` and the offset of the text after its byte order mark.
    static func of(_ bytes: UnsafeRawBufferPointer) -> (encoding: TextEncoding, textStart: Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return (.utf16LittleEndian, 0) }
        if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return (.utf16BigEndian, 0) }
        return (.utf8, 0)
    }

    /// The text of `bytes` as UTF-8, and the offset where it starts after its byte order mark;
    /// `nil` when the bytes are not valid in the encoding ``of(_:)`` finds.
    ///
    /// UTF-8 is checked in place and handed back without a copy, so reading a text format holds
    /// its input once; UTF-16 is transcoded into at most one and a half times its size.
    ///
    /// - Complexity: O(*n*) in the length of `bytes`.
    static func utf8(_ bytes: [UInt8]) -> (bytes: [UInt8], start: Int)? {
        let (encoding, start) = bytes.withBytes { of($0) }
        switch encoding {
        case .utf8: return isValidUTF8(bytes[start...]) ? (bytes, start) : nil
        case .utf16LittleEndian, .utf16BigEndian:
            let body = bytes[start...]
            guard body.count % 2 == 0 else { return nil }
            let littleEndian = encoding == .utf16LittleEndian
            let units = stride(from: body.startIndex, to: body.endIndex, by: 2).lazy.map { (index: Int) -> UInt16 in
                let first = UInt16(body[index])
                let second = UInt16(body[index + 1])
                return littleEndian ? second << 8 | first : first << 8 | second
            }
            var text: [UInt8] = []
            text.reserveCapacity(body.count / 2 * 3)
            let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { text.append($0) }
            return failed ? nil : (text, 0)
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
    /// U+10FFFF), checked without decoding them into a string.
    private static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = buffer.makeIterator()
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        }
    }
}
