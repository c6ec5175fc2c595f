import Glibc

/// How CoreFoundation spells a real in XML: `%.17g`, with `nan`, `+infinity`, `-infinity`, and
/// `0.0` for zero; except that negative zero is `-0.0`, as Python's `plistlib` writes it, where
/// CoreFoundation and libplist write `0.0` and lose the sign (all of them read `-0.0` back as
/// negative zero).
public enum RealFormat {
    /// The canonical spelling of `value`: `1`, `0.10000000000000001`, `1e+100`, `-2.5`, `-0.0`.
    public static func string(_ value: Double) -> String {
        String(unsafeUninitializedCapacity: maxCount) { write(value, to: $0.baseAddress!) }
    }

    /// The shortest decimal that reads back as `value`, as `defaults read` prints a real: a
    /// whole number without a fraction (`1`, not `1.0`), `2.5`, `0.1`, `1e+20`, `0`, and `-0` for
    /// negative zero (as `NSNumber` describes it); `nan`, `+infinity` and `-infinity` as
    /// ``string(_:)`` spells them.
    ///
    /// A value that is exactly a 32-bit float is spelled as that float: `defaults write -float
    /// 0.1` stores the float nearest 0.1, which a property list holds as the double
    /// 0.10000000149011612 and `defaults read` prints as `0.1` (the float's own description), and
    /// so does this; `write -float` with the text stores that value again. Any other double
    /// takes its ``exact(_:)`` form, which a 64-bit reader (`<real>`, JSON) takes back exactly.
    public static func shortest(_ value: Double) -> String {
        let float = Float(value)
        guard value.isFinite, value != 0, Double(float) == value else { return exact(value) }
        return withoutPointZero(float.description)
    }

    /// The shortest decimal that a 64-bit reader (`strtod`, `<real>`, JSON, GNUstep's `<*R…>`)
    /// reads back as exactly `value`: `1`, `0.1`, `0.10000000149011612`, `1e+100`, `0`, `-0`;
    /// `nan`, `+infinity` and `-infinity` as ``string(_:)`` spells them.
    public static func exact(_ value: Double) -> String {
        value.isFinite ? withoutPointZero(value.description) : string(value)
    }

    /// `text` without a final `.0`: `1`, not `1.0`.
    private static func withoutPointZero(_ text: String) -> String {
        text.hasSuffix(".0") ? String(text.dropLast(2)) : text
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
        if value == 0 { return copy(value.sign == .minus ? "-0.0" : "0.0", to: output) }
        if let (digits, exponent) = significantDigits(value.magnitude) {
            return write(digits: digits, exponent: exponent, isNegative: value < 0, to: output)
        }
        // withVaList and printf cost some thousand instructions a call: fine for the rare
        // magnitudes the exact arithmetic above does not cover.
        return output.withMemoryRebound(to: CChar.self, capacity: maxCount) { buffer in
            CLocale.withPOSIXLocale { Int(withVaList([value]) { vsnprintf(buffer, maxCount, "%.17g", $0) }) }
        }
    }

