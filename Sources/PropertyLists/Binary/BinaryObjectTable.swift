/// The objects of a binary property list in the order they are written, built depth first
/// from a value with equal leaves stored once, as CoreFoundation numbers them.
///
/// The table is kept in flat arrays (a kind and two 32-bit numbers per object, references end
/// to end), so that a value whose shared parts expand it to millions of objects costs a few
/// bytes per object, and it is refused once the file would pass
/// ``PropertyListLimits/maxInputSize``, before the table fills memory.
struct BinaryObjectTable {
    /// What one object is.
    enum Kind: UInt8 {
        /// A leaf; `first` is its position in ``leaves``.
        case leaf
        /// A UID; `first` is its value.
        case uid
        /// An array of `second` elements whose references start at `first` in ``references``.
        case array
        /// A dictionary of `second` entries: `second` key references from `first` in
        /// ``references``, then `second` value references.
        case dictionary
    }

    private(set) var kinds: [Kind] = []
    private(set) var first: [UInt32] = []
    private(set) var second: [UInt32] = []
    private(set) var references: [UInt32] = []
    private(set) var leaves: [PropertyList] = []

    /// What makes two leaves one object: equal values of the same type, reals by their bits
    /// (so `0.0` and `-0.0` stay apart), strings by their scalars.
    private enum LeafKey: Hashable {
        case value(PropertyList)
        case real(UInt64)
        case uid(UInt32)
    }

    private var numbers: [LeafKey: Int] = [:]
    /// The fewest bytes the file can take so far: a marker and an offset per object, a byte
    /// per reference, the bytes of strings and data.
    private var leastFileSize = BinaryTrailer.header.count + BinaryTrailer.size

    /// The number of objects.
    var count: Int { kinds.count }

    /// Adds `value` and what it holds; returns its object number.
    mutating func add(_ value: PropertyList, depth: Int) throws(PropertyListError) -> Int {
        switch value {
        case .array(let elements):
            try checkDepth(depth)
            let number = try append(.array)
            var children: [UInt32] = []
            children.reserveCapacity(elements.count)
            for element in elements { children.append(UInt32(try add(element, depth: depth + 1))) }
            try finish(number, references: children, count: elements.count)
            return number
        case .dictionary(let dictionary):
            if let uid = Self.uid(dictionary) { return try leaf(.uid(uid), kind: .uid, first: uid, value: nil) }
            try checkDepth(depth)
            let number = try append(.dictionary)
            let entries = dictionary.sortedEntries
            var children: [UInt32] = []
            children.reserveCapacity(2 * entries.count)
            for entry in entries {
                children.append(UInt32(try leaf(.value(.string(entry.key)), kind: .leaf, first: nil, value: .string(entry.key))))
            }
            for entry in entries { children.append(UInt32(try add(entry.value, depth: depth + 1))) }
            try finish(number, references: children, count: entries.count)
            return number
        case .real(let real):
            return try leaf(.real(real.bitPattern), kind: .leaf, first: nil, value: value)
        default:
            return try leaf(.value(value), kind: .leaf, first: nil, value: value)
        }
    }

    /// The UID a dictionary stands for: CoreFoundation reads `{"CF$UID": N}` in XML, with N an
    /// integer of 32 bits, as a UID.
    private static func uid(_ dictionary: PropertyListDictionary) -> UInt32? {
        guard dictionary.count == 1, case .integer(let number)? = dictionary["CF$UID"],
            let magnitude = number.uint64Value, magnitude <= UInt64(UInt32.max)
        else { return nil }
        return UInt32(magnitude)
    }

    private func checkDepth(_ depth: Int) throws(PropertyListError) {
        guard depth < PropertyListLimits.maxNestingDepth else {
            throw PropertyListError(
                .tooLarge,
                "arrays and dictionaries nest deeper than \(PropertyListLimits.maxNestingDepth) levels, the most prefs writes")
        }
    }

    private mutating func grow(by bytes: Int) throws(PropertyListError) {
        leastFileSize += bytes
        guard leastFileSize <= PropertyListLimits.maxInputSize else {
            throw PropertyListError(
                .tooLarge,
                "the property list would be more than \(PropertyListLimits.maxInputSize) bytes in binary, the most prefs writes (a shared value is written once per reference)"
            )
        }
    }

    private mutating func append(_ kind: Kind, first value: UInt32 = 0) throws(PropertyListError) -> Int {
        try grow(by: 2)
        kinds.append(kind)
        first.append(value)
        second.append(0)
        return kinds.count - 1
    }

    private mutating func finish(_ number: Int, references children: [UInt32], count: Int) throws(PropertyListError) {
        try grow(by: children.count)
        first[number] = UInt32(references.count)
        second[number] = UInt32(count)
        references += children
    }

    private mutating func leaf(_ key: LeafKey, kind: Kind, first value: UInt32?, value leafValue: PropertyList?) throws(PropertyListError) -> Int {
        if let number = numbers[key] { return number }
        let number = try append(kind, first: value ?? UInt32(leaves.count))
        if let leafValue {
            try grow(by: leafValue.payloadSize)
            leaves.append(leafValue)
        }
        numbers[key] = number
        return number
    }
}
