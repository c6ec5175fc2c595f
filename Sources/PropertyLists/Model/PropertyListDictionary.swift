import Glibc
import OrderedCollections
import Synchronization

/// The dictionary of a property list: string keys mapped to values, keys compared exactly.
///
/// Swift's `String` equality treats canonically equivalent strings as equal, so `"é"` (one
/// scalar) and `"e\u{301}"` would be one key in a `[String: PropertyList]`. Property list files
/// can hold both, and a Mac keeps both, so this dictionary compares keys by their Unicode
/// scalars and never merges them.
///
/// Iteration follows the order entries were added, which callers should not rely on;
/// ``sortedKeys`` gives the order the canonical writer uses. Keeping that order means a
/// dictionary read from a canonical file is in written order already and sorts in linear time when it is written again; keys and
/// values lie in two arrays with a small hash table of positions beside them, which takes half
/// the memory of a `Dictionary` of the same entries.
public struct PropertyListDictionary: Hashable, Sendable {
    /// A key compared and hashed by its UTF-8 bytes.
    struct ExactKey: Hashable, Sendable {
        let string: String

        init(_ string: String) { self.string = string }

        static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
            var left = lhs.string
            var right = rhs.string
            return left.withUTF8 { a in
                right.withUTF8 { b in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
            }
        }

        func hash(into hasher: inout Hasher) {
            var string = string
            string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(string.utf8.count)
        }
    }

    private var storage: OrderedDictionary<ExactKey, PropertyList>

    /// A number no dictionary with other contents has: taken afresh when a dictionary is made and
    /// whenever a change makes it hold something else, and kept by copies. Equal stamps mean
    /// equal contents, so a caller can tell that a dictionary was left as it was without keeping
    /// a copy of it to compare, which for a large domain would double the memory a change needs.
    package private(set) var stamp: UInt64

    /// The source of stamps.
    private static let stamps = Atomic<UInt64>(0)

    private static func freshStamp() -> UInt64 {
        stamps.add(1, ordering: .relaxed).newValue
    }

    /// Creates an empty dictionary.
    public init() {
        storage = [:]
        stamp = Self.freshStamp()
    }

    /// Creates an empty dictionary with room for `capacity` entries.
    public init(minimumCapacity capacity: Int) {
        storage = OrderedDictionary(minimumCapacity: capacity)
        stamp = Self.freshStamp()
    }

    /// Whether both hold the same entries, in whatever order they were added.
    public static func == (lhs: PropertyListDictionary, rhs: PropertyListDictionary) -> Bool {
        if lhs.stamp == rhs.stamp { return true }
        guard lhs.storage.count == rhs.storage.count else { return false }
        return lhs.storage.allSatisfy { rhs.storage[$0.key] == $0.value }
    }

