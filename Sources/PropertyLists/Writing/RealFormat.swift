import Glibc

/// How CoreFoundation spells a real in XML: `%.17g`, with `nan`, `+infinity`, `-infinity`, and
/// `0.0` for a zero of either sign.
public enum RealFormat {
    /// The canonical spelling of `value`: `1`, `0.10000000000000001`, `1e+100`, `-2.5`.
    public static func string(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        if value == 0 { return "0.0" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.17g", $0) }
        return String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
