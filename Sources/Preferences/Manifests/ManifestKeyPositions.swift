import Synchronization

/// Where each key of one level of a manifest (``ManifestKeys``) lies, by name, with names
/// compared as Swift compares strings (canonical equivalence), as a `[String: Int]` would.
///
/// Manifests name their keys in ASCII, and two ASCII strings are equal exactly when their bytes
/// are: while every name is ASCII, an ASCII name is found in a table of hashes of the bytes,
/// several times faster to build and to search than a `Dictionary` of `String`s, which hashes
/// each string with SipHash over its normalized form. Any other name is looked up in a
/// dictionary, built (under a lock, as the positions are shared between threads) when one is
/// first needed.
final class ManifestKeyPositions: Sendable {
    /// The names, by position.
    private let names: [String]
    /// Open addressing over the hashes of ``names``: a position plus one, 0 for an empty slot;
    /// no slots when some name is not ASCII.
    private let slots: [Int32]
    /// The positions by name, once a name that is not ASCII has been looked up.
    private let dictionary: Mutex<[String: Int]?>

    /// The positions of `names`; `nil` when two of them are equal.
    ///
    /// - Complexity: O(*n*) on average in the number of names.
    init?(_ names: [String]) {
        self.names = names
        var slots = [Int32](repeating: 0, count: Self.slotCount(for: names.count))
        let mask = slots.count - 1
        for position in names.indices {
            guard let hash = Self.asciiHash(names[position]) else {
                slots = []
                break
            }
            var slot = hash & mask
            while slots[slot] != 0 {
                if names[Int(slots[slot]) - 1] == names[position] { return nil }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(position + 1)
        }
        self.slots = slots
        if slots.isEmpty {
            guard let dictionary = Self.dictionary(names) else { return nil }
            self.dictionary = Mutex(dictionary)
        } else {
            dictionary = Mutex(nil)
        }
    }

    /// The position of `name`, `nil` when no key has that name.
    func position(of name: String) -> Int? {
        if !slots.isEmpty, let hash = Self.asciiHash(name) {
            let mask = slots.count - 1
            var slot = hash & mask
            while slots[slot] != 0 {
                let position = Int(slots[slot]) - 1
                if names[position] == name { return position }
                slot = (slot + 1) & mask
            }
            return nil
        }
        return dictionary.withLock { dictionary in
            if dictionary == nil { dictionary = Self.dictionary(names) }
            return dictionary?[name]
        }
    }

    /// A power of two with room for `count` names at most half full.
    private static func slotCount(for count: Int) -> Int {
        var slots = 8
        while slots < count * 2 { slots *= 2 }
        return slots
    }

    /// A 64-bit hash of `name`'s bytes, eight at a time (as ``ManifestCache`` hashes files),
    /// from a random ``seed``, folded into an `Int` of 0 or more; `nil` when they are not all
    /// ASCII.
    private static func asciiHash(_ name: String) -> Int? {
        // Over the contiguous bytes, which every native string has (stepping through
        // `String.UTF8View` costs several times more); a string without them goes to the
        // dictionary.
        let hash = name.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            let raw = UnsafeRawBufferPointer(bytes)
            var hash: UInt64 = seed ^ UInt64(raw.count)
            var offset = 0
            while offset + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                guard word & 0x8080_8080_8080_8080 == 0 else { return nil }
                hash = (hash ^ word) &* 0x100_0000_01b3
                hash ^= hash >> 29
                offset += 8
            }
            while offset < raw.count {
                guard raw[offset] < 0x80 else { return nil }
                hash = (hash ^ UInt64(raw[offset])) &* 0x100_0000_01b3
                offset += 1
            }
            return hash
        }
        guard case .some(.some(let hash)) = hash else { return nil }
        return Int(truncatingIfNeeded: (hash ^ hash >> 32) & UInt64(Int.max))
    }

    /// Where ``asciiHash(_:)`` starts, drawn at random once a process: with a fixed start, a
    /// hostile manifest could name keys whose hashes collide, and make building and searching
    /// the table quadratic in their number.
    private static let seed = UInt64.random(in: .min ... .max)

    /// The positions of `names` by name; `nil` when two of them are equal.
    private static func dictionary(_ names: [String]) -> [String: Int]? {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(names.count)
        for position in names.indices {
            guard positions.updateValue(position, forKey: names[position]) == nil else { return nil }
        }
        return positions
    }
}
