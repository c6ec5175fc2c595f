/// Base64 encoding as property lists use it: the standard alphabet with `=` padding.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Appends the Base64 form of `bytes` to `output`, with no line breaks.
    static func encode<Bytes: Collection<UInt8>>(_ bytes: Bytes, into output: inout [UInt8]) {
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
            output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
        }
    }

    /// The Base64 form of `bytes` as a string, with no line breaks.
    static func encode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var output = [UInt8]()
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        encode(bytes, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
