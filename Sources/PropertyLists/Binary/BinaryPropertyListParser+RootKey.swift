import Glibc

extension BinaryPropertyListParser {
    /// What checking an object found: its kind (the marker's high nibble), its expanded weight,
    /// and where its contents lie, which for an ASCII string are its bytes.
    struct Checked {
        let kind: UInt8
        let weight: Int
        let start: Int
        let count: Int
    }

    /// The root value, but of a root dictionary only the entry under `rootKey`.
    ///
    /// Every object is checked as ``parse()`` checks it, in the same order, so a file that
    /// ``parse()`` refuses is refused here with the same error; only the value under `rootKey`
    /// is built. A root of another type is built whole.
    mutating func parse(keeping rootKey: String) throws(BinaryFormatError) -> PropertyList {
        let root = trailer.topObject
        let (kind, count, start) = try header(at: try objectOffset(root))
        // A root UID reads as the dictionary {"CF$UID": N}: of it too, only the entry under
        // `rootKey` is kept, as a read of one key keeps of any root dictionary.
        guard kind == 0xD else { return PropertyListReader.keeping(rootKey, of: try parse()) }
        marks[root] |= Self.onPathFlag
        let kept = try checkDictionary(start, count: count, depth: 0, keeping: Array(rootKey.utf8)).kept
        var dictionary = PropertyListDictionary()
        dictionary[rootKey] = kept
        return .dictionary(dictionary)
    }

    /// Checks object `index` and what it holds as ``value(_:depth:)`` decodes it, with the same
    /// errors, weights, cycle and depth checks, without building it.
    private mutating func check(_ index: Int, depth: Int) throws(BinaryFormatError) -> Checked {
        let isShared = marks[index] & 0x7F >= 2
        if isShared, let reused = checkedShared[index] { return reused }
        guard marks[index] & Self.onPathFlag == 0 else {
            throw BinaryFormatError("object \(index) contains itself (a reference cycle)")
        }
        let offset = try objectOffset(index)
        let (kind, count, start) = try header(at: offset)
        let weight: Int
        switch kind {
        case 0xA, 0xD:
            guard depth < PropertyListLimits.maxNestingDepth else {
                throw BinaryFormatError("arrays and dictionaries nest deeper than \(PropertyListLimits.maxNestingDepth) levels", code: .tooLarge)
            }
            marks[index] |= Self.onPathFlag
            weight = kind == 0xA ? try checkArray(start, count: count, depth: depth) : try checkDictionary(start, count: count, depth: depth).weight
            marks[index] &= ~Self.onPathFlag
        default:
            weight =
                Self.valueWeight
                + (try BinaryLeafDecoder(bytes: bytes, objectsEnd: trailer.offsetTableOffset)
                    .check(kind: kind, marker: bytes[offset], count: count, start: start, offset: offset))
        }
        let checked = Checked(kind: kind, weight: weight, start: start, count: count)
        if isShared { checkedShared[index] = checked }
        return checked
    }

    private mutating func checkArray(_ start: Int, count: Int, depth: Int) throws(BinaryFormatError) -> Int {
        let end = try range(start, count: count, width: trailer.referenceSize)
        var weight = Self.valueWeight
        var position = start
        while position < end {
            try add(try check(try reference(at: position), depth: depth + 1).weight, to: &weight)
            position += trailer.referenceSize
        }
        return weight
    }

    /// Checks a dictionary as ``dictionary(_:count:depth:)`` decodes it, building only the value
    /// under the key whose UTF-8 bytes are `kept`, if any.
    ///
    /// ASCII keys are compared in the file, where they are their own UTF-8; strictly increasing
    /// ones are distinct. Other dictionaries have their keys built to find a repeated one.
    private mutating func checkDictionary(
        _ start: Int, count: Int, depth: Int,
        keeping kept: [UInt8]? = nil
    ) throws(BinaryFormatError) -> (weight: Int, kept: PropertyList?) {
        let keysEnd = try range(start, count: count, width: trailer.referenceSize)
        _ = try range(keysEnd, count: count, width: trailer.referenceSize)
        var weight = Self.valueWeight
        var keptValue: PropertyList?
        var increasing = true
        var previous = UnsafeRawBufferPointer(start: nil, count: 0)
        for item in 0..<count {
            let keyIndex = try reference(at: start + item * trailer.referenceSize)
            let key = try check(keyIndex, depth: depth + 1)
            guard key.kind == 0x5 || key.kind == 0x6 else {
                let typeName = Self.typeName(ofKind: key.kind)
                throw BinaryFormatError("dictionary key object \(keyIndex) is \(Self.article(typeName)) \(typeName); keys must be strings")
            }
            let name = key.kind == 0x5 ? UnsafeRawBufferPointer(rebasing: bytes[key.start..<key.start + key.count]) : nil
            let valueIndex = try reference(at: keysEnd + item * trailer.referenceSize)
            var isKept = false
            if let kept {
                if let name { isKept = kept.withUnsafeBytes { Self.bytesEqual(name, $0) } } else { isKept = Array(try keyString(keyIndex).utf8) == kept }
            }
            let entryWeight: Int
            if isKept {
                let entry = try value(valueIndex, depth: depth + 1)
                keptValue = entry.value
                entryWeight = entry.weight
            } else {
                entryWeight = try check(valueIndex, depth: depth + 1).weight
            }
            try add(key.weight + entryWeight, to: &weight)
            if increasing {
                if let name {
                    increasing = item == 0 || Self.bytesIncrease(previous, name)
                    previous = name
                } else {
                    increasing = false
                }
            }
        }
        if !increasing { try checkDistinctKeys(start, count: count) }
        return (weight, keptValue)
    }

    private static func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// Refuses a dictionary with a repeated key, naming the first repeat as
    /// ``dictionary(_:count:depth:)`` names it.
    private func checkDistinctKeys(_ start: Int, count: Int) throws(BinaryFormatError) {
        var seen = Set<PropertyListDictionary.ExactKey>(minimumCapacity: count)
        for item in 0..<count {
            let name = try keyString(try reference(at: start + item * trailer.referenceSize))
            guard seen.insert(PropertyListDictionary.ExactKey(name)).inserted else {
                throw BinaryFormatError("the dictionary at offset \(start - 1) has the key \(name.quotedForMessage(limit: 60)) twice")
            }
        }
    }

    /// The string of key object `index`, which ``check(_:depth:)`` found to be a string.
    private func keyString(_ index: Int) throws(BinaryFormatError) -> String {
        let offset = try objectOffset(index)
        let (kind, count, start) = try header(at: offset)
        let key = try BinaryLeafDecoder(bytes: bytes, objectsEnd: trailer.offsetTableOffset)
            .decode(kind: kind, marker: bytes[offset], count: count, start: start, offset: offset)
        return key.stringValue ?? ""
    }

    /// The ``PropertyList/typeName`` of what an object of `kind` decodes to; a UID reads as a
    /// dictionary.
    private static func typeName(ofKind kind: UInt8) -> String {
        switch kind {
        case 0x0: "boolean"
        case 0x1: "integer"
        case 0x2: "real"
        case 0x3: "date"
        case 0x4: "data"
        case 0x5, 0x6: "string"
        case 0xA: "array"
        default: "dictionary"
        }
    }
}