    private static func copy(_ text: StaticString, to output: UnsafeMutablePointer<UInt8>) -> Int {
        output.initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    private static let lowestDigits: UInt64 = 10_000_000_000_000_000
    private static let highestDigits: UInt64 = 100_000_000_000_000_000

    /// The first 17 significant decimal digits of `magnitude` (finite, above zero), rounded half
    /// to even as glibc's `printf` rounds them, as an integer from 10^16 up to 10^17, with the
    /// decimal exponent of the first digit; `nil` where the exact arithmetic would not fit in
    /// 128 bits (below 10^-6 or from 2^128), which `printf` then spells.
    ///
    /// The value is m × 2^e exactly; the digits are m × 2^e × 10^(16 − exponent), divided out
    /// with the remainder compared to one half.
    private static func significantDigits(_ magnitude: Double) -> (digits: UInt64, exponent: Int)? {
        let isSubnormal = magnitude.exponentBitPattern == 0
        let significand = magnitude.significandBitPattern | (isSubnormal ? 0 : 1 << 52)
        let binaryExponent = isSubnormal ? -1074 : Int(magnitude.exponentBitPattern) - 1075
        // log10(2) × the binary exponent is the decimal exponent or one less.
        var exponent = Int((Double(Int(magnitude.exponent)) * 0.301_029_995_663_981_2).rounded(.down))
        for _ in 0..<4 {
            guard let (quotient, rest) = scaled(significand, binaryExponent, by: 16 - exponent) else { return nil }
            if quotient >= UInt128(highestDigits) {
                exponent += 1
                continue
            }
            if quotient < UInt128(lowestDigits) {
                exponent -= 1
                continue
            }
            var digits = UInt64(quotient)
            if rest == .aboveHalf || (rest == .half && digits & 1 == 1) { digits += 1 }
            return digits == highestDigits ? (lowestDigits, exponent + 1) : (digits, exponent)
        }
        return nil
    }

    /// Where the part dropped by a division lies against one half of the divisor.
    private enum Rest { case belowHalf, half, aboveHalf }

    /// ⌊m × 2^e × 10^k⌋ and what it drops, or `nil` when a step would not fit in 128 bits.
    private static func scaled(_ significand: UInt64, _ binaryExponent: Int, by k: Int) -> (quotient: UInt128, rest: Rest)? {
        if k >= 0 {
            guard k <= 22 else { return nil }  // m × 10^22 < 2^53 × 2^74
            let numerator = UInt128(significand) * power(k)
            if binaryExponent >= 0 {
                guard numerator.leadingZeroBitCount > binaryExponent else { return nil }
                return (numerator << binaryExponent, .belowHalf)
            }
            let shift = -binaryExponent
            guard shift < 128 else { return nil }
            let dropped = numerator & ((1 << shift) - 1)
            let half: UInt128 = 1 << (shift - 1)
            return (numerator >> shift, dropped < half ? .belowHalf : dropped == half ? .half : .aboveHalf)
        }
        guard k >= -38, binaryExponent >= 0, UInt128(significand).leadingZeroBitCount > binaryExponent else { return nil }
        let divisor = power(-k)
        let (quotient, dropped) = (UInt128(significand) << binaryExponent).quotientAndRemainder(dividingBy: divisor)
        let other = divisor - dropped
        return (quotient, dropped < other ? .belowHalf : dropped == other ? .half : .aboveHalf)
    }

    /// 10^k, for k through 38.
    private static func power(_ k: Int) -> UInt128 {
        var result: UInt128 = 1
        for _ in 0..<k { result *= 10 }
        return result
    }

    /// Spells 17 significant digits as `%.17g` does: positional when the exponent is from -4
    /// through 16, else `d.ddde±XX`; trailing zeros of the fraction dropped, and the point with
    /// them when none is left.
    private static func write(digits: UInt64, exponent: Int, isNegative: Bool, to output: UnsafeMutablePointer<UInt8>) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 17) { decimal in
            var rest = digits
            for index in (0..<17).reversed() {
                decimal[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            var significant = 17
            while significant > 1, decimal[significant - 1] == UInt8(ascii: "0") { significant -= 1 }
            var out = output
            func put(_ byte: UInt8) {
                out.pointee = byte
                out += 1
            }
            func put(_ range: Range<Int>) {
                for index in range { put(decimal[index]) }
            }
            if isNegative { put(UInt8(ascii: "-")) }
            if exponent < -4 || exponent >= 17 {
                put(0..<1)
                if significant > 1 {
                    put(UInt8(ascii: "."))
                    put(1..<significant)
                }
                put(UInt8(ascii: "e"))
                put(UInt8(ascii: exponent < 0 ? "-" : "+"))
                let magnitude = abs(exponent)
                if magnitude >= 100 { put(UInt8(ascii: "0") + UInt8(magnitude / 100)) }
                put(UInt8(ascii: "0") + UInt8(magnitude / 10 % 10))
                put(UInt8(ascii: "0") + UInt8(magnitude % 10))
            } else if exponent >= 0 {
                put(0..<exponent + 1)
                if significant > exponent + 1 {
                    put(UInt8(ascii: "."))
                    put(exponent + 1..<significant)
                }
            } else {
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "."))
                for _ in 0..<(-exponent - 1) { put(UInt8(ascii: "0")) }
                put(0..<significant)
            }
            return out - output
        }
    }
}
