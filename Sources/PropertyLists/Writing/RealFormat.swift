import Glibc

/// How CoreFoundation spells a real in XML: `%.17g`, with `nan`, `+infinity`, `-infinity`, and
/// `0.0` for a zero of either sign.
public enum RealFormat {
    /// The canonical spelling of `value`: `1`, `0.10000000000000001`, `1e+100`, `-2.5`.
    public static func string(_ value: Double) -> String {
        String(unsafeUninitializedCapacity: maxCount) { write(value, to: $0.baseAddress!) }
    }

    /// The most bytes ``write(_:to:)`` writes.
    static let maxCount = 32

    /// Writes the canonical spelling of `value` at `output`, which has room for ``maxCount``
    /// bytes, without building a string.
    ///
    /// - Returns: The number of bytes written.
    static func write(_ value: Double, to output: UnsafeMutablePointer<UInt8>) -> Int {
        if value.isNaN { return copy("nan", to: output) }
        if value.isInfinite { return copy(value < 0 ? "-infinity" : "+infinity", to: output) }
        if value == 0 { return copy("0.0", to: output) }
        return output.withMemoryRebound(to: CChar.self, capacity: maxCount) { buffer in
            Int(withVaList([value]) { vsnprintf(buffer, maxCount, "%.17g", $0) })
        }
    }

    private static func copy(_ text: StaticString, to output: UnsafeMutablePointer<UInt8>) -> Int {
        output.initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }
}
