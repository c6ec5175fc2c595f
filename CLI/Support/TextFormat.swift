import PropertyLists

/// How `prefs read` prints values for people, as `defaults read` does: a scalar bare, so
/// `$(prefs read DOMAIN KEY)` is the value itself; containers as old-style text
/// (``OpenStepWriter``), which `prefs write` takes back.
enum TextFormat {
    /// The text of `value`, with a final newline.
    ///
    /// - Throws: ``PropertyListError`` when the text would pass the size limit.
    static func render(_ value: PropertyList) throws -> String {
        if let scalar = bare(value) { return scalar + "\n" }
        return try OpenStepWriter().write(value)
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
