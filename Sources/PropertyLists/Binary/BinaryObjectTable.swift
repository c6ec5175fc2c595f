/// The objects of a binary property list in the order they are written, built depth first
/// from a value with equal leaves stored once, as CoreFoundation numbers them.
struct BinaryObjectTable {
    /// One object of the file; containers hold the numbers of their children.
    enum Object {
        case leaf(PropertyList)
        case uid(UInt32)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// What makes two leaves one object: equal values of the same type, reals by their bits
    /// (so `0.0` and `-0.0` stay apart), strings by their scalars.
    private enum LeafKey: Hashable {
        case value(PropertyList)
        case real(UInt64)
        case uid(UInt32)
    }

    private(set) var objects: [Object] = []
    private var numbers: [LeafKey: Int] = [:]

    /// Adds `value` and what it holds; returns its object number.
    mutating func add(_ value: PropertyList, depth: Int) throws(PropertyListError) -> Int {
        switch value {
        case .array(let elements):
            try checkDepth(depth)
            let number = reserve()
            var children: [Int] = []
            children.reserveCapacity(elements.count)
            for element in elements { children.append(try add(element, depth: depth + 1)) }
            objects[number] = .array(children)
            return number
        case .dictionary(let dictionary):
            if let uid = Self.uid(dictionary) { return leaf(.uid(uid), .uid(uid)) }
            try checkDepth(depth)
            let number = reserve()
            let entries = dictionary.sortedEntries
            var keys: [Int] = []
            keys.reserveCapacity(entries.count)
            for entry in entries { keys.append(leaf(.value(.string(entry.key)), .leaf(.string(entry.key)))) }
            var values: [Int] = []
            values.reserveCapacity(entries.count)
            for entry in entries { values.append(try add(entry.value, depth: depth + 1)) }
            objects[number] = .dictionary(keys: keys, values: values)
            return number
        case .real(let real):
            return leaf(.real(real.bitPattern), .leaf(value))
        default:
            return leaf(.value(value), .leaf(value))
        }
    }

    /// The UID a dictionary stands for: CoreFoundation reads `{"CF$UID": N}` in XML, with N an
    /// integer of 32 bits, as a UID.
    private static func uid(_ dictionary: PropertyListDictionary) -> UInt32? {
        guard dictionary.count == 1, case .integer(let number)? = dictionary["CF$UID"],
              let magnitude = number.uint64Value, magnitude <= UInt64(UInt32.max) else { return nil }
        return UInt32(magnitude)
    }

    private mutating func checkDepth(_ depth: Int) throws(PropertyListError) {
        guard depth < PropertyListLimits.maxNestingDepth else {
            throw PropertyListError(.tooLarge,
                "arrays and dictionaries nest deeper than \(PropertyListLimits.maxNestingDepth) levels, the most prefs writes")
        }
    }

    private mutating func reserve() -> Int {
        objects.append(.array([]))
        return objects.count - 1
    }

    private mutating func leaf(_ key: LeafKey, _ object: Object) -> Int {
        if let number = numbers[key] { return number }
        objects.append(object)
        numbers[key] = objects.count - 1
        return objects.count - 1
    }
}
