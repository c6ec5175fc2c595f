import Synchronization

/// A `pfm_format`: a regular expression the whole string must match, in Swift `Regex` syntax,
/// which takes the ICU syntax Apple's manifests use.
///
/// Compiled once, when first needed: a manifest read from its file compiles each expression
/// as it reads it, to refuse one that does not compile; a manifest loaded from the compiled
/// cache (``ManifestCache``), whose expressions compiled when it was made, compiles each only
/// when a string is first checked against it.
///
/// An expression in the part of the syntax ICU and POSIX share is matched by glibc
/// (``POSIXPattern``), compiled at once since that is cheap; `Regex` then serves only strings
/// outside printable ASCII.
///
/// A class so that a ``ManifestKey`` stays cheap to copy and keys with the same expression
/// share one compiled copy; `Regex` is immutable once built and the lazy compilation is under
/// a lock, so sharing it between threads is safe.
final class ManifestPattern: @unchecked Sendable {
    /// The expression as the manifest gives it.
    let source: String
    /// The expression compiled by glibc, when it lies in the part both syntaxes share.
    private let posix: POSIXPattern?
    /// The compiled expression once compiled; `.failure` when it does not compile.
    private let compiled: Mutex<Result<Regex<AnyRegexOutput>, any Error>?>

    /// `source`, whose `Regex` is compiled when a string first needs it.
    init(uncompiled source: String) {
        self.source = source
        posix = POSIXPattern(source)
        compiled = Mutex(nil)
    }

    /// Compiles `source` now.
    ///
    /// - Throws: What `Regex` throws for an expression it cannot compile.
    init(_ source: String) throws {
        self.source = source
        compiled = Mutex(.success(try Self.compile(source)))
        posix = POSIXPattern(source)
    }

    private static func compile(_ source: String) throws -> Regex<AnyRegexOutput> {
        // Matched by Unicode scalar, as ICU (NSRegularExpression, which Apple's manifests are
        // written for) matches code points, and several times faster than by grapheme cluster.
        try Regex(source).matchingSemantics(.unicodeScalar)
    }

    /// Whether all of `string` matches.
    ///
    /// An expression that does not compile matches nothing; only a damaged cache can hold one,
    /// since a manifest read from its file is refused for it.
    func matchesWhole(_ string: String) -> Bool {
        if let matched = posix?.matchesWhole(string) { return matched }
        let regex: Regex<AnyRegexOutput>? = compiled.withLock { compiled in
            if compiled == nil { compiled = Result { try Self.compile(source) } }
            guard case .success(let regex)? = compiled else { return nil }
            return regex
        }
        guard let regex else { return false }
        do {
            return try regex.wholeMatch(in: string) != nil
        } catch {
            // Only custom regex components throw while matching, and a regex compiled from
            // text has none; should one ever throw, the string did not match.
            return false
        }
    }
}
