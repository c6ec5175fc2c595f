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

    /// The bytes of a text as a string, after its byte order mark; `nil` when they are not
    /// valid in the encoding ``of(_:)`` finds (a lone surrogate, an odd number of UTF-16 bytes).
    static func decode(_ bytes: UnsafeRawBufferPointer) -> String? {
        let (encoding, start) = of(bytes)
        let body = UnsafeRawBufferPointer(rebasing: bytes[start...])
        switch encoding {
        case .utf8: return String(validating: body, as: UTF8.self)
        case .utf16LittleEndian, .utf16BigEndian:
            guard body.count % 2 == 0 else { return nil }
            let littleEndian = encoding == .utf16LittleEndian
            let units = stride(from: 0, to: body.count, by: 2).lazy.map { (index: Int) -> UInt16 in
                let first = UInt16(body[index])
                let second = UInt16(body[index + 1])
                return littleEndian ? second << 8 | first : first << 8 | second
            }
            return String(validating: units, as: UTF16.self)
        }
    }
}
