import Glibc

/// Checks that a document is byte for byte what ``PropertyListWriter`` writes for the value
/// it holds, and finds where one entry of its root dictionary lies.
///
/// The scan follows the writer's grammar exactly: its header, one element a line at the
/// writer's indentation, `<dict/>` and `<array/>` for empty containers, dictionary keys
/// strictly increasing by UTF-16 code units, its footer, and nothing after it. Text (strings
/// and keys) must be what the writer's escaping makes: no `<`, `>`, carriage return, other
/// control character but tab and line feed, U+FFFE or U+FFFF, and `&` only in `&amp;`, `&lt;`,
/// `&gt;` and `&#13;`. Every other leaf (integer, real, date, data) is decoded as the reader
/// decodes it, written again by the writer at its depth and compared with the bytes read.
/// Any difference ends the scan: the document is then not canonical.
///
/// The scan does not validate: a document it accepts must still read (``PropertyListReader``)
/// before anything trusts it, for what only a parser checks (for example, that text is UTF-8).
struct CanonicalScanner: ~Copyable {
    /// Where one root entry lies, and how many entries the root holds.
    struct RootEntries {
        /// The entry's bytes, from its key's line to the end of its value; where it is absent, the
        /// empty range where it would go.
        let entry: Range<Int>
        /// Whether the entry is there.
        let isPresent: Bool
        /// The number of entries in the root dictionary.
        let count: Int
    }

    private let bytes: UnsafeRawBufferPointer
    /// How far the scan has come; where it failed, the line it failed in.
    private(set) var position = 0
    /// Writes leaves again, to compare them with the bytes read; its pieces go nowhere.
    private var encoder = PropertyListWriter.Encoder(emit: { _ in })
    /// The text of the leaf being decoded.
    private var scratch: [UInt8] = []
    /// The decoded text of the last key.
    private var lastKey: [UInt8] = []

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Scans the whole document and locates the root entry under `key` (its UTF-8 bytes).
    ///
    /// - Returns: Where the entry lies, or `nil` when the document is not canonical or its root
    ///   is not a dictionary.
    mutating func rootEntries(locating key: [UInt8]) -> RootEntries? {
        guard take(PropertyListWriter.header) else { return nil }
        let found: RootEntries
        if take("<dict/>\n") {
            found = RootEntries(entry: position..<position, isPresent: false, count: 0)
        } else {
            guard take("<dict>\n"), let entries = entries(depth: 1, locating: key) else { return nil }
            found = entries
        }
        guard take(PropertyListWriter.footer), position == bytes.count else { return nil }
        return found
    }

    /// The entries of a dictionary, at `depth`, after its `<dict>` line, through its closing
    /// line; when `key` is given, where the entry under it lies.
    private mutating func entries(depth: Int, locating key: [UInt8]?) -> RootEntries? {
        var previous: [UInt8] = []
        var current: [UInt8] = []
        var count = 0
        var entry: Range<Int>?
        var isPresent = false
        while true {
            let start = position
            if count > 0, takeClosing("</dict>\n", depth: depth - 1) {
                return RootEntries(entry: entry ?? start..<start, isPresent: isPresent, count: count)
            }
            guard takeIndent(depth), take("<key>"), text(isKey: true), take("</key>\n") else { return nil }
            swap(&current, &lastKey)
            guard count == 0 || Self.precedes(previous, current) else { return nil }
            guard value(depth: depth) else { return nil }
            count += 1
            if let key, entry == nil {
                if current == key {
                    entry = start..<position
                    isPresent = true
                } else if Self.precedes(key, current) {
                    entry = start..<start
                }
            }
            swap(&previous, &current)
        }
    }

    /// One value at `depth`, from its indentation through its line feed.
    private mutating func value(depth: Int) -> Bool {
        let start = position
        guard takeIndent(depth), position + 1 < bytes.count else { return false }
        // The letter after `<` tells which elements can come.
        switch bytes[position + 1] {
        case UInt8(ascii: "s"):
            return take("<string>") && text(isKey: false) && take("</string>\n")
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return take("<true/>\n") || take("<false/>\n")
        case UInt8(ascii: "d") where take("<dict>\n"):
            return depth < PropertyListLimits.maxNestingDepth && entries(depth: depth + 1, locating: nil) != nil
        case UInt8(ascii: "a") where take("<array>\n"):
            guard depth < PropertyListLimits.maxNestingDepth, value(depth: depth + 1) else { return false }
            while !takeClosing("</array>\n", depth: depth) {
                guard value(depth: depth + 1) else { return false }
            }
            return true
        case UInt8(ascii: "d") where take("<dict/>\n"):
            // The writer refuses containers this deep, empty ones too.
            return depth < PropertyListLimits.maxNestingDepth
        case UInt8(ascii: "a") where take("<array/>\n"):
            return depth < PropertyListLimits.maxNestingDepth
        default:
            return leafWrittenAgain(from: start, depth: depth)
        }
    }

