/// Appends the bytes of binary property list objects, with object references of the width
/// the number of objects needs.
struct BinaryObjectEncoder {
    /// The bytes so far.
    var output: [UInt8] = []
    /// The width of an object reference.
    let referenceSize: Int

    init(objectCount: Int) {
        referenceSize = Self.byteCount(UInt64(objectCount))
    }

    /// The fewest bytes, 1 through 8, for which `1 << (8 × bytes)` exceeds `value`: the rule
    /// CoreFoundation's reader holds offsets and references to.
    static func byteCount(_ value: UInt64) -> Int {
        var bytes = 1
        while bytes < 8, value >> (8 * bytes) != 0 { bytes += 1 }
        return bytes
    }

    mutating func appendUnsigned(_ value: UInt64, width: Int) {
        for shift in stride(from: 8 * (width - 1), through: 0, by: -8) { output.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// A marker with a count: in its low nibble below 15, else nibble 0xF and an integer object.
    private mutating func appendMarker(_ kind: UInt8, count: Int) {
        if count < 15 {
            output.append(kind << 4 | UInt8(count))
        } else {
            output.append(kind << 4 | 0x0F)
            appendInteger(PropertyListInteger(UInt64(count)))
        }
    }

    private mutating func appendInteger(_ integer: PropertyListInteger) {
        if integer.isNegative, let signed = integer.int64Value {
            output.append(0x13)
            appendUnsigned(UInt64(bitPattern: signed), width: 8)
            return
        }
        let magnitude = integer.magnitude
        switch magnitude {
        case ...0xFF:
            output.append(0x10)
            appendUnsigned(magnitude, width: 1)
        case ...0xFFFF:
            output.append(0x11)
            appendUnsigned(magnitude, width: 2)
        case ...0xFFFF_FFFF:
            output.append(0x12)
            appendUnsigned(magnitude, width: 4)
        case ...UInt64(Int64.max):
            output.append(0x13)
            appendUnsigned(magnitude, width: 8)
        default:
            output.append(0x14)
            appendUnsigned(0, width: 8)
            appendUnsigned(magnitude, width: 8)
        }
    }

    private mutating func appendReferences(_ references: ArraySlice<UInt32>) {
        for number in references { appendUnsigned(UInt64(number), width: referenceSize) }
    }

    /// Appends object `number` of `table`.
    mutating func encode(_ number: Int, of table: BinaryObjectTable) {
        let first = Int(table.first[number])
        let count = Int(table.second[number])
        switch table.kinds[number] {
        case .array:
            appendMarker(0xA, count: count)
            appendReferences(table.references[first..<first + count])
        case .dictionary:
            appendMarker(0xD, count: count)
            appendReferences(table.references[first..<first + 2 * count])
        case .uid:
            let uid = table.first[number]
            let width = uid <= 0xFF ? 1 : uid <= 0xFFFF ? 2 : 4
            output.append(0x80 | UInt8(width - 1))
            appendUnsigned(UInt64(uid), width: width)
        case .leaf:
            encode(leaf: table.leaves[first])
        }
    }

    private mutating func encode(leaf value: PropertyList) {
        switch value {
        case .bool(let bool): output.append(bool ? 0x09 : 0x08)
        case .integer(let integer): appendInteger(integer)
        case .real(let real):
            output.append(0x23)
            appendUnsigned(real.bitPattern, width: 8)
        case .date(let date):
            output.append(0x33)
            appendUnsigned(Double(date.secondsSince1970 - BinaryPropertyListParser.epochOffset).bitPattern, width: 8)
        case .data(let bytes):
            appendMarker(0x4, count: bytes.count)
            output.append(contentsOf: bytes)
        case .string(let string):
            if string.utf8.allSatisfy({ $0 < 0x80 }) {
                appendMarker(0x5, count: string.utf8.count)
                output.append(contentsOf: string.utf8)
            } else {
                appendMarker(0x6, count: string.utf16.count)
                for unit in string.utf16 {
                    output.append(UInt8(unit >> 8))
                    output.append(UInt8(truncatingIfNeeded: unit))
                }
            }
        case .array, .dictionary:
            preconditionFailure("containers are encoded from the object table, not as leaves")
        }
    }
}
