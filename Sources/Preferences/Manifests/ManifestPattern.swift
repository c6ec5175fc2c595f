import Synchronization

/// A `pfm_format`: a regular expression the whole string must match, in the part of ICU's
/// syntax (as Swift `Regex` reads it) that ``PatternParser`` accepts, matched by Unicode
/// scalar in linear time by a ``PatternProgram``.
///
/// Compiled once, when first needed: a manifest read from its file compiles each expression
/// as it reads it, to refuse one that does not compile; a manifest loaded from the compiled
/// cache (``ManifestCache``), whose expressions compiled when it was made, compiles each only
/// when a string is first checked against it.
///
/// A class so that keys with the same expression share one compiled copy; the lazy
/// compilation is under a lock, so sharing it between threads is safe.
final class ManifestPattern: Sendable {
    /// The expression as the manifest gives it.
    let source: String
    /// The compiled expression, once compiled.
    private let program: Mutex<PatternProgram?>

    /// `source`, compiled when a string first needs it.
    init(uncompiled source: String) {
        self.source = source
        program = Mutex(nil)
    }

    /// Compiles `source` now.
    ///
    /// - Throws: ``PatternError`` for an expression that is not one or that prefs refuses.
    init(_ source: String) throws(PatternError) {
        self.source = source
        program = Mutex(try PatternProgram(compiling: source))
    }

    /// Whether all of `string` matches; `nil` when deciding it would take more work than
    /// `PatternProgram.matchesWhole(_:)` allows for a string of its length.
    ///
    /// An expression that does not compile matches nothing; only a damaged cache can hold one,
    /// since a manifest read from its file is refused for it.
    func matchesWhole(_ string: String) -> Bool? {
        let program = program.withLock { program in
            if let program { return program }
            let compiled = (try? PatternProgram(compiling: source)) ?? .nothing
            program = compiled
            return compiled
        }
        return program.matchesWhole(string)
    }
}
