/// A parsed `pfm_format`, before it is compiled into a ``PatternProgram``.
indirect enum PatternNode {
    /// Matches the empty string.
    case empty
    /// One Unicode scalar.
    case scalar(Unicode.Scalar)
    /// One scalar of a set.
    case set(PatternClass)
    /// A zero-width test of the position.
    case assertion(PatternAssertion)
    /// Each part in turn.
    case concatenation([PatternNode])
    /// Any one of the branches.
    case alternation([PatternNode])
    /// `node` at least `minimum` times and at most `maximum` times (no limit when `nil`).
    case repetition(PatternNode, minimum: Int, maximum: Int?)
}

/// A zero-width test of where in the string the match is; multi-line mode is never on.
enum PatternAssertion: Sendable {
    /// `^` and `\A`: the start of the string.
    case start
    /// `$` and `\z`: the end of the string (Swift `Regex`'s `$` does not match before a final
    /// newline, though ICU's does).
    case end
    /// `\Z`: the end of the string, or before a newline that ends it.
    case endBeforeFinalNewline
}
