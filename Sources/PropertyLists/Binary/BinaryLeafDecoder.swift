/// Decodes the objects of a `bplist00` file that hold no references: booleans, integers,
/// reals, dates, data, strings and UIDs.
///
/// Markers as CoreFoundation's `CFBinaryPList.c` and Python's `plistlib` define them: `0x08`
/// and `0x09` false and true, `0x1n` an integer of 2^n bytes, `0x2n` a real of 2^n bytes,
/// `0x33` a date, `0x4n` data, `0x5n` ASCII and `0x6n` UTF-16BE strings, `0x8n` a UID of
/// n + 1 bytes. Null (`0x00`), fill (`0x0F`) and sets (`0xCn`) have no property list value.
struct BinaryLeafDecoder {
    let bytes: UnsafeRawBufferPointer
    /// Where the objects end (the offset table starts); no object reads past it.
    let objectsEnd: Int

    /// Decodes the leaf with marker `marker` at `offset`, whose contents start at `start`.
    func decode(kind: UInt8, marker: UInt8, count: Int, start: Int, offset: Int) throws(BinaryFormatError) -> PropertyList {
        switch kind {
        case 0x0 where marker == 0x08: return .bool(false)
        case 0x0 where marker == 0x09: return .bool(true)
        case 0x0 where marker == 0x00:
            throw BinaryFormatError("the object at offset \(offset) is null, which has no property list value")
        case 0x1: return .integer(try integer(widthExponent: count, at: start, offset: offset))
        case 0x2: return .real(try real(widthExponent: count, at: start, offset: offset))
        case 0x3 where marker == 0x33: return .date(try date(at: start, offset: offset))
        case 0x4: return .data(Array(try slice(start, count, offset: offset)))
        case 0x5: return .string(String(decoding: try ascii(start, count, offset: offset), as: UTF8.self))
        case 0x6: return .string(try utf16(start, count: count, offset: offset))
        case 0x8: return .dictionary(["CF$UID": .integer(try uid(width: count + 1, at: start, offset: offset))])
        case 0xC:
            throw BinaryFormatError("the object at offset \(offset) is a set, which XML property lists cannot hold")
        default:
            throw BinaryFormatError("the object at offset \(offset) has the unknown marker 0x\(String(marker, radix: 16, uppercase: true))")
        }
    }

    /// Checks the leaf as ``decode(kind:marker:count:start:offset:)`` does, with the same
    /// errors, without building a string or data.
    ///
    /// - Returns: The bytes its value carries, as ``PropertyList/payloadSize`` counts them:
    ///   the UTF-8 of a string, the bytes of data, nothing for other leaves.
    func check(kind: UInt8, marker: UInt8, count: Int, start: Int, offset: Int) throws(BinaryFormatError) -> Int {
        switch kind {
        case 0x4: return try slice(start, count, offset: offset).count
        case 0x5: return try ascii(start, count, offset: offset).count
        case 0x6:
            var utf8Count = 0
            try forEachScalar(ofUTF16At: start, count: count, offset: offset) { utf8Count += UTF8.width($0) }
            return utf8Count
        default: return try decode(kind: kind, marker: marker, count: count, start: start, offset: offset).payloadSize
        }
    }

    /// The bytes `start..<start + count`, checked to lie before the offset table.
    private func slice(_ start: Int, _ count: Int, offset: Int) throws(BinaryFormatError) -> Slice<UnsafeRawBufferPointer> {
        guard count <= objectsEnd - start else {
            throw BinaryFormatError("the object at offset \(offset) claims \(count) bytes, more than the \(objectsEnd - start) before the offset table")
        }
        return bytes[start..<start + count]
    }

    /// 1-, 2- and 4-byte integers are unsigned, 8-byte ones signed; the 16-byte form, which
    /// CoreFoundation writes for values above `Int64.max`, is a signed 128-bit integer and must
    /// lie within `Int64.min...UInt64.max`.
    private func integer(widthExponent: Int, at start: Int, offset: Int) throws(BinaryFormatError) -> PropertyListInteger {
        guard widthExponent <= 4 else {
            throw BinaryFormatError("the integer at offset \(offset) claims \(1 << min(widthExponent, 15)) bytes; integers have 1, 2, 4, 8 or 16")
        }
        let width = 1 << widthExponent
        _ = try slice(start, width, offset: offset)
        switch width {
        case 8: return PropertyListInteger(Int64(bitPattern: BinaryInteger64.read(bytes, at: start, width: 8)))
        case 16:
            let high = BinaryInteger64.read(bytes, at: start, width: 8)
            let low = BinaryInteger64.read(bytes, at: start + 8, width: 8)
            if high == 0 { return PropertyListInteger(low) }
            if high == UInt64.max, low >= UInt64(1) << 63 { return PropertyListInteger(Int64(bitPattern: low)) }
            throw BinaryFormatError(
                "the 128-bit integer at offset \(offset) is outside Int64.min…UInt64.max, the integers a property list holds", code: .tooLarge)
        default: return PropertyListInteger(BinaryInteger64.read(bytes, at: start, width: width))
        }
    }

