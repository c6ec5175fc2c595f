import Glibc

/// A `pfm_format` written in the part of the syntax where ICU's regular expressions (which
/// Swift `Regex` follows) and POSIX extended ones mean the same, matched by glibc's `regexec`:
/// several times faster than `Regex` to compile and to match, for the simple formats manifests
/// mostly hold (identifiers, version numbers, UUIDs).
///
/// The part accepted: printable ASCII; literal letters, digits, spaces and ``literals``; `.`;
/// bracket expressions of letters, digits and ``bracketLiterals`` with ranges between two
/// digits or two letters of one case, optionally negated; groups; `|` between non-empty
/// alternatives; the quantifiers `*`, `+`, `?`, `{m}`, `{m,}` and `{m,n}` (up to 255), one
/// per atom; `^` first and `$` last. Such an expression has no backslash, no construct only
/// one syntax knows, and no lazy or possessive quantifier, so both describe the same language;
/// whole-string membership in a language does not depend on how an engine searches it. A
/// string is matched here only when it is printable ASCII, where `.` and a negated bracket
/// mean the same one character in both (ICU's `.` stops at a line break, POSIX's does not).
final class POSIXPattern: @unchecked Sendable {
    /// The compiled expression; `regexec` may run on it from several threads at once.
    private let compiled: UnsafeMutablePointer<regex_t>

    /// Characters that stand for themselves outside brackets in both syntaxes.
    static let literals = Set(" -_,:;/@#%&=~'\"<>!".utf8)
    /// Characters that stand for themselves inside brackets in both syntaxes (not `:`, which
    /// starts a property in ICU's `[:Letter:]`).
    static let bracketLiterals = Set(" _.,/@".utf8)

    /// Compiles `source`, or `nil` when it lies outside the part both syntaxes share or glibc
    /// refuses it.
    init?(_ source: String) {
        guard Self.isShared(Array(source.utf8)) else { return nil }
        compiled = .allocate(capacity: 1)
        // Anchored at the start only: a match whose end `matchesWhole` checks is found in
        // about half the time of one anchored at both ends, which glibc matches through
        // context-dependent states.
        guard regcomp(compiled, "^(" + source + ")", REG_EXTENDED) == 0 else {
            compiled.deallocate()
            return nil
        }
    }

    deinit {
        regfree(compiled)
        compiled.deallocate()
    }

    /// Whether all of `string` matches; `nil` when `string` is not printable ASCII, which
    /// `Regex` must match instead.
    ///
    /// POSIX matching finds the longest of the matches at the leftmost position, so the string
    /// matches whole exactly when that match starts at its start and ends at its end.
    func matchesWhole(_ string: String) -> Bool? {
        // Over the contiguous bytes every native string has, several times faster than
        // stepping through `String.UTF8View`; a string without them goes to `Regex`.
        let isPrintableASCII = string.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 >= 0x20 && $0 <= 0x7E } }
        guard isPrintableASCII == true else { return nil }
        let count = string.utf8.count
        var match = regmatch_t()
        return string.withCString { regexec(compiled, $0, 1, &match, 0) == 0 } && match.rm_so == 0 && Int(match.rm_eo) == count
    }

    /// Whether `bytes` is an expression in the part both syntaxes share.
    static func isShared(_ bytes: [UInt8]) -> Bool {
        var index = 0
        var depth = 0
        // Whether what came last is an atom that may take a quantifier, and whether it ends
        // an alternative (an atom, quantified or not), so that `|`, `)` or the end may follow.
        var quantifiable = false
        var complete = false
        if bytes.first == UInt8(ascii: "^") { index = 1 }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
                (quantifiable, complete) = (true, true)
            case _ where literals.contains(byte):
                (quantifiable, complete) = (true, true)
            case UInt8(ascii: "["):
                guard let end = bracketEnd(bytes, from: index) else { return false }
                index = end
                (quantifiable, complete) = (true, true)
            case UInt8(ascii: "("):
                depth += 1
                (quantifiable, complete) = (false, false)
            case UInt8(ascii: ")"):
                guard depth > 0, complete else { return false }
                depth -= 1
                (quantifiable, complete) = (true, true)
            case UInt8(ascii: "|"):
                guard complete else { return false }
                (quantifiable, complete) = (false, false)
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                guard quantifiable else { return false }
                quantifiable = false
            case UInt8(ascii: "{"):
                guard quantifiable, let end = intervalEnd(bytes, from: index) else { return false }
                index = end
                quantifiable = false
            case UInt8(ascii: "$") where index == bytes.count:
                guard complete else { return false }
            default:
                return false
            }
        }
        return depth == 0 && complete
    }

    /// The index after the `]` closing the bracket expression whose contents start at
    /// `start`, `nil` when it is not one of the shared form.
    private static func bracketEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
        let first = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
            let byte = bytes[index]
            if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] != UInt8(ascii: "]") {
                guard let low = rangeClass(byte), low == rangeClass(bytes[index + 2]), byte <= bytes[index + 2] else { return nil }
                index += 3
            } else {
                guard rangeClass(byte) != nil || bracketLiterals.contains(byte) else { return nil }
                index += 1
            }
        }
        guard index < bytes.count, index > first else { return nil }
        return index + 1
    }

    /// Which of digits, lower-case and upper-case letters `byte` is, for ranges.
    private static func rangeClass(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): 0
        case UInt8(ascii: "a")...UInt8(ascii: "z"): 1
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): 2
        default: nil
        }
    }

    /// The index after the `}` closing the interval whose contents start at `start`: `m`,
    /// `m,` or `m,n` with `m <= n <= 255`; `nil` otherwise.
    private static func intervalEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        func number() -> Int? {
            var value = 0
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), index - first < 3 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > first && value <= 255 ? value : nil
        }
        guard let low = number() else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            index += 1
            if index < bytes.count, bytes[index] != UInt8(ascii: "}") {
                guard let high = number(), low <= high else { return nil }
            }
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else { return nil }
        return index + 1
    }
}
