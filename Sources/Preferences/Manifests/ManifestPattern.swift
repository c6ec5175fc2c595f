/// A compiled `pfm_format`: a regular expression the whole string must match, in Swift `Regex`
/// syntax, which takes the ICU syntax Apple's manifests use.
///
/// A class so that a ``ManifestKey`` stays cheap to copy; `Regex` is immutable once built, so
/// sharing it between threads is safe.
final class ManifestPattern: @unchecked Sendable {
    /// The expression as the manifest gives it.
    let source: String
    private let regex: Regex<AnyRegexOutput>

    /// Compiles `source`.
    ///
    /// - Throws: What `Regex` throws for an expression it cannot compile.
    init(_ source: String) throws {
        self.source = source
        // Matched by Unicode scalar, as ICU (NSRegularExpression, which Apple's manifests are
        // written for) matches code points, and several times faster than by grapheme cluster.
        regex = try Regex(source).matchingSemantics(.unicodeScalar)
    }

    /// Whether all of `string` matches.
    func matchesWhole(_ string: String) -> Bool {
        do {
            return try regex.wholeMatch(in: string) != nil
        } catch {
            // Only custom regex components throw while matching, and a regex compiled from
            // text has none; should one ever throw, the string did not match.
            return false
        }
    }
}
