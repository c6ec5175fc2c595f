/// Why a `pfm_format` cannot be compiled: it is not a regular expression, or it uses a
/// construct prefs does not match.
package enum PatternError: Error, Equatable, CustomStringConvertible {
    /// Not a regular expression at all (an unclosed bracket, a quantifier with nothing before it).
    case invalid(String)
    /// A construct prefs refuses: one that cannot be matched in linear time (a backreference),
    /// changes which strings match in a way a linear-time matcher cannot follow (a possessive
    /// quantifier), or that prefs does not support; `reason` says which.
    case unsupported(construct: String, reason: String)

    /// What is wrong, to follow the quoted expression in a message: `is not a regular
    /// expression: …` or `uses …, which prefs does not support: …`.
    package var description: String {
        switch self {
        case .invalid(let message): "is not a regular expression: \(message)"
        case .unsupported(let construct, let reason): "uses \(construct), which prefs does not support: \(reason)"
        }
    }
}
