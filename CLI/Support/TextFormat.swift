import PropertyLists

/// How `prefs read` prints values for people, in the spirit of `defaults read`: a scalar bare,
/// so `$(prefs read DOMAIN KEY)` is the value itself; containers in an OpenStep-like layout.
enum TextFormat {
    /// The text of `value`, with a final newline.
    static func render(_ value: PropertyList) -> String {
        var output = ""
        if let scalar = bare(value) {
            output = scalar
        } else {
            append(value, to: &output, indent: 0)
        }
        return output + "\n"
    }

    /// A scalar's bare text: strings as they are, integers and reals in decimal, Booleans 1 or 0
    /// (as `defaults` prints them), dates in ISO 8601, data in hexadecimal; `nil` for containers.
    static func bare(_ value: PropertyList) -> String? {
        switch value {
        case .string(let string): string
        case .integer(let integer): integer.description
        case .real(let real): real.isFinite ? (real == 0 ? "0" : "\(real)") : RealFormat.string(real)
        case .bool(let bool): bool ? "1" : "0"
        case .date(let date): date.iso8601
        case .data(let bytes): hex(bytes)
        case .array, .dictionary: nil
        }
    }

    private static func append(_ value: PropertyList, to output: inout String, indent: Int) {
        let pad = String(repeating: "    ", count: indent)
        switch value {
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "()"
                return
            }
            output += "(\n"
            for (index, element) in elements.enumerated() {
                output += pad + "    "
                append(element, to: &output, indent: indent + 1)
                output += index < elements.count - 1 ? ",\n" : "\n"
            }
            output += pad + ")"
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (key, element) in dictionary.sortedEntries {
                output += pad + "    " + quotedIfNeeded(key) + " = "
                append(element, to: &output, indent: indent + 1)
                output += ";\n"
            }
            output += pad + "}"
        case .string(let string):
            output += quotedIfNeeded(string)
        case .data(let bytes):
            output += "{length = \(bytes.count), bytes = 0x\(hex(bytes))}"
        case .date(let date):
            output += "\"\(date.iso8601)\""
        default:
            output += bare(value) ?? ""
        }
    }

    private static func quotedIfNeeded(_ string: String) -> String {
        let plain = !string.isEmpty && string.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "_./$:-".unicodeScalars.contains($0)
        }
        if plain { return string }
        var quoted = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            let digits: StaticString = "0123456789abcdef"
            var index = 0
            for byte in bytes {
                text[index] = digits.utf8Start[Int(byte >> 4)]
                text[index + 1] = digits.utf8Start[Int(byte & 15)]
                index += 2
            }
            return index
        }
    }
}
