/// A `pfm_format` that starts with lookaheads, as Chrome's and Brave's manifests write them
/// (`^(?=.*\{searchTerms\}).*$`), taken apart so that each part matches in linear time.
///
/// A lookahead at the start of the string asks whether its expression matches some prefix of
/// the string, which is whether `(?:X)[\s\S]*` matches the whole string; so
/// `^(?=X)(?!Y)Z` matches a string exactly when `(?:X)[\s\S]*` matches it whole, `(?:Y)[\s\S]*`
/// does not, and `^Z` does. Each is a pattern prefs' automaton matches in linear time, so the
/// whole check stays linear. Lookaheads anywhere else, and lookbehinds, are not taken apart
/// (the pattern compiler refuses them by name).
struct LeadingLookaheads: Equatable {
    /// The expression of each lookahead as the prefix test above writes it, and whether it
    /// must match (`(?=…)`) or must not (`(?!…)`).
    let conditions: [Condition]
    /// The pattern after the lookaheads, with the `^` that came before them.
    let body: String

    /// One lookahead.
    struct Condition: Equatable {
        /// `(?:X)[\s\S]*`: matches a whole string when `X` matches a prefix of it.
        let prefixPattern: String
        /// `(?=`: the prefix must match; `(?!`: it must not.
        let mustMatch: Bool
    }

    /// The parts of `source`, or `nil` when it does not start (after an optional `^`) with a
    /// lookahead, or when the rest has a `|` outside any group (the lookaheads would then
    /// apply to its first branch only), or its parentheses do not balance.
    init?(_ source: String) {
        let scalars = Array(source.unicodeScalars)
        var position = scalars.first == "^" ? 1 : 0
        let anchor = position == 1 ? "^" : ""
        var conditions: [Condition] = []
        while position + 2 < scalars.count, scalars[position] == "(", scalars[position + 1] == "?",
            scalars[position + 2] == "=" || scalars[position + 2] == "!"
        {
            guard let close = Self.closingParenthesis(in: scalars, from: position + 3) else { return nil }
            let expression = String(String.UnicodeScalarView(scalars[(position + 3)..<close]))
            conditions.append(Condition(prefixPattern: "(?:" + expression + ")[\\s\\S]*", mustMatch: scalars[position + 2] == "="))
            position = close + 1
        }
        guard !conditions.isEmpty, !Self.hasTopLevelAlternation(scalars[position...]) else { return nil }
        self.conditions = conditions
        body = anchor + String(String.UnicodeScalarView(scalars[position...]))
    }

    /// The index of the `)` that closes the group whose contents start at `start`, skipping
    /// escapes, `\Q…\E` and bracket expressions; `nil` when there is none.
    private static func closingParenthesis(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < scalars.count {
            switch scalars[index] {
            case "\\":
                index = afterEscape(in: scalars, at: index)
                continue
            case "[":
                guard let end = endOfBracket(in: scalars, from: index) else { return nil }
                index = end
            case "(": depth += 1
            case ")":
                if depth == 0 { return index }
                depth -= 1
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Whether `scalars` hold a `|` outside every group.
    private static func hasTopLevelAlternation(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let array = Array(scalars)
        var depth = 0
        var index = 0
        while index < array.count {
            switch array[index] {
            case "\\":
                index = afterEscape(in: array, at: index)
                continue
            case "[":
                guard let end = endOfBracket(in: array, from: index) else { return true }
                index = end
            case "(": depth += 1
            case ")": depth -= 1
            case "|" where depth == 0: return true
            default: break
            }
            index += 1
        }
        return false
    }

    /// The index after the escape at `index`: `\Q…\E` whole, else the backslash and the
    /// scalar after it.
    private static func afterEscape(in scalars: [Unicode.Scalar], at index: Int) -> Int {
        guard index + 1 < scalars.count, scalars[index + 1] == "Q" else { return index + 2 }
        var end = index + 2
        while end + 1 < scalars.count, !(scalars[end] == "\\" && scalars[end + 1] == "E") { end += 1 }
        return end + 2
    }

    /// The index of the `]` that ends the bracket expression opening at `start` (a `]` right
    /// after `[` or `[^` is a literal; `[:name:]` is a class), `nil` when there is none.
    private static func endOfBracket(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        if index < scalars.count, scalars[index] == "^" { index += 1 }
        if index < scalars.count, scalars[index] == "]" { index += 1 }
        while index < scalars.count {
            switch scalars[index] {
            case "\\":
                index = afterEscape(in: scalars, at: index)
                continue
            case "[" where index + 1 < scalars.count && scalars[index + 1] == ":":
                var end = index + 2
                while end + 1 < scalars.count, !(scalars[end] == ":" && scalars[end + 1] == "]") { end += 1 }
                index = end + 2
                continue
            case "]": return index
            default: break
            }
            index += 1
        }
        return nil
    }
}
