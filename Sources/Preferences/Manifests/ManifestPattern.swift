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
/// A class so that keys with the same expression share one compiled copy; the lazy
/// compilation is under a lock, so sharing it between threads is safe.
final class ManifestPattern: Sendable {
    /// The expression as the manifest gives it.
    let source: String
    /// The expression compiled by glibc, when it lies in the part both syntaxes share.
    private let posix: POSIXPattern?
    /// The expression compiled by `Regex`, once compiled.
    private let regex: Mutex<ManifestRegex?>

    /// `source`, whose `Regex` is compiled when a string first needs it.
    init(uncompiled source: String) {
        self.source = source
        posix = POSIXPattern(source)
        regex = Mutex(nil)
    }

    /// Compiles `source` now.
    ///
    /// - Throws: What `Regex` throws for an expression it cannot compile.
    init(_ source: String) throws {
        self.source = source
        regex = Mutex(try ManifestRegex(compiling: source))
        posix = POSIXPattern(source)
    }

    /// Whether all of `string` matches.
    ///
    /// An expression that does not compile matches nothing; only a damaged cache can hold one,
    /// since a manifest read from its file is refused for it.
    func matchesWhole(_ string: String) -> Bool {
        if let matched = posix?.matchesWhole(string) { return matched }
        let regex = regex.withLock { regex in
            if regex == nil { regex = ManifestRegex(source) }
            return regex
        }
        return regex?.matchesWhole(string) ?? false
    }
}
