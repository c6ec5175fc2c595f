/// Hands out palette ids no palette uses, without ever overflowing: one above the largest id in
/// use (at least 1) while that is below `Int.max`, then the smallest positive ids not in use.
///
/// Each id handed out counts as used, so a run of calls gives distinct ids; the whole run costs
/// O(*n* + *k*) for *n* ids in use and *k* calls, so repairing a store full of duplicates stays
/// linear.
struct IDAllocator {
    private var used: Set<Int>
    private var largest: Int?
    private var gapCursor = 1

    /// An allocator avoiding `used`.
    init(avoiding used: Set<Int>) {
        self.used = used
        largest = used.max()
    }

    /// Marks `id` as used.
    private mutating func reserve(_ id: Int) {
        used.insert(id)
        if id > largest ?? Int.min { largest = id }
    }

    /// An id not used yet, now marked as used.
    mutating func next() -> Int {
        let id: Int
        if let largest, largest == Int.max {
            while used.contains(gapCursor) { gapCursor += 1 }
            id = gapCursor
        } else {
            id = max((largest ?? 0) + 1, 1)
        }
        reserve(id)
        return id
    }
}
