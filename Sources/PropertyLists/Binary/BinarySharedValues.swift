/// The decoded objects of a binary property list that more than one reference names, with
/// their expanded weights, by object index (``BinaryPropertyListParser``).
///
/// Open addressing over a multiplicative hash of the index (with a random multiplier, see
/// `hash`): a lookup costs a fraction of a
/// `Dictionary`'s, which hashes each index with SipHash, and files name their shared objects
/// often (a compiled manifest names its few type flags and bounds hundreds of times).
struct BinarySharedValues {
    /// An entry's position plus one, 0 for an empty slot; a power of two long, at most half full.
    private var slots: [Int] = []
    private var indices: [Int] = []
    private var values: [PropertyList] = []
    private var weights: [Int] = []

    /// The value decoded for object `index`, if it is kept.
    subscript(index: Int) -> (value: PropertyList, weight: Int)? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(index) & mask
        while slots[slot] != 0 {
            let entry = slots[slot] - 1
            if indices[entry] == index { return (values[entry], weights[entry]) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Keeps `decoded` for object `index`, which is not kept yet.
    mutating func insert(_ decoded: (value: PropertyList, weight: Int), for index: Int) {
        if (indices.count + 1) * 2 > slots.count { grow() }
        indices.append(index)
        values.append(decoded.value)
        weights.append(decoded.weight)
        place(indices.count - 1)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: max(16, slots.count * 2))
        for entry in indices.indices { place(entry) }
    }

    /// Puts `entry` in the first free slot from its index's hash.
    private mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        var slot = Self.hash(indices[entry]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = entry + 1
    }

    /// Multiply-shift hashing: the high bits of the index times an odd multiplier drawn at
    /// random once a process. A fixed multiplier would let a hostile file name shared objects
    /// whose indices all fall in one run of slots, and make every lookup walk it (quadratic
    /// time); with a random one, two indices share a slot about as often as by chance.
    private static func hash(_ index: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: index) &* multiplier) >> 33)
    }

    private static let multiplier = UInt64.random(in: .min ... .max) | 1
}
