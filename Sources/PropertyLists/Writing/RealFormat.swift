import Glibc

/// How CoreFoundation spells a real in XML: `%.17g`, with `nan`, `+infinity`, `-infinity`, and
/// `0.0` for a zero of either sign.
public enum RealFormat {
    /// The canonical spelling of `value`: `1`, `0.10000000000000001`, `1e+100`, `-2.5`.
    public static func string(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the canonical spelling of `value` to `bytes` without building a string.
    static func append(_ value: Double, to bytes: inout [UInt8]) {
        if value.isNaN { return bytes.append(contentsOf: "nan".utf8) }
        if value.isInfinite { return bytes.append(contentsOf: (value < 0 ? "-infinity" : "+infinity").utf8) }
        if value == 0 { return bytes.append(contentsOf: "0.0".utf8) }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            let count = withVaList([value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.17g", $0) }
            buffer.withMemoryRebound(to: UInt8.self) { bytes.append(contentsOf: $0[..<Int(count)]) }
        }
    }
}
