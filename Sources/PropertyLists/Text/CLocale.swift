import Glibc

/// The POSIX ("C") locale for the C library's number conversions: a property list spells reals
/// with a point, whatever locale the program using prefs has chosen with `setlocale`.
enum CLocale {
    /// The locale's numeric category (`LC_NUMERIC_MASK`, a macro Swift does not import),
    /// made once and never changed; `nil` only when glibc cannot make it, and then the calling
    /// thread's locale serves.
    nonisolated(unsafe) private static let posix: locale_t? = newlocale(1 << LC_NUMERIC, "C", nil)

    /// The real `text` spells, read by `strtod` in the C locale, or `nil` when `strtod` does
    /// not read all of it. Callers check the form first: `strtod` also takes hexadecimal.
    static func double(parsing text: ArraySlice<UInt8>) -> Double? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
            var end: UnsafeMutablePointer<CChar>? = nil
            for (offset, byte) in text.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
            buffer[text.count] = 0
            let value = withPOSIXLocale { strtod(buffer.baseAddress!, &end) }
            return end == buffer.baseAddress! + text.count ? value : nil
        }
    }

    /// What `body` returns, run with the calling thread's locale set to C.
    static func withPOSIXLocale<Result>(_ body: () -> Result) -> Result {
        guard let posix else { return body() }
        let previous = uselocale(posix)
        defer { uselocale(previous) }
        return body()
    }
}
