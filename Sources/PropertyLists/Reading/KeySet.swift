/// The keys of one `<dict>` whose values the reader checks without keeping: enough to find a
/// key given twice, with keys compared byte for byte as ``PropertyListDictionary`` compares them.
///
/// Keys live end to end in one byte buffer and an open-addressing table points into it, so a
/// dictionary of 100,000 keys costs a few megabytes and no allocation per key. A key is first
/// *staged* (when its `<key>` closes) and *committed* when its value has been read, the moment
/// a built dictionary stores it, so both report a duplicate at the same line.
struct KeySet {
    private struct Entry {
        var start: Int
        var count: Int
        var hash: Int
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    /// Open addressing over `entries`: an entry's index plus one, 0 for an empty slot. Empty
    /// until the first key, so a dictionary that tracks no keys allocates nothing.
    private var slots: [Int32] = []
    /// Where the staged key starts in `bytes`, if one is staged.
    private var stagedStart: Int?

    /// Whether a key waits for its value.
    var hasStagedKey: Bool { stagedStart != nil }

    /// Forgets every key, keeping the storage for the next dictionary.
    mutating func removeAll() {
        if !entries.isEmpty {
            bytes.removeAll(keepingCapacity: true)
            entries.removeAll(keepingCapacity: true)
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
        let hash = hasher.finalize()
        if slots.isEmpty { slots = Array(repeating: 0, count: 16) }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if entry.hash == hash, entry.count == count, bytes[entry.start..<entry.start + count].elementsEqual(bytes[start...]) {
                let key = String(decoding: bytes[start...], as: UTF8.self)
                bytes.removeSubrange(start...)
                return key
            }
            slot = (slot + 1) & mask
        }
        entries.append(Entry(start: start, count: count, hash: hash))
        slots[slot] = Int32(entries.count)
        if entries.count * 4 >= slots.count * 3 { grow() }
        return nil
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = entry.hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
