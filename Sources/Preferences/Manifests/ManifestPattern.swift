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
    }

    /// Matches the strings of one document against a pattern: a ``PatternMatcher`` for each of
    /// its programs, which keeps the automaton states one string builds for the next.
    struct Matcher {
        private var body: PatternMatcher
        private var conditions: [(matcher: PatternMatcher, mustMatch: Bool)]

        /// A matcher of `pattern`, compiled now if it was not.
        init(_ pattern: ManifestPattern) {
            let compiled = pattern.compiled
            body = PatternMatcher(compiled.body)
            conditions = compiled.conditions.map { (PatternMatcher($0.program), $0.mustMatch) }
        }

        /// Whether `string` meets every lookahead and matches the body; `nil` when one of the
        /// programs would take `work` past its limit.
        mutating func matchesWhole(_ string: String, work: inout PatternWork) -> Bool? {
            for index in conditions.indices {
                guard let verdict = conditions[index].matcher.matchesWhole(string, work: &work) else { return nil }
                guard verdict == conditions[index].mustMatch else { return false }
            }
            return body.matchesWhole(string, work: &work)
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

    /// The compiled programs, compiled now if they were not.
    ///
    /// An expression that does not compile matches nothing; only a damaged cache can hold one,
    /// since a manifest read from its file leaves such an expression out.
    private var compiled: Compiled {
        program.withLock { program in
            if let program { return program }
            // Compiled when the manifest was read; failing now means a damaged cache (above).
            let compiled = (try? Compiled(source)) ?? .nothing
            program = compiled
            return compiled
        }
    }

    /// Whether all of `string`, one string alone, matches; `nil` when deciding it would take
    /// more work than `PatternProgram.matchesWhole(_:)` allows for a string of its length.
    /// The strings of a document are matched by one ``Matcher``.
    func matchesWhole(_ string: String) -> Bool? {
        var matcher = Matcher(self)
        var work = PatternWork()
        return matcher.matchesWhole(string, work: &work)
    }
}
