extension PropertyList: CustomStringConvertible {
    /// The value written as a Swift literal would be: strings quoted, data in hex between `<` and
    /// `>`, dates in ISO 8601, arrays in `[…]`, dictionaries in `[key: value, …]` with sorted keys.
    ///
    /// ```swift
    /// print(PropertyList.dictionary(["size": 12, "name": "Mono"]))   // ["name": "Mono", "size": 12]
    /// ```
    public var description: String {
        switch self {
        case .string(let string): quoted(string)
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
        return "[" + sortedKeys.map { quoted($0) + ": " + (self[$0]?.description ?? "") }.joined(separator: ", ") + "]"
    }
}

/// `string` in double quotes, with quotes, backslashes and control characters escaped.
private func quoted(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default:
            if scalar.value < 0x20 { result += "\\u{" + String(scalar.value, radix: 16) + "}" } else { result.unicodeScalars.append(scalar) }
        }
    }
    return result + "\""
}

private func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
