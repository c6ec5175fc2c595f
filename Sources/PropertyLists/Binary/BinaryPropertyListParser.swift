import Glibc

/// Decodes the objects of a `bplist00` file into a ``PropertyList``.
///
/// Every offset, reference, count and length is checked against the file before it is used or
/// anything is allocated for it. Objects on the path from the root are tracked, so a reference
/// cycle is an error. An object referenced more than once is decoded once and shared (Swift's
/// arrays, dictionaries and strings are copy-on-write), and each value's expanded weight is added
/// up as it is built: 8 bytes per value (`<true/>` and its newline, the smallest XML element)
/// plus the bytes of its strings and data, a lower bound of its XML size. An object graph whose
/// expansion passes ``PropertyListLimits/maxInputSize`` is refused as soon as the sum does, in
/// time and memory linear in the file, so that no value read here is beyond what the writers
/// can write. The references of all arrays and dictionaries together must fit in the bytes of
/// the objects, as they do when no two objects share bytes (which no writer makes them do), so
/// that counting them, the first pass over the file, is linear in it too: a file whose offset
/// table names one large array many times is refused, not read once per name.
struct BinaryPropertyListParser {
    let bytes: UnsafeRawBufferPointer
    let trailer: BinaryTrailer
    /// Per object: how often it is referenced (saturating at 2) in the low bits, and whether it
    /// is on the path being decoded in ``onPathFlag``.
    var marks: [UInt8]
    /// Decoded objects that more than one reference names, with their expanded weights.
    private var shared = BinarySharedValues()
    /// Objects that more than one reference names, checked without being built.
    var checkedShared: [Int: Checked] = [:]

    static let onPathFlag: UInt8 = 0x80
    /// The weight of one value: the bytes of `<true/>` and a newline.
    static let valueWeight = 8
    private static let uidKey = "CF$UID"
    /// Seconds from 1970-01-01 to 2001-01-01, the epoch of binary property list dates.
    static let epochOffset: Int64 = 978_307_200

    init(_ bytes: UnsafeRawBufferPointer) throws(BinaryFormatError) {
        self.bytes = bytes
        trailer = try BinaryTrailer(bytes)
        marks = [UInt8](repeating: 0, count: trailer.objectCount)
        try countReferences()
    }

    /// The root value.
    mutating func parse() throws(BinaryFormatError) -> PropertyList {
        try value(trailer.topObject, depth: 0).value
    }

    /// Counts the references each object receives from arrays and dictionaries, so that only
    /// objects named more than once are kept for reuse. Malformed objects are skipped here and
    /// reported when decoding reaches them.
    ///
    /// - Throws: When the references of all arrays and dictionaries take more bytes than the
    ///   objects do, which only objects that share bytes can make happen (an offset table that
    ///   names one array many times, or arrays that overlap): read once per offset-table entry,
    ///   they would cost time quadratic in the file.
    private mutating func countReferences() throws(BinaryFormatError) {
        marks[trailer.topObject] = 1
        let objectBytes = trailer.offsetTableOffset - BinaryTrailer.headerSize
        var referenceBytes = 0
        for index in 0..<trailer.objectCount {
            // A malformed object counts no references here; decoding throws its error if the
            // document reaches it, and one it never reaches is not part of the value.
            guard let offset = try? objectOffset(index), bytes[offset] >> 4 == 0xA || bytes[offset] >> 4 == 0xD,
                let (kind, count, start) = try? header(at: offset),
                let end = try? range(start, count: count, width: trailer.referenceSize * (kind == 0xD ? 2 : 1))
            else { continue }
            referenceBytes += end - start
            guard referenceBytes <= objectBytes else {
                throw BinaryFormatError(
                    "the arrays and dictionaries up to object \(index) (at offset \(offset)) hold \(referenceBytes) bytes of references, more than the \(objectBytes) bytes of all objects: objects share bytes, which no writer makes them do"
                )
            }
            var position = start
            while position < end {
                let reference = BinaryInteger64.read(bytes, at: position, width: trailer.referenceSize)
                if reference < UInt64(trailer.objectCount), marks[Int(reference)] < 2 { marks[Int(reference)] += 1 }
                position += trailer.referenceSize
            }
        }
    }

