import Glibc
import PropertyLists

extension Manifest {
    /// The manifest as the compiled cache keeps it (``ManifestCache``): one flat array, which
    /// the binary property list reader turns back into values several times faster than the
    /// dictionaries of the manifest file.
    ///
    /// The array holds a flags integer; every key name, title and description, as one data
    /// item of UTF-8 texts each after its length (four bytes, little-endian), since one item
    /// reads much faster than a string item each; `pfm_domain` and `pfm_format_version` when
    /// the flags say so; the count of root keys; then each key in order: its flags (type, and
    /// the entries present), those entries but texts, and when it has subkeys their count
    /// followed by them, depth first.
    var compactForm: PropertyList {
        var texts = CompactTexts()
        var flags = TopFlags()
        var items: [PropertyList] = []
        if let domain {
            flags.insert(.domain)
            items.append(.string(domain))
        }
        if let formatVersion {
            flags.insert(.formatVersion)
            items.append(.integer(PropertyListInteger(formatVersion)))
        }
        if let title {
            flags.insert(.title)
            texts.append(title)
        }
        if let description {
            flags.insert(.description)
            texts.append(description)
        }
        Self.append(keys, to: &items, texts: &texts)
        return .array([.integer(PropertyListInteger(flags.rawValue)), .data(texts.bytes)] + items)
    }

    /// What the first item of the compact form says is present.
    private struct TopFlags: OptionSet {
        let rawValue: Int
        static let domain = TopFlags(rawValue: 1 << 0)
        static let title = TopFlags(rawValue: 1 << 1)
        static let description = TopFlags(rawValue: 1 << 2)
        static let formatVersion = TopFlags(rawValue: 1 << 3)
    }

    /// What the flags of a key in the compact form say, beside its type (its position in
    /// `ManifestType.allCases`) in the low four bits.
    private struct KeyFlags: OptionSet {
        let rawValue: Int
        static let required = KeyFlags(rawValue: 1 << 4)
        static let deprecated = KeyFlags(rawValue: 1 << 5)
        static let title = KeyFlags(rawValue: 1 << 6)
        static let description = KeyFlags(rawValue: 1 << 7)
        static let defaultValue = KeyFlags(rawValue: 1 << 8)
        static let minimum = KeyFlags(rawValue: 1 << 9)
        static let maximum = KeyFlags(rawValue: 1 << 10)
        static let allowedValues = KeyFlags(rawValue: 1 << 11)
        static let minimumCount = KeyFlags(rawValue: 1 << 12)
        static let maximumCount = KeyFlags(rawValue: 1 << 13)
        static let format = KeyFlags(rawValue: 1 << 14)
        static let subkeys = KeyFlags(rawValue: 1 << 15)
        static let uniqueItems = KeyFlags(rawValue: 1 << 16)
        static let typeMask = 0xF
        /// The types by their number: `ManifestType.allCases` makes a new array at each use.
        static let types = ManifestType.allCases
    }

    private static func append(_ keys: ManifestKeys, to items: inout [PropertyList], texts: inout CompactTexts) {
        items.append(.integer(PropertyListInteger(keys.all.count)))
        for key in keys.all {
            var flags = KeyFlags(rawValue: KeyFlags.types.firstIndex(of: key.type)!)
            var fields: [PropertyList] = []
            func add(_ flag: KeyFlags, _ value: PropertyList?) {
                guard let value else { return }
                flags.insert(flag)
                fields.append(value)
            }
            if key.isRequired { flags.insert(.required) }
            if key.isDeprecated { flags.insert(.deprecated) }
            if key.itemsAreUnique { flags.insert(.uniqueItems) }
            texts.append(key.name)
            if let title = key.title {
                flags.insert(.title)
                texts.append(title)
            }
            if let description = key.description {
                flags.insert(.description)
                texts.append(description)
            }
            add(.defaultValue, key.defaultValue)
            add(.minimum, key.minimum)
            add(.maximum, key.maximum)
            add(.allowedValues, key.allowedValues.map(PropertyList.array))
            add(.minimumCount, key.minimumCount.map { .integer(PropertyListInteger($0)) })
            add(.maximumCount, key.maximumCount.map { .integer(PropertyListInteger($0)) })
            add(.format, key.format.map(PropertyList.string))
            if !key.subkeys.all.isEmpty { flags.insert(.subkeys) }
            items.append(.integer(PropertyListInteger(flags.rawValue)))
            items += fields
            if !key.subkeys.all.isEmpty { append(key.subkeys, to: &items, texts: &texts) }
        }
    }