    /// Hashes the entries in an order-independent way, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        var entries = 0
        for (key, value) in storage {
            var entry = Hasher()
            entry.combine(key)
            entry.combine(value)
            entries ^= entry.finalize()
        }
        hasher.combine(storage.count)
        hasher.combine(entries)
    }

    /// The number of entries.
    public var count: Int { storage.count }

    /// Whether the dictionary has no entries.
    public var isEmpty: Bool { storage.isEmpty }

    /// The value stored under exactly `key`, compared scalar by scalar.
    public subscript(key: String) -> PropertyList? {
        get { storage[ExactKey(key)] }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Stores `value` under `key` and returns the value it replaced, if any.
    ///
    /// - Complexity: O(1) on average, plus comparing `value` with the value it replaces.
    @discardableResult
    public mutating func updateValue(_ value: PropertyList, forKey key: String) -> PropertyList? {
        let replaced = storage.updateValue(value, forKey: ExactKey(key))
        if replaced != value { stamp = Self.freshStamp() }
        return replaced
    }

    /// A dictionary of `keys` and `values` in that order, the keys checked by the caller to be
    /// distinct, built without looking each one up.
    init(distinctKeys keys: [ExactKey], values: [PropertyList]) {
        storage = OrderedDictionary(uncheckedUniqueKeys: keys, values: values)
        stamp = Self.freshStamp()
    }

    /// Adds an entry to a dictionary still being built, which no one else has seen: its stamp
    /// from ``init(minimumCapacity:)`` already tells it apart.
    ///
    /// - Returns: The value already under `key`, which the new one replaced.
    mutating func addWhileBuilding(_ value: PropertyList, forKey key: String) -> PropertyList? {
        storage.updateValue(value, forKey: ExactKey(key))
    }

    /// Removes the value under `key` and returns it, if there was one.
    ///
    /// - Complexity: O(*n*): the entries after it move up to keep their order.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> PropertyList? {
        let removed = storage.removeValue(forKey: ExactKey(key))
        if removed != nil { stamp = Self.freshStamp() }
        return removed
    }

    /// The keys in unspecified order.
    public var keys: [String] { storage.keys.map(\.string) }

    /// The keys in the order Apple's writer uses: by UTF-16 code units.
    ///
    /// - Complexity: O(*n* log *n*).
    public var sortedKeys: [String] {
        sortedPositions().map { storage.keys[$0].string }
    }

    /// The entries in the order of ``sortedKeys``.
    ///
    /// - Complexity: O(*n* log *n*).
    public var sortedEntries: [(key: String, value: PropertyList)] {
        sortedPositions().map { entry(at: $0) }
    }

    /// The entry at `position`, an offset in the order entries were added.
    func entry(at position: Int) -> (key: String, value: PropertyList) {
        (storage.keys[position].string, storage.values[position])
    }

    /// The positions of the entries in the order of ``sortedKeys``: the writer walks a large
    /// dictionary in order through these rather than through a sorted copy of its entries.
    ///
    /// - Complexity: O(*n* log *n*), O(*n*) when the entries were added in order, as a
    ///   canonical file holds them.
    func sortedPositions() -> [Int] {
        var order = Array(storage.keys.indices)
        guard order.count > 1, !keysIncreaseByBytes() else { return order }
        // UTF-8 byte order is UTF-16 order unless one key has a character from U+E000 through
        // U+FFFF (lead bytes EE, EF) where another has one beyond U+FFFF: without those lead
        // bytes, the cheaper byte comparison gives the same order. The keys' bytes go end to end
        // into one buffer and the sort moves numbers, not strings.
        // Key i is bytes[starts[i]..<starts[i + 1]]. (Offsets rather than an array of ranges,
        // whose generic metadata would cost the runtime a conformance scan on every write.)
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(order.count + 1)
        for key in storage.keys {
            var key = key.string
            key.withUTF8 { bytes.append(contentsOf: $0) }
            starts.append(bytes.count)
        }
        if bytes.contains(where: { $0 >= 0xEE }) {
            let keys = storage.keys
            order.sort { Self.precedes(keys[$0].string, keys[$1].string) }
        } else {
            bytes.withUnsafeBufferPointer { bytes in
                starts.withUnsafeBufferPointer { starts in
                    order.sort {
                        Self.bytesPrecede(
                            UnsafeBufferPointer(rebasing: bytes[starts[$0]..<starts[$0 + 1]]),
                            UnsafeBufferPointer(rebasing: bytes[starts[$1]..<starts[$1 + 1]]))
                    }
                }
            }
        }
        return order
    }

    /// Whether the keys, in the order they were added, have none of the lead bytes from EE up
    /// and each sorts strictly after the one before by bytes: the order of a canonical file,
    /// which reading it keeps, found in one pass without copying the keys out.
    private func keysIncreaseByBytes() -> Bool {
        var previous = storage.keys[0].string
        guard previous.utf8.allSatisfy({ $0 < 0xEE }) else { return false }
        for key in storage.keys.dropFirst() {
            var key = key.string
            let increases = previous.withUTF8 { a in
                key.withUTF8 { b in !b.contains(where: { $0 >= 0xEE }) && Self.bytesPrecede(a, b) }
            }
            guard increases else { return false }
            previous = key
        }
        return true
    }

    private static func bytesPrecede(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = Swift.min(a.count, b.count)
        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// Whether `a` sorts before `b` by UTF-16 code units, as CoreFoundation sorts keys.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        // Keys are ASCII almost always; bytes order the same as UTF-16 there.
        var left = a.utf16.makeIterator()
        var right = b.utf16.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case (let l?, let r?) where l != r: return l < r
            default: continue
            }
        }
    }
}

extension PropertyListDictionary: Sequence {
    /// The entries one by one, in unspecified order.
    ///
    /// A concrete type, not an opaque `some IteratorProtocol`: a caller in another module then
    /// iterates with one direct call an entry, not through a lazy map's generic witnesses.
    public struct Iterator: IteratorProtocol {
        private let keys: [ExactKey]
        private let values: [PropertyList]
        private var index = 0

        fileprivate init(keys: [ExactKey], values: [PropertyList]) {
            self.keys = keys
            self.values = values
        }

        /// The next entry, or `nil` after the last.
        public mutating func next() -> (key: String, value: PropertyList)? {
            guard index < keys.count else { return nil }
            defer { index += 1 }
            return (keys[index].string, values[index])
        }
    }

    /// Iterates over the entries in unspecified order.
    public func makeIterator() -> Iterator {
        Iterator(keys: storage.keys.elements, values: storage.values.elements)
    }

    /// The number of entries.
    public var underestimatedCount: Int { storage.count }
}

extension PropertyListDictionary: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, PropertyList)...) {
        self.init(minimumCapacity: elements.count)
        for (key, value) in elements { self[key] = value }
    }
}
