import Patterns
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
    private let program: Mutex<Compiled?>

    /// The programs an expression compiles to: one, or for an expression that starts with
    /// lookaheads (``LeadingLookaheads``) one for the rest and one for each lookahead.
    private struct Compiled: Sendable {
        let body: PatternProgram
        let conditions: [(program: PatternProgram, mustMatch: Bool)]

        static let nothing = Compiled(body: .nothing, conditions: [])

        init(body: PatternProgram, conditions: [(program: PatternProgram, mustMatch: Bool)]) {
            self.body = body
            self.conditions = conditions
        }

        init(_ source: String) throws(PatternError) {
            guard let parts = LeadingLookaheads(source) else {
                self.init(body: try PatternProgram(compiling: source), conditions: [])
                return
            }
            var conditions: [(program: PatternProgram, mustMatch: Bool)] = []
            for condition in parts.conditions {
                conditions.append((try PatternProgram(compiling: condition.prefixPattern), condition.mustMatch))
            }
            self.init(body: try PatternProgram(compiling: parts.body), conditions: conditions)
        }

        /// Whether `string` meets every lookahead and matches the body; `nil` when one of the
        /// programs would pass its work limit.
        func matchesWhole(_ string: String) -> Bool? {
            for condition in conditions {
                guard let verdict = condition.program.matchesWhole(string) else { return nil }
                guard verdict == condition.mustMatch else { return false }
            }
            return body.matchesWhole(string)
        }
    }

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
        program = Mutex(try Compiled(source))
    }

    /// Whether all of `string` matches; `nil` when deciding it would take more work than
    /// `PatternProgram.matchesWhole(_:)` allows for a string of its length.
    ///
    /// An expression that does not compile matches nothing; only a damaged cache can hold one,
    /// since a manifest read from its file leaves such an expression out.
    func matchesWhole(_ string: String) -> Bool? {
        let program = program.withLock { program in
            if let program { return program }
            // Compiled when the manifest was read; failing now means a damaged cache (above).
            let compiled = (try? Compiled(source)) ?? .nothing
            program = compiled
            return compiled
        }
        return program.matchesWhole(string)
    }
}