    /// The manifest in `compactForm`, read from the file at `path`; `nil` when the compact
    /// form is not one ``compactForm`` makes: a value of the wrong type or out of range, a
    /// count beyond the items, a text beyond its data or not UTF-8, nesting deeper than the
    /// readers allow, two keys of one name, a default that breaks its key, unique items asked
    /// of a key that is not an array.
    ///
    /// - Complexity: O(*n*) in the number of items.
    init?(compactForm: PropertyList, path: String) {
        guard case .array(let items) = compactForm, items.count >= 2, let bits = items[0].intValue,
            case .data(let bytes) = items[1]
        else { return nil }
        let flags = TopFlags(rawValue: bits)
        var reader = CompactReader(items: items, position: 2, texts: CompactTexts(bytes: bytes))
        var domain: String?
        var formatVersion: Int?
        var title: String?
        var description: String?
        if flags.contains(.domain) {
            guard let string = reader.next()?.stringValue else { return nil }
            domain = string
        }
        if flags.contains(.formatVersion) {
            guard let version = reader.next()?.intValue else { return nil }
            formatVersion = version
        }
        if flags.contains(.title) {
            guard let text = reader.texts.next() else { return nil }
            title = text
        }
        if flags.contains(.description) {
            guard let text = reader.texts.next() else { return nil }
            description = text
        }
        guard let keys = Self.keys(from: &reader, itemsOf: false, depth: 0), reader.isAtEnd else { return nil }
        self.init(path: path, domain: domain, title: title, description: description, formatVersion: formatVersion, keys: keys)
    }

    private static func keys(from reader: inout CompactReader, itemsOf isArray: Bool, depth: Int) -> ManifestKeys? {
        guard depth < PropertyListLimits.maxNestingDepth, let count = reader.count(), count <= reader.remaining else { return nil }
        var keys: [ManifestKey] = []
        keys.reserveCapacity(count)
        var lastPattern: ManifestPattern?
        for _ in 0..<count {
            guard let name = reader.texts.next(), let bits = reader.count(),
                KeyFlags.types.indices.contains(bits & KeyFlags.typeMask)
            else { return nil }
            let type = KeyFlags.types[bits & KeyFlags.typeMask]
            let flags = KeyFlags(rawValue: bits)
            guard type == .array || !flags.contains(.uniqueItems) else { return nil }
            var title: ManifestText?
            var description: ManifestText?
            var defaultValue: PropertyList?
            var minimum: PropertyList?
            var maximum: PropertyList?
            var allowedValues: [PropertyList]?
            var minimumCount: Int?
            var maximumCount: Int?
            var pattern: ManifestPattern?
            var subkeys = ManifestKeys()
            // Left as UTF-8, decoded if ever read.
            if flags.contains(.title) {
                guard let text = reader.texts.nextUTF8() else { return nil }
                title = .utf8(text)
            }
            if flags.contains(.description) {
                guard let text = reader.texts.nextUTF8() else { return nil }
                description = .utf8(text)
            }
            if flags.contains(.defaultValue) {
                guard let value = reader.next() else { return nil }
                defaultValue = value
            }
            if flags.contains(.minimum) {
                guard let value = reader.bound(for: type) else { return nil }
                minimum = value
            }
            if flags.contains(.maximum) {
                guard let value = reader.bound(for: type) else { return nil }
                maximum = value
            }
            if flags.contains(.allowedValues) {
                guard let values = reader.next()?.arrayValue, values.allSatisfy(type.accepts) else { return nil }
                allowedValues = values
            }
            if flags.contains(.minimumCount) {
                guard let value = reader.count() else { return nil }
                minimumCount = value
            }
            if flags.contains(.maximumCount) {
                guard let value = reader.count() else { return nil }
                maximumCount = value
            }
            if flags.contains(.format) {
                guard let source = reader.next()?.stringValue else { return nil }
                // Keys next to each other mostly share a format (UUIDs, identifiers).
                if let lastPattern, lastPattern.source == source {
                    pattern = lastPattern
                } else {
                    pattern = ManifestPattern(uncompiled: source)
                    lastPattern = pattern
                }
            }
            if flags.contains(.subkeys) {
                guard let nested = Self.keys(from: &reader, itemsOf: type == .array, depth: depth + 1) else { return nil }
                subkeys = nested
            }
            let key = ManifestKey(
                name: name, type: type, defaultValue: defaultValue, minimum: minimum, maximum: maximum,
                allowedValues: allowedValues, isRequired: flags.contains(.required), subkeys: subkeys,
                minimumCount: minimumCount, maximumCount: maximumCount, itemsAreUnique: flags.contains(.uniqueItems),
                title: title, description: description,
                isDeprecated: flags.contains(.deprecated), pattern: pattern)
            if let defaultValue {
                guard !reader.defaults.violations(ofDefault: defaultValue, of: key).contains(where: { $0.severity == .error }) else { return nil }
            }
            keys.append(key)
        }
        return ManifestKeys(keys, itemsOf: isArray)
    }
}

