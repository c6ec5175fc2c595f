/// The keys of one `<dict>` whose values the reader checks without keeping: enough to find a
/// key given twice, with keys compared byte for byte as ``PropertyListDictionary`` compares them.
///
/// Keys live end to end in one byte buffer and an open-addressing table points into it, so a
/// dictionary of 100,000 keys costs a few megabytes and no allocation per key. A key is first
/// *staged* (when its `<key>` closes) and *committed* when its value has been read, the moment
/// a built dictionary stores it, so both report a duplicate at the same line.
struct KeySet {
    private var bytes: [UInt8] = []
    /// Where each key starts in `bytes`; it ends where the next one starts (a duplicate's bytes
    /// are dropped at once), the last at the staged key or the end. Four bytes a key.
    private var starts: [UInt32] = []
    /// Each key's hash, cut to 32 bits: enough to skip almost every comparison of bytes, and
    /// all that growing the table needs. Four bytes a key.
    private var hashes: [UInt32] = []
    /// Open addressing over the keys: a key's index plus one, 0 for an empty slot. Empty
    /// until the first key, so a dictionary that tracks no keys allocates nothing.
    private var slots: [Int32] = []
    /// The room a set starts with: enough for a settings file of a few dozen keys, which it
    /// would otherwise grow into in four or five steps.
    private static let initialSlots = 64
    private static let initialBytes = 1024
    /// Where the staged key starts in `bytes`, if one is staged.
    private var stagedStart: Int?

    /// Whether a key waits for its value.
    var hasStagedKey: Bool { stagedStart != nil }

    /// Forgets every key, keeping the storage for the next dictionary.
    mutating func removeAll() {
        if !starts.isEmpty {
            bytes.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            hashes.removeAll(keepingCapacity: true)
            for index in slots.indices { slots[index] = 0 }
        }
        stagedStart = nil
    }

    /// Stages `key` as the key of the value that follows. A key staged while another waits is
    /// ignored, as a built dictionary ignores it.
    ///
    /// - Returns: Whether the key was staged.
    @discardableResult
    mutating func stage(_ key: ArraySlice<UInt8>) -> Bool {
        guard stagedStart == nil else { return false }
        if bytes.capacity == 0 { bytes.reserveCapacity(Self.initialBytes) }
        stagedStart = bytes.count
        bytes.append(contentsOf: key)
        return true
    }

    /// The staged key, decoded as a built dictionary decodes its keys; `nil` when none is staged.
    var stagedKey: String? {
        stagedStart.map { String(decoding: bytes[$0...], as: UTF8.self) }
    }

    /// Whether the staged key is exactly `key`.
    func stagedKeyEquals(_ key: [UInt8]) -> Bool {
        guard let stagedStart else { return false }
        return bytes[stagedStart...].elementsEqual(key)
    }

    /// Adds the staged key to the set, or drops it when the set holds it already.
    ///
    /// - Returns: The key when it was already in the set (a duplicate), `nil` otherwise and
    ///   when no key was staged.
    mutating func commitStagedKey() -> String? {
        guard let start = stagedStart else { return nil }
        stagedStart = nil
        let count = bytes.count - start
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[start...])) }
        let hash = UInt32(truncatingIfNeeded: hasher.finalize())
        if slots.isEmpty {
            slots = Array(repeating: 0, count: Self.initialSlots)
            starts.reserveCapacity(Self.initialSlots * 3 / 4)
            hashes.reserveCapacity(Self.initialSlots * 3 / 4)
        }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if hashes[index] == hash, range(of: index, endingAt: start).count == count,
                bytes[range(of: index, endingAt: start)].elementsEqual(bytes[start...])
            {
                let key = String(decoding: bytes[start...], as: UTF8.self)
                bytes.removeSubrange(start...)
                return key
            }
            slot = (slot + 1) & mask
        }
        starts.append(UInt32(start))
        hashes.append(hash)
        slots[slot] = Int32(starts.count)
        if starts.count * 4 >= slots.count * 3 { grow() }
        return nil
    }

    /// The bytes of committed key `index`, the key being committed starting at `end`.
    private func range(of index: Int, endingAt end: Int) -> Range<Int> {
        Int(starts[index])..<(index + 1 < starts.count ? Int(starts[index + 1]) : end)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
