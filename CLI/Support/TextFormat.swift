import PropertyLists

/// How `prefs read` prints values for people, as `defaults read` does: a scalar bare, so
/// `$(prefs read DOMAIN KEY)` is the value itself; containers as `defaults read` describes
/// them (``OpenStepWriter`` in its `defaultsRead` layout).
enum TextFormat {
    /// The text of `value`, with a final newline.
    ///
    /// - Throws: ``PropertyListError`` when the text would pass the size or depth limit.
    static func render(_ value: PropertyList) throws -> String {
        if let scalar = bare(value) { return scalar + "\n" }
        return try OpenStepWriter(layout: .defaultsRead).write(value)
    }

    /// A scalar's bare text as `defaults read` prints it, which `write` with the type's flag
    /// takes back: strings as they are, integers in decimal, reals in their shortest form (`1`,
    /// `2.5`), Booleans 1 or 0, dates as `2024-02-29 12:34:56 +0000`, data as
    /// `{length = 2, bytes = 0x0a0b}` with every byte (where recent macOS elides the middle of
    /// long data); `nil` for containers.
    static func bare(_ value: PropertyList) -> String? {
        switch value {
        case .string(let string): string
        case .integer(let integer): integer.description
        case .real(let real): RealFormat.shortest(real)
        case .bool(let bool): bool ? "1" : "0"
        case .date(let date): date.defaultsDescription
        case .data(let bytes): OpenStepWriter.dataDescription(bytes)
        case .array, .dictionary: nil
        }
    }
}
