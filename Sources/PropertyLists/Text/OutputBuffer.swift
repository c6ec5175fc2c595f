/// Bytes gathered for output in one allocation that grows as needed, written through a pointer.
///
/// The writers append millions of short pieces (a tab, `<key>`, a few digits); an `[UInt8]`
/// checks uniqueness and capacity and goes through generic code for each of them, this buffer
/// only checks capacity. It is not copyable, so the one owner frees the memory in `deinit`.
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes gathered.
    private(set) var count = 0

    /// Creates an empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if extra > capacity - count { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let grown = Swift.max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    /// Lets `body` write at most `maxCount` bytes at the end, and keeps the number it returns.
    mutating func write(upTo maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maxCount)
        count += body(base + count)
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Appends the UTF-8 bytes of `text`.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `count` copies of `byte`.
    mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        reserve(count)
        (base + self.count).initialize(repeating: byte, count: count)
        self.count += count
    }

    /// Calls `body` with the bytes gathered.
    func withBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes gathered, keeping the memory.
    mutating func removeAll() {
        count = 0
    }
}
