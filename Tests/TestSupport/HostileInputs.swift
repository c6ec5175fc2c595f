/// Inputs shaped to make a reader or matcher do quadratic work, built at test time at the sizes
/// an outside attack used (issue 21); the fuzz corpora keep small copies of each shape.
public enum HostileInputs {
    /// A binary property list of `entries` + 1 objects whose offset table names one array of
    /// `entries` references, each to the one `true`, for every object but the last: a reader that
    /// counts each object's references reads the array `entries` times. At 200,000 entries the
    /// file is 1.6 MB.
    public static func binaryNamingOneArray(entries: Int) -> [UInt8] {
        var file = Array("bplist00".utf8)
        file += [0xAF, 0x12] + bigEndian(UInt64(entries), width: 4)
        for _ in 0..<entries { file += bigEndian(UInt64(entries), width: 4) }
        let leaf = file.count
        file.append(0x09)
        let table = file.count
        for _ in 0..<entries { file += bigEndian(8, width: 4) }
        file += bigEndian(UInt64(leaf), width: 4)
        file += [0, 0, 0, 0, 0, 0, 4, 4]
        file += bigEndian(UInt64(entries + 1), width: 8) + bigEndian(0, width: 8) + bigEndian(UInt64(table), width: 8)
        return file
    }

    /// An XML property list whose `<plist>` start tag carries `count` attributes `a0="x"`,
    /// `a1="x"`, …; at 400,000 it is 4.7 MB.
    public static func xmlWithAttributes(count: Int) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\""
        for index in 0..<count { text += " a\(index)=\"x\"" }
        return text + "><string>x</string></plist>\n"
    }

    /// `value`'s low `width` bytes, most significant first.
    private static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - $0))) }
    }
}