    /// The offset of object `index`, checked to lie between the header and the offset table.
    func objectOffset(_ index: Int) throws(BinaryFormatError) -> Int {
        let entry = trailer.offsetTableOffset + index * trailer.offsetSize
        let offset = BinaryInteger64.read(bytes, at: entry, width: trailer.offsetSize)
        guard offset >= UInt64(BinaryTrailer.headerSize), offset < UInt64(trailer.offsetTableOffset) else {
            throw BinaryFormatError("object \(index) has offset \(offset), outside the objects (\(BinaryTrailer.headerSize) to \(trailer.offsetTableOffset))")
        }
        return Int(offset)
    }

    /// The end of `count` items of `width` bytes from `start`, checked to stay before the offset table.
    func range(_ start: Int, count: Int, width: Int) throws(BinaryFormatError) -> Int {
        let room = trailer.offsetTableOffset - start
        guard count <= room / width else {
            throw BinaryFormatError("an object at offset \(start) claims \(count) items of \(width) bytes, more than the \(room) bytes before the offset table")
        }
        return start + count * width
    }

    /// An object's marker, split into its kind (high nibble) and count (low nibble, or the
    /// integer that follows when the nibble is 0xF), and where its contents start.
    func header(at offset: Int) throws(BinaryFormatError) -> (kind: UInt8, count: Int, start: Int) {
        let marker = bytes[offset]
        let kind = marker >> 4
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F, [0x4, 0x5, 0x6, 0xA, 0xC, 0xD].contains(kind) else { return (kind, nibble, offset + 1) }
        let lengthOffset = offset + 1
        guard lengthOffset < trailer.offsetTableOffset, bytes[lengthOffset] >> 4 == 0x1, bytes[lengthOffset] & 0x0F <= 3 else {
            throw BinaryFormatError("the object at offset \(offset) has no valid length after its marker")
        }
        let width = 1 << Int(bytes[lengthOffset] & 0x0F)
        let start = try range(lengthOffset + 1, count: 1, width: width)
        let length = BinaryInteger64.read(bytes, at: lengthOffset + 1, width: width)
        guard length <= UInt64(trailer.offsetTableOffset) else {
            throw BinaryFormatError("the object at offset \(offset) claims a length of \(length), beyond the end of the objects")
        }
        return (kind, Int(length), start)
    }

    mutating func value(_ index: Int, depth: Int) throws(BinaryFormatError) -> (value: PropertyList, weight: Int) {
        let isShared = marks[index] & 0x7F >= 2
        if isShared, let reused = shared[index] { return reused }
        guard marks[index] & Self.onPathFlag == 0 else {
            throw BinaryFormatError("object \(index) contains itself (a reference cycle)")
        }
        let offset = try objectOffset(index)
        let (kind, count, start) = try header(at: offset)
        let decoded: (value: PropertyList, weight: Int)
        switch kind {
        case 0xA, 0xD:
            guard depth < PropertyListLimits.maxNestingDepth else {
                throw BinaryFormatError("arrays and dictionaries nest deeper than \(PropertyListLimits.maxNestingDepth) levels", code: .tooLarge)
            }
            marks[index] |= Self.onPathFlag
            decoded = kind == 0xA ? try array(start, count: count, depth: depth) : try dictionary(start, count: count, depth: depth)
            marks[index] &= ~Self.onPathFlag
        default:
            let leaf = try BinaryLeafDecoder(bytes: bytes, objectsEnd: trailer.offsetTableOffset)
                .decode(kind: kind, marker: bytes[offset], count: count, start: start, offset: offset)
            decoded = (leaf, Self.valueWeight + leaf.payloadSize)
        }
        if isShared { shared.insert(decoded, for: index) }
        return decoded
    }

    func reference(at position: Int) throws(BinaryFormatError) -> Int {
        let reference = BinaryInteger64.read(bytes, at: position, width: trailer.referenceSize)
        guard reference < UInt64(trailer.objectCount) else {
            throw BinaryFormatError("the reference at offset \(position) names object \(reference), but there are \(trailer.objectCount)")
        }
        return Int(reference)
    }

