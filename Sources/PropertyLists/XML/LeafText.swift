/// The text of the leaf element being read, gathered from libxml2's character callbacks.
///
/// Emptying an `[UInt8]` for every leaf (`removeAll(keepingCapacity:)`) and appending to it
/// through the generic `append(contentsOf:)` costs about 150 instructions a leaf; this keeps
/// the bytes of earlier leaves and a count instead, so emptying is a store and appending a
/// copy.
struct LeafText {
    /// The bytes, of which the first ``count`` are the text; never shorter than needed so far.
    private var storage: [UInt8] = []
    /// The length of the text.
    private(set) var count = 0

    /// The text.
    var bytes: ArraySlice<UInt8> { storage[..<count] }

    /// Empties the text, keeping the storage for the next leaf.
    mutating func removeAll() {
        count = 0
    }

    /// Appends `added` bytes from `pointer`.
    mutating func append(_ pointer: UnsafePointer<UInt8>, count added: Int) {
        let needed = count + added
        if storage.count < needed {
            // Doubling, so that a long text arriving in many pieces is copied a bounded number of times.
            storage.append(contentsOf: repeatElement(0, count: Swift.max(needed - storage.count, storage.count)))
        }
        let start = count
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            (base + start).update(from: pointer, count: added)
        }
        count = needed
    }
}