    /// An integer, real, date or data element after its indentation: decoded as the reader
    /// decodes it, then written again and compared with the bytes from `start`.
    private mutating func leafWrittenAgain(from start: Int, depth: Int) -> Bool {
        let leaf: PropertyList?
        if take("<integer>") {
            leaf = content().flatMap { PropertyListInteger(parsing: UnsafeRawBufferPointer(rebasing: bytes[$0])) }.map(PropertyList.integer)
        } else if take("<real>") {
            leaf = content().flatMap { ScalarText.real(copied($0)) }.map(PropertyList.real)
        } else if take("<date>") {
            leaf = content().flatMap { PropertyListDate(parsing: UnsafeRawBufferPointer(rebasing: bytes[$0])) }.map(PropertyList.date)
        } else if take("<data>") {
            guard let text = content(), case .bytes(let data) = Base64.decode(copied(text)) else { return false }
            leaf = .data(data)
        } else {
            return false
        }
        // The closing tag and line feed come back in the comparison.
        guard let leaf, let end = lineEnd() else { return false }
        encoder.output.removeAll()
        // A leaf the writer refuses is not one it wrote: the document is not canonical, and the
        // caller takes the full path (read the file, write it whole), which reports any error.
        guard (try? encoder.append(leaf, depth: depth)) != nil else { return false }
        let same = encoder.output.withBytes { written in
            written.count == end - start && memcmp(written.baseAddress!, bytes.baseAddress! + start, written.count) == 0
        }
        position = end
        return same
    }

    /// The bytes from here to the next `<`, which canonical text never holds raw; the position
    /// moves to the `<`.
    private mutating func content() -> Range<Int>? {
        guard let end = next(UInt8(ascii: "<")) else { return nil }
        defer { position = end }
        return position..<end
    }

    /// The bytes in `range`, copied into ``scratch`` for the decoders that take an array.
    private mutating func copied(_ range: Range<Int>) -> ArraySlice<UInt8> {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
        return scratch[...]
    }

    /// The offset after the line feed that ends the current line.
    private func lineEnd() -> Int? {
        next(UInt8(ascii: "\n")).map { $0 + 1 }
    }

    /// The offset of the next `byte` from the position on.
    private func next(_ byte: UInt8) -> Int? {
        guard position < bytes.count, let found = memchr(bytes.baseAddress! + position, Int32(byte), bytes.count - position) else { return nil }
        return UnsafeRawPointer(found) - bytes.baseAddress!
    }

    /// Escaped text as the writer writes it, up to the next `<`; a key's is decoded into
    /// ``lastKey``.
    private mutating func text(isKey: Bool) -> Bool {
        guard let end = next(UInt8(ascii: "<")) else { return false }
        if isKey { lastKey.removeAll(keepingCapacity: true) }
        let checked = PropertyListWriter.Encoder.needsALook.withUnsafeBufferPointer { needsALook in
            // The runs between entities are taken whole, as the writer copies them.
            var runStart = position
            var index = position
            while index < end {
                if end - index >= 8, !PropertyListWriter.Encoder.wordNeedsALook(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                guard needsALook[Int(byte)] else {
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "&"):
                    guard let (character, length) = entity(at: index) else { return false }
                    if isKey {
                        lastKey.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                        lastKey.append(character)
                    }
                    index += length
                    runStart = index
                case 0x09, 0x0A:
                    index += 1
                case 0xEF:
                    // U+FFFE and U+FFFF (EF BF BE, EF BF BF), which the writer refuses.
                    if index + 2 < end, bytes[index + 1] == 0xBF, bytes[index + 2] & 0xFE == 0xBE { return false }
                    index += 1
                default:
                    // `>`, which the writer escapes, and control characters.
                    return false
                }
            }
            if isKey { lastKey.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<end])) }
            return index == end
        }
        position = end
        return checked
    }

    /// The character that the writer's entity at `offset` stands for, and the entity's length.
    private func entity(at offset: Int) -> (UInt8, Int)? {
        if matches("&amp;", at: offset) { return (UInt8(ascii: "&"), 5) }
        if matches("&lt;", at: offset) { return (UInt8(ascii: "<"), 4) }
        if matches("&gt;", at: offset) { return (UInt8(ascii: ">"), 4) }
        if matches("&#13;", at: offset) { return (0x0D, 5) }
        return nil
    }

    /// Whether the bytes at `offset` are `expected`.
    private func matches(_ expected: StaticString, at offset: Int) -> Bool {
        let count = expected.utf8CodeUnitCount
        return offset + count <= bytes.count && memcmp(bytes.baseAddress! + offset, expected.utf8Start, count) == 0
    }

    /// Moves past `expected` when the bytes here are that.
    private mutating func take(_ expected: StaticString) -> Bool {
        guard matches(expected, at: position) else { return false }
        position += expected.utf8CodeUnitCount
        return true
    }

    /// Moves past exactly `depth` tabs.
    private mutating func takeIndent(_ depth: Int) -> Bool {
        guard position + depth <= bytes.count else { return false }
        for offset in 0..<depth where bytes[position + offset] != UInt8(ascii: "\t") { return false }
        position += depth
        return true
    }

    /// Whether the closing line `tag` at `depth` comes next.
    private func peekClosing(_ tag: StaticString, depth: Int) -> Bool {
        guard position + depth <= bytes.count else { return false }
        for offset in 0..<depth where bytes[position + offset] != UInt8(ascii: "\t") { return false }
        return matches(tag, at: position + depth)
    }

    /// Moves past the closing line `tag` at `depth` when it comes next.
    private mutating func takeClosing(_ tag: StaticString, depth: Int) -> Bool {
        guard peekClosing(tag, depth: depth) else { return false }
        position += depth + tag.utf8CodeUnitCount
        return true
    }

    /// Whether key `a` sorts strictly before key `b` by UTF-16 code units, both UTF-8.
    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        // Bytes order as UTF-16 does unless a character from U+E000 (lead bytes EE, EF) meets
        // one beyond U+FFFF; with either lead byte about, the strings are compared.
        if a.contains(where: { $0 >= 0xEE }) || b.contains(where: { $0 >= 0xEE }) {
            return PropertyListDictionary.precedes(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
        }
        return a.lexicographicallyPrecedes(b)
    }
}