    func add(_ weight: Int, to total: inout Int) throws(BinaryFormatError) {
        total += weight
        guard total <= PropertyListLimits.maxInputSize else {
            throw BinaryFormatError(
                "the value expands to more than \(PropertyListLimits.maxInputSize) bytes as XML (shared references multiply it); prefs reads property lists of up to \(PropertyListLimits.maxInputSize) bytes",
                code: .tooLarge)
        }
    }

    private mutating func array(_ start: Int, count: Int, depth: Int) throws(BinaryFormatError) -> (value: PropertyList, weight: Int) {
        let end = try range(start, count: count, width: trailer.referenceSize)
        var elements: [PropertyList] = []
        elements.reserveCapacity(count)
        var weight = Self.valueWeight
        var position = start
        while position < end {
            let element = try value(try reference(at: position), depth: depth + 1)
            try add(element.weight, to: &weight)
            elements.append(element.value)
            position += trailer.referenceSize
        }
        return (.array(elements), weight)
    }

    private mutating func dictionary(_ start: Int, count: Int, depth: Int) throws(BinaryFormatError) -> (value: PropertyList, weight: Int) {
        let keysEnd = try range(start, count: count, width: trailer.referenceSize)
        _ = try range(keysEnd, count: count, width: trailer.referenceSize)
        var keys: [PropertyListDictionary.ExactKey] = []
        var values: [PropertyList] = []
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        var weight = Self.valueWeight
        // Writers that sort keys (plistlib, prefs) make them strictly increasing, which proves
        // them distinct and lets the dictionary be built without a lookup per key.
        // ASCII keys are compared where they lie in the file.
        var increasing = true
        var previousASCII: UnsafeRawBufferPointer?
        for item in 0..<count {
            let keyIndex = try reference(at: start + item * trailer.referenceSize)
            let key = try value(keyIndex, depth: depth + 1)
            guard case .string(let name) = key.value else {
                throw BinaryFormatError("dictionary key object \(keyIndex) is \(Self.article(key.value.typeName)) \(key.value.typeName); keys must be strings")
            }
            let entry = try value(try reference(at: keysEnd + item * trailer.referenceSize), depth: depth + 1)
            try add(key.weight + entry.weight, to: &weight)
            if increasing {
                let ascii = asciiBytes(ofDecoded: keyIndex)
                if let ascii, let previousASCII {
                    increasing = Self.bytesIncrease(previousASCII, ascii)
                } else if let last = keys.last {
                    increasing = Self.bytesIncrease(last.string, name)
                }
                previousASCII = ascii
            }
            keys.append(PropertyListDictionary.ExactKey(name))
            values.append(entry.value)
        }
        if increasing { return (.dictionary(PropertyListDictionary(distinctKeys: keys, values: values)), weight) }
        var dictionary = PropertyListDictionary(minimumCapacity: count)
        for (key, entry) in zip(keys, values) where dictionary.addWhileBuilding(entry, forKey: key.string) != nil {
            throw BinaryFormatError("the dictionary at offset \(start - 1) has the key \(key.string.quotedForMessage(limit: 60)) twice")
        }
        return (.dictionary(dictionary), weight)
    }

    /// The bytes of object `index`, which decoded as a string, when it is an ASCII one.
    private func asciiBytes(ofDecoded index: Int) -> UnsafeRawBufferPointer? {
        // The object has decoded, so its offset and header read; `nil` means "not ASCII".
        guard let offset = try? objectOffset(index), bytes[offset] >> 4 == 0x5,
            let (_, count, start) = try? header(at: offset)
        else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + count])
    }

    /// Whether `b`'s UTF-8 bytes sort strictly after `a`'s.
    private static func bytesIncrease(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { left in b.withUTF8 { right in bytesIncrease(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right)) } }
    }

    /// Whether the bytes of `b` sort strictly after those of `a`.
    static func bytesIncrease(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let common = min(left.count, right.count)
        let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
        return order != 0 ? order < 0 : left.count < right.count
    }

    static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}

extension PropertyList {
    /// The bytes a leaf carries, for the expanded weight of a value.
    var payloadSize: Int {
        switch self {
        case .string(let string): string.utf8.count
        case .data(let bytes): bytes.count
        default: 0
        }
    }
}