    private func real(widthExponent: Int, at start: Int, offset: Int) throws(BinaryFormatError) -> Double {
        guard widthExponent == 2 || widthExponent == 3 else {
            throw BinaryFormatError("the real at offset \(offset) claims \(1 << widthExponent) bytes; reals have 4 or 8")
        }
        let width = 1 << widthExponent
        _ = try slice(start, width, offset: offset)
        let bits = BinaryInteger64.read(bytes, at: start, width: width)
        return width == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
    }

    /// Seconds since 2001-01-01T00:00:00Z as a double. Property list dates in prefs are whole
    /// seconds, as in XML, so a fraction of a second (which most dates a Mac stores have) is
    /// dropped, as CoreFoundation drops it when it writes the date as XML.
    private func date(at start: Int, offset: Int) throws(BinaryFormatError) -> PropertyListDate {
        _ = try slice(start, 8, offset: offset)
        let seconds = Double(bitPattern: BinaryInteger64.read(bytes, at: start, width: 8))
        let earliest = Double(PropertyListDate.earliest.secondsSince1970 - BinaryPropertyListParser.epochOffset)
        let latest = Double(PropertyListDate.latest.secondsSince1970 - BinaryPropertyListParser.epochOffset)
        guard seconds >= earliest, seconds <= latest else {
            throw BinaryFormatError("the date at offset \(offset) (\(seconds) s from 2001) is outside years 1 through 9999")
        }
        guard let date = PropertyListDate(secondsSince1970: Int64(seconds.rounded(.down)) + BinaryPropertyListParser.epochOffset) else {
            throw BinaryFormatError("the date at offset \(offset) (\(seconds) s from 2001) is outside years 1 through 9999")
        }
        return date
    }

    /// The bytes of an ASCII string, checked to lie before the offset table and to be below 0x80.
    func ascii(_ start: Int, _ count: Int, offset: Int) throws(BinaryFormatError) -> UnsafeRawBufferPointer {
        let text = UnsafeRawBufferPointer(rebasing: try slice(start, count, offset: offset))
        // The high bits of all bytes, gathered eight at a time.
        var combined: UInt64 = 0
        var index = 0
        while text.count - index >= 8 {
            combined |= text.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < text.count {
            combined |= UInt64(text[index])
            index += 1
        }
        guard combined & 0x8080_8080_8080_8080 == 0 else {
            throw BinaryFormatError("the ASCII string at offset \(offset) has a byte above 0x7F")
        }
        return text
    }

    /// A UTF-16BE string of `count` code units; a lone surrogate is an error.
    private func utf16(_ start: Int, count: Int, offset: Int) throws(BinaryFormatError) -> String {
        var scalars = String.UnicodeScalarView()
        try forEachScalar(ofUTF16At: start, count: count, offset: offset) { scalars.append($0) }
        return String(scalars)
    }

    /// Calls `body` with each scalar of the UTF-16BE string of `count` code units at `start`,
    /// after checking that it lies before the offset table; a lone surrogate is an error.
    private func forEachScalar(
        ofUTF16At start: Int, count: Int, offset: Int,
        _ body: (Unicode.Scalar) -> Void
    ) throws(BinaryFormatError) {
        guard count <= (objectsEnd - start) / 2 else {
            throw BinaryFormatError("the UTF-16 string at offset \(offset) claims \(count) code units, more than the bytes before the offset table")
        }
        var units = BigEndianUnits(bytes: bytes, position: start, end: start + 2 * count)
        var decoder = UTF16()
        while true {
            switch decoder.decode(&units) {
            case .scalarValue(let scalar): body(scalar)
            case .emptyInput: return
            case .error:
                throw BinaryFormatError("the UTF-16 string at offset \(offset) has a lone surrogate, which is not text")
            }
        }
    }

    /// The code units of a UTF-16BE string, read from the file as the decoder asks for them.
    private struct BigEndianUnits: IteratorProtocol {
        let bytes: UnsafeRawBufferPointer
        var position: Int
        let end: Int

        mutating func next() -> UInt16? {
            guard position < end else { return nil }
            defer { position += 2 }
            return UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
        }
    }

    /// A UID of 1 through 8 bytes, shown as CoreFoundation shows it in XML: `{"CF$UID": N}`.
    private func uid(width: Int, at start: Int, offset: Int) throws(BinaryFormatError) -> PropertyListInteger {
        guard width <= 8 else {
            throw BinaryFormatError("the UID at offset \(offset) claims \(width) bytes; prefs reads UIDs of up to 8")
        }
        _ = try slice(start, width, offset: offset)
        return PropertyListInteger(BinaryInteger64.read(bytes, at: start, width: width))
    }
}
