extension PropertyList: CustomStringConvertible {
    /// The value written as a Swift literal would be: strings quoted, data in hex between `<` and
    /// `>`, dates in ISO 8601, arrays in `[…]`, dictionaries in `[key: value, …]` with sorted keys.
    ///
    /// ```swift
    /// print(PropertyList.dictionary(["size": 12, "name": "Mono"]))   // ["name": "Mono", "size": 12]
    /// ```
    public var description: String {
        switch self {
        case .string(let string): string.quotedForMessage()
        case .integer(let integer): integer.description
        case .real(let real): real.description
        case .bool(let bool): bool.description
        case .date(let date): date.iso8601
        case .data(let bytes): "<" + bytes.map(hexByte).joined() + ">"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let dictionary): dictionary.description
        }
    }
}

extension PropertyListDictionary: CustomStringConvertible {
    /// The entries as a Swift dictionary literal with sorted keys, such as `["name": "Mono", "size": 12]`;
    /// `[:]` when empty.
    public var description: String {
        guard !isEmpty else { return "[:]" }
        return "[" + sortedKeys.map { $0.quotedForMessage() + ": " + (self[$0]?.description ?? "") }.joined(separator: ", ") + "]"
    }
}

private func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
