/// A set of Unicode scalars a pattern matches one of: `.`, `\d`, `[a-z\s]`, `[^…]`, and the
/// set a lookahead before one of them leaves (`(?!:).`).
///
/// Membership of an ASCII scalar is looked up in a bitmap made when the set is built; other
/// scalars are tested against the set's ranges and properties.
struct PatternClass: Sendable {
    /// A part of the set.
    enum Item: Sendable {
        /// The scalars from `lower` to `upper`, inclusive.
        case range(UInt32, UInt32)
        /// The scalars having `property`, or when `negated` those lacking it.
        case property(PatternProperty, negated: Bool)
        /// The scalars in both sets.
        case intersection(PatternClass, PatternClass)
    }

    /// The parts, any of which a scalar must be in (before `isNegated`).
    let items: [Item]
    /// Whether the set is the complement of its parts (`[^…]`).
    let isNegated: Bool
    /// Membership of the scalars 0–63 and 64–127, one bit each.
    let asciiLow: UInt64
    let asciiHigh: UInt64

    /// The set of `items`, or its complement when `negated`.
    init(_ items: [Item], negated: Bool = false) {
        self.items = items
        isNegated = negated
        var low: UInt64 = 0
        var high: UInt64 = 0
        for value in UInt32(0)..<128 where Self.contains(Unicode.Scalar(UInt8(value)), in: items) != negated {
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
        }
        asciiLow = low
        asciiHigh = high
    }

    /// One property, or its complement.
    init(_ property: PatternProperty, negated: Bool = false) {
        self.init([.property(property, negated: negated)])
    }

    /// One scalar.
    init(_ scalar: Unicode.Scalar) {
        self.init([.range(scalar.value, scalar.value)])
    }

    /// `.`: any scalar but a newline, as in ICU and Swift `Regex` by default.
    static let dot = PatternClass(.verticalSpace, negated: true)

    /// The scalars in this set and in `other`: what `(?=A)B` matches, with `self` as `B`.
    func intersection(_ other: PatternClass) -> PatternClass {
        PatternClass([.intersection(self, other)])
    }

    /// The scalars in this set and not in `other`: what `(?!A)B` matches, with `self` as `B`.
    func subtracting(_ other: PatternClass) -> PatternClass {
        PatternClass([.intersection(self, PatternClass(other.items, negated: !other.isNegated))])
    }

    /// Whether `scalar` is in the set.
    @inline(__always)
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return asciiLow & (1 << UInt64(value)) != 0 }
        if value < 128 { return asciiHigh & (1 << UInt64(value - 64)) != 0 }
        return Self.contains(scalar, in: items) != isNegated
    }

    /// Whether `scalar` is in any of `items`.
    private static func contains(_ scalar: Unicode.Scalar, in items: [Item]) -> Bool {
        for item in items {
            switch item {
            case .range(let lower, let upper):
                if lower <= scalar.value && scalar.value <= upper { return true }
            case .property(let property, let negated):
                if property.holds(for: scalar) != negated { return true }
            case .intersection(let first, let second):
                if first.contains(scalar) && second.contains(scalar) { return true }
            }
        }
        return false
    }
}
