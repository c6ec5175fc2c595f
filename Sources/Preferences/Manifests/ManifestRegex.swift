/// A `pfm_format` compiled by Swift `Regex` (in the ICU syntax Apple's manifests use), for the
/// strings of a ``ManifestPattern`` that glibc does not match.
///
/// Kept apart from ``ManifestPattern`` so that a pattern glibc matches never names a `Regex`
/// type: the runtime builds the metadata of those generic types when first used, at about the
/// cost of checking a hundred strings.
///
/// `@unchecked Sendable` as `Regex` is immutable once built, so sharing it between threads is
/// safe.
final class ManifestRegex: @unchecked Sendable {
    /// The compiled expression; `.failure` when it does not compile.
    private let compiled: Result<Regex<AnyRegexOutput>, any Error>

    /// `source` compiled, or the reason it does not compile.
    init(_ source: String) {
        compiled = Result { try Self.compile(source) }
    }

    /// `source` compiled.
    ///
    /// - Throws: What `Regex` throws for an expression it cannot compile.
    init(compiling source: String) throws {
        compiled = .success(try Self.compile(source))
    }

    /// Matched by Unicode scalar, as ICU (NSRegularExpression, which Apple's manifests are
    /// written for) matches code points, and several times faster than by grapheme cluster.
    private static func compile(_ source: String) throws -> Regex<AnyRegexOutput> {
        try Regex(source).matchingSemantics(.unicodeScalar)
    }

    /// Whether all of `string` matches; an expression that does not compile matches nothing.
    func matchesWhole(_ string: String) -> Bool {
        guard case .success(let regex) = compiled else { return false }
        do {
            return try regex.wholeMatch(in: string) != nil
        } catch {
            // Only custom regex components throw while matching, and a regex compiled from
            // text has none; should one ever throw, the string did not match.
            return false
        }
    }
}
