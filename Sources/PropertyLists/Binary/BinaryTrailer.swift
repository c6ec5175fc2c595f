/// The last 32 bytes of a `bplist00` file, checked against the file before anything is read
/// through them.
///
/// Layout (CoreFoundation's `CFBinaryPList.c`, Python's `plistlib`): 5 unused bytes, a sort
/// version, the width in bytes of an offset-table entry and of an object reference, then the
/// number of objects, the index of the top object and the offset of the offset table, each a
/// big-endian 64-bit integer.
struct BinaryTrailer {
    /// The width of one offset-table entry, 1 through 8 bytes.
    let offsetSize: Int
    /// The width of one object reference inside an array or dictionary, 1 through 8 bytes.
    let referenceSize: Int
    /// The number of objects, at least 1.
    let objectCount: Int
    /// The index of the root object.
    let topObject: Int
    /// Where the offset table starts; objects lie between the header and here.
    let offsetTableOffset: Int

    /// The size of the trailer.
    static let size = 32
    /// The magic number and version every file starts with.
    static let header = Array("bplist00".utf8)
    /// The length of ``header``, a constant where the array would be looked up.
    static let headerSize = 8

    /// Reads and checks the trailer of `bytes`.
    ///
    /// Beyond the ranges of its fields, it holds CoreFoundation's rules: the offset table and
    /// the trailer end the file exactly, references are wide enough to name every object and
    /// offsets wide enough to reach the offset table.
    ///
    /// - Throws: The message of what is wrong, for the caller to place.
    init(_ bytes: UnsafeRawBufferPointer) throws(BinaryFormatError) {
        guard bytes.count >= Self.header.count + 1 + Self.size else {
            throw BinaryFormatError("the file is \(bytes.count) bytes, too short for a binary property list")
        }
        guard bytes.starts(with: Self.header) else {
            let version = String(decoding: bytes[6..<8], as: UTF8.self)
            throw BinaryFormatError("version \"\(version)\" is not supported; prefs reads bplist00")
        }
        let base = bytes.count - Self.size
        let offsetSize = Int(bytes[base + 6])
        let referenceSize = Int(bytes[base + 7])
        let objectCount = BinaryInteger64.read(bytes, at: base + 8, width: 8)
        let topObject = BinaryInteger64.read(bytes, at: base + 16, width: 8)
        let tableOffset = BinaryInteger64.read(bytes, at: base + 24, width: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw BinaryFormatError("the trailer gives offsets of \(offsetSize) and references of \(referenceSize) bytes; each must be 1 through 8")
        }
        guard objectCount >= 1, topObject < objectCount else {
            throw BinaryFormatError("the trailer names top object \(topObject) of \(objectCount) objects")
        }
        let objectArea = UInt64(base)
        guard tableOffset >= UInt64(Self.header.count + 1), tableOffset <= objectArea,
            objectCount <= (objectArea - tableOffset) / UInt64(offsetSize),
            tableOffset + objectCount * UInt64(offsetSize) == objectArea
        else {
            throw BinaryFormatError(
                "the trailer's offset table (\(objectCount) entries of \(offsetSize) bytes at offset \(tableOffset)) does not end where the trailer starts, at offset \(base)"
            )
        }
        if referenceSize < 8, UInt64(1) << (8 * referenceSize) <= objectCount {
            throw BinaryFormatError("references of \(referenceSize) bytes cannot name all \(objectCount) objects")
        }
        if offsetSize < 8, UInt64(1) << (8 * offsetSize) <= tableOffset {
            throw BinaryFormatError("offsets of \(offsetSize) bytes cannot reach the offset table at offset \(tableOffset)")
        }
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = Int(objectCount)
        self.topObject = Int(topObject)
        self.offsetTableOffset = Int(tableOffset)
    }
}