/// Reads the items of a compact form one by one; every read past the end is `nil`.
private struct CompactReader {
    let items: [PropertyList]
    var position: Int
    /// The titles and descriptions, read in the order of the items that have them.
    var texts: CompactTexts
    /// The matchers of the strings of the keys' `pfm_default` values.
    var defaults = ManifestChecker.Formats()

    var remaining: Int { items.count - position }
    var isAtEnd: Bool { position == items.count }

    mutating func next() -> PropertyList? {
        guard position < items.count else { return nil }
        defer { position += 1 }
        return items[position]
    }

    /// The next item as a bound of a number of `type`, which must be a number type.
    mutating func bound(for type: ManifestType) -> PropertyList? {
        guard type == .integer || type == .real, let value = next(), type.accepts(value) else { return nil }
        return value
    }

    /// The next item as an integer of 0 or more.
    mutating func count() -> Int? {
        next()?.intValue.flatMap { $0 >= 0 ? $0 : nil }
    }
}

/// Texts in one run of bytes, each as its UTF-8 length (four bytes, little-endian) and its
/// UTF-8; read back one by one, each checked to lie within the bytes and to be UTF-8.
private struct CompactTexts {
    private(set) var bytes: [UInt8] = []
    private var position = 0

    init() {}

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func append(_ text: String) {
        let count = UInt32(text.utf8.count)
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: count >> shift)) }
        bytes += text.utf8
    }

    /// The next text's bytes, `nil` when none is left whole or they are not UTF-8.
    mutating func nextUTF8() -> ArraySlice<UInt8>? {
        let start = position
        guard bytes.count - start >= 4 else { return nil }
        let count = Int(UInt32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: UInt32.self) }))
        guard count <= bytes.count - start - 4 else { return nil }
        let text = bytes[start + 4..<start + 4 + count]
        guard Self.isUTF8(text) else { return nil }
        position = text.endIndex
        return text
    }

    /// The next text, `nil` when none is left whole or it is not UTF-8.
    mutating func next() -> String? {
        nextUTF8().map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `utf8` is UTF-8: at once when it is ASCII, else by decoding it, which repairs
    /// what is not UTF-8, so that the text then differs from its bytes; this is several times
    /// faster than the generic `String(validating:as:)`.
    private static func isUTF8(_ utf8: ArraySlice<UInt8>) -> Bool {
        if isASCII(utf8) { return true }
        var text = String(decoding: utf8, as: UTF8.self)
        return text.withUTF8 { decoded in
            utf8.withUnsafeBufferPointer { bytes in
                decoded.count == bytes.count && memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
        }
    }

    /// Whether every byte of `bytes` is ASCII, tested eight at a time.
    private static func isASCII(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                offset += 8
            }
            while offset < raw.count {
                if raw[offset] >= 0x80 { return false }
                offset += 1
            }
            return true
        }
    }
}
