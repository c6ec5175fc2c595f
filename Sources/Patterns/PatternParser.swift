/// Reads a `pfm_format` into a ``PatternNode``: the part of ICU's syntax (as Swift `Regex`
/// reads it) that a linear-time matcher can match, refusing the rest with a
/// ``PatternError``.
///
/// Read scalar by scalar, as prefs matches by Unicode scalar.
struct PatternParser {
    /// The most a counted repetition may ask for, to keep the compiled program small.
    static let maximumCount = 1000
    /// The deepest groups may nest, to bound the parser's and compiler's recursion.
    static let maximumDepth = 100

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    private init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// The longest expression read, in scalars: a longer one could not compile to a program
    /// of ``PatternProgram/maximumSize`` instructions, and its tree would take memory first.
    static let maximumLength = 100_000

    /// The expression `source`, parsed.
    static func parse(_ source: String) throws(PatternError) -> PatternNode {
        guard source.utf8.count <= maximumLength || source.unicodeScalars.count <= maximumLength else {
            throw .unsupported(
                construct: "more than \(maximumLength) characters", reason: "the compiled pattern must stay small for matching to stay fast")
        }
        var parser = PatternParser(source)
        let node = try parser.alternation()
        if parser.index < parser.scalars.count {
            throw .invalid("closing ')' does not balance any group's opening")
        }
        return node
    }

    // MARK: Structure

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// Whether the text at `index` is `text`; consumes it if so.
    private mutating func take(_ text: String) -> Bool {
        var position = index
        for scalar in text.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        index = position
        return true
    }

    /// Branches separated by `|`, up to a `)` or the end.
    private mutating func alternation() throws(PatternError) -> PatternNode {
        var branches = [try concatenation()]
        while take("|") { branches.append(try concatenation()) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// Quantified atoms up to a `|`, a `)` or the end.
    private mutating func concatenation() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            if quantifierFollows {
                throw .invalid("quantifier '\(scalar)' must appear after an expression")
            }
            guard let (atom, quantifiable) = try atom(into: &items) else { continue }
            guard let (minimum, maximum) = try quantifier() else {
                items.append(atom)
                continue
            }
            guard quantifiable else { throw .invalid("expression is not quantifiable") }
            items.append(.repetition(atom, minimum: minimum, maximum: maximum))
        }
        return items.count == 1 ? items[0] : items.isEmpty ? .empty : .concatenation(items)
    }

    /// The quantifier at `index`, consumed, as its bounds; `nil` when there is none.
    private mutating func quantifier() throws(PatternError) -> (Int, Int?)? {
        guard let scalar = peek else { return nil }
        let bounds: (Int, Int?)
        switch scalar {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            guard let interval = interval() else {
                try refuseSpacedInterval()
                return nil
            }
            bounds = (interval.minimum, interval.maximum)
            index = interval.end
        default: return nil
        }
        if scalar != "{" { index += 1 }
        if let maximum = bounds.1, bounds.0 > maximum {
            throw .invalid("range lower bound '\(bounds.0)' must be less than or equal to upper bound '\(maximum)'")
        }
        if max(bounds.0, bounds.1 ?? 0) > Self.maximumCount {
            throw .unsupported(
                construct: "a repetition count above \(Self.maximumCount)",
                reason: "counts are capped so that the compiled pattern stays small")
        }
        // Lazy: for whether the whole string matches, the same as greedy.
        if peek == "?" {
            index += 1
        } else if peek == "+" {
            throw .unsupported(
                construct: "a possessive quantifier (\(scalar == "{" ? "{…}" : String(scalar))+)",
                reason: "it changes which strings match, which prefs's linear-time matcher cannot follow")
        }
        if quantifierFollows, let next = peek {
            throw .invalid("quantifier '\(next)' must appear after an expression")
        }
        return bounds
    }

    /// The interval `{n}`, `{n,}`, `{n,m}` or `{,m}` at `index` (a `{`): its bounds and the
    /// index after it, not consumed; `nil` when the `{` does not open one.
    private func interval() -> (minimum: Int, maximum: Int?, end: Int)? {
        var position = index + 1
        func number() -> Int? {
            var value = 0
            let first = position
            while position < scalars.count, let digit = Self.digit(scalars[position]) {
                value = min(value * 10 + digit, 1_000_000)
                position += 1
            }
            return position > first ? value : nil
        }
        let minimum = number()
        var maximum = minimum
        if position < scalars.count, scalars[position] == "," {
            position += 1
            maximum = number()
            if minimum == nil && maximum == nil { return nil }
        } else if minimum == nil {
            return nil
        }
        guard position < scalars.count, scalars[position] == "}" else { return nil }
        return (minimum ?? 0, maximum, position + 1)
    }

    /// Refuses a `{` whose contents up to `}` are digits, commas and spaces without being an
    /// interval: Swift `Regex` reads `{1, 2}` as a count, where ICU does not.
    private func refuseSpacedInterval() throws(PatternError) {
        var position = index + 1
        while position < scalars.count, scalars[position] == " " || scalars[position] == "," || Self.digit(scalars[position]) != nil {
            position += 1
        }
        if position > index + 1, position < scalars.count, scalars[position] == "}" {
            throw .unsupported(
                construct: "an interval with spaces or without numbers",
                reason: "write a count as {n}, {n,}, {n,m} or {,m}")
        }
    }

    /// The value of an ASCII digit.
    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 48) : nil
    }

    // MARK: Atoms

    /// The atom at `index`, consumed, and whether it may take a quantifier (not an anchor
    /// nor quoted text); `nil` for text
    /// that matches nothing (a comment, an empty `\Q\E`). Literal text before the last scalar
    /// of a `\Q…\E` goes straight into `items`.
    private mutating func atom(into items: inout [PatternNode]) throws(PatternError) -> (PatternNode, Bool)? {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "(": return try group().map { ($0, true) }
        case "[": return (.set(try bracket()), true)
        case ".": return (.set(.dot), true)
        case "^": return (.assertion(.start), false)
        case "$": return (.assertion(.end), false)
        case "\\": return try escape(into: &items)
        default: return (.scalar(scalar), true)
        }
    }

    /// The group whose `(` was just consumed; `nil` for a comment.
    private mutating func group() throws(PatternError) -> PatternNode? {
        if take("?") {
            if take("#") {
                while let scalar = peek, scalar != ")" { index += 1 }
                guard take(")") else { throw .invalid("expected ')'") }
                return nil
            }
            if take(":") {
            } else if take("P<") || (peek == "<" && peek(1) != "=" && peek(1) != "!" && take("<")) || take("'") {
                while let scalar = peek, scalar == "_" || scalar.properties.isAlphabetic || Self.digit(scalar) != nil { index += 1 }
                guard take(">") || take("'") else { throw .invalid("expected the end of a group name") }
            } else if let set = lookaheadBeforeOneScalar() {
                return .set(set)
            } else {
                throw try Self.refusal(ofGroupAt: scalars[index...])
            }
        } else if peek == "*" {
            throw .unsupported(construct: "a backtracking verb ((*…))", reason: "prefs matches without backtracking")
        }
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw .unsupported(
                construct: "groups nested more than \(Self.maximumDepth) deep", reason: "nesting is capped to keep matching bounded")
        }
        let node = try alternation()
        depth -= 1
        guard take(")") else { throw .invalid("expected ')'") }
        return node
    }

    /// The lookahead at `index` (after its `(?`) and the atom after it, consumed, as the one
    /// set they match, when each matches one scalar: `(?=A)B` is `B ∩ A` and `(?!A)B` is
    /// `B ∖ A`, so Chrome's "no colon" `^((?!\:).)*$` is `^[^:\n…]*$`. `A` and `B` are each a
    /// scalar, an escape standing for one or for a class, `.`, or a bracket expression, and no
    /// quantifier follows `B` (`(?!a)b*` repeats `b` alone); for any other lookahead, `nil`
    /// with nothing consumed, to be refused by name.
    private mutating func lookaheadBeforeOneScalar() -> PatternClass? {
        let start = index
        guard take("=") || take("!") else { return nil }
        let mustMatch = scalars[index - 1] == "="
        do throws(PatternError) {
            if let condition = try oneScalar(), take(")"), let next = try oneScalar(), !quantifierFollows {
                return mustMatch ? next.intersection(condition) : next.subtracting(condition)
            }
        } catch {
            // Whatever else is wrong with it, a lookahead of another shape is refused as one.
        }
        index = start
        return nil
    }

    /// Whether a quantifier is at `index`.
    private var quantifierFollows: Bool {
        guard let scalar = peek else { return false }
        return "*+?".unicodeScalars.contains(scalar) || (scalar == "{" && interval() != nil)
    }

    /// The atom at `index` that matches one scalar, consumed, as the set it matches; `nil`
    /// when the atom there matches anything else (a group, an anchor, quoted text).
    private mutating func oneScalar() throws(PatternError) -> PatternClass? {
        guard let scalar = peek, !"()|*+?^$".unicodeScalars.contains(scalar), !(scalar == "{" && interval() != nil) else { return nil }
        index += 1
        switch scalar {
        case "[": return try bracket()
        case ".": return .dot
        case "\\":
            guard let escaped = peek, !"AzZQ".unicodeScalars.contains(escaped) else { return nil }
            switch try classEscape(insideBrackets: false) {
            case .scalar(let single): return PatternClass(single)
            case .set(let set): return set
            }
        default: return PatternClass(scalar)
        }
    }

    /// Why the group `(?` followed by `rest` is refused.
    private static func refusal(ofGroupAt rest: ArraySlice<Unicode.Scalar>) throws(PatternError) -> PatternError {
        let text = String(String.UnicodeScalarView(rest.prefix(3)))
        let linear = "prefs matches in linear time, which it cannot"
        if text.hasPrefix("=") || text.hasPrefix("!") {
            return .unsupported(construct: "a lookahead ((?\(text.prefix(1))…))", reason: "\(linear) do with lookaround")
        }
        if text.hasPrefix("<=") || text.hasPrefix("<!") {
            return .unsupported(construct: "a lookbehind ((?\(text.prefix(2))…))", reason: "\(linear) do with lookaround")
        }
        if text.hasPrefix(">") {
            return .unsupported(
                construct: "an atomic group ((?>…))", reason: "it changes which strings match, which prefs's linear-time matcher cannot follow")
        }
        if text.hasPrefix("P=") {
            return .unsupported(construct: "a backreference ((?P=…))", reason: "matching it can take exponential time")
        }
        if text.hasPrefix("(") { return .unsupported(construct: "a conditional ((?(…))", reason: "\(linear) do with conditionals") }
        if let first = text.unicodeScalars.first, first == "R" || first == "&" || first == "+" || ("0"..."9").contains(first) || text.hasPrefix("P>") {
            return .unsupported(construct: "recursion or a subroutine call ((?\(text.prefix(1))…))", reason: "\(linear) do with recursion")
        }
        if text.hasPrefix("|") {
            return .unsupported(construct: "a branch reset group ((?|…))", reason: "only plain, non-capturing and named groups are supported")
        }
        return .unsupported(construct: "inline options ((?\(text.prefix(1))…))", reason: "patterns are matched with the default options only")
    }

    // MARK: Escapes

    /// What an escape outside brackets stands for, once its backslash was consumed.
    private mutating func escape(into items: inout [PatternNode]) throws(PatternError) -> (PatternNode, Bool)? {
        guard let scalar = peek else { throw .invalid("expected an escape sequence after '\\'") }
        switch scalar {
        case "A":
            index += 1
            return (.assertion(.start), false)
        case "z":
            index += 1
            return (.assertion(.end), false)
        case "Z":
            index += 1
            return (.assertion(.endBeforeFinalNewline), false)
        case "Q":
            index += 1
            var literal: [Unicode.Scalar] = []
            while index < scalars.count, !take("\\E") {
                literal.append(scalars[index])
                index += 1
            }
            guard let last = literal.popLast() else { return nil }
            items += literal.map(PatternNode.scalar)
            // Not quantifiable, as in Swift `Regex`: whether a quantifier would apply to the
            // last scalar or to the whole text is ambiguous.
            return (.scalar(last), false)
        default:
            switch try classEscape(insideBrackets: false) {
            case .scalar(let scalar): return (.scalar(scalar), true)
            case .set(let set): return (.set(set), true)
            }
        }
    }

    /// A scalar or a set named by an escape.
    private enum Escaped {
        case scalar(Unicode.Scalar)
        case set(PatternClass)
    }

    /// The escape at `index` (after its backslash) that stands for a scalar or a set, the
    /// same inside brackets as outside, consumed; refuses any other.
    private mutating func classEscape(insideBrackets: Bool) throws(PatternError) -> Escaped {
        guard let scalar = peek else { throw .invalid("expected an escape sequence after '\\'") }
        index += 1
        switch scalar {
        case "d": return .set(PatternClass(.numeric))
        case "D": return .set(PatternClass(.numeric, negated: true))
        case "w": return .set(PatternClass(.word))
        case "W": return .set(PatternClass(.word, negated: true))
        case "s": return .set(PatternClass(.whitespace))
        case "S": return .set(PatternClass(.whitespace, negated: true))
        case "h": return .set(PatternClass(.horizontalSpace))
        case "H": return .set(PatternClass(.horizontalSpace, negated: true))
        case "v": return .set(PatternClass(.verticalSpace))
        case "V": return .set(PatternClass(.verticalSpace, negated: true))
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{0C}")
        case "e": return .scalar("\u{1B}")
        case "a": return .scalar("\u{07}")
        case "0": return try .scalar(number(radix: 8, digits: 0...3))
        case "x":
            return try .scalar(take("{") ? braced(radix: 16) : number(radix: 16, digits: 1...2))
        case "u": return try .scalar(take("{") ? braced(radix: 16) : number(radix: 16, digits: 4...4))
        case "U": return try .scalar(number(radix: 16, digits: 8...8))
        case "p", "P":
            guard take("{") else { throw .invalid("expected '{' after '\\\(scalar)'") }
            let start = index
            while let next = peek, next != "}" { index += 1 }
            guard take("}") else { throw .invalid("expected '}'") }
            let name = String(String.UnicodeScalarView(scalars[start..<index - 1]))
            guard let property = PatternProperty.categories(name) else {
                throw .unsupported(
                    construct: "the character property \\\(scalar){\(name)}",
                    reason: "only general categories, such as \\p{L}, \\p{Lu} or \\p{Nd}, are supported")
            }
            return .set(PatternClass(property, negated: scalar == "P"))
        case "1"..."9", "k", "g":
            throw .unsupported(construct: "a backreference (\\\(scalar))", reason: "matching it can take exponential time")
        case "b", "B":
            if insideBrackets { throw .unsupported(construct: "\\\(scalar) inside brackets", reason: "write the scalar as \\x{…}") }
            throw .unsupported(construct: "a word boundary (\\\(scalar))", reason: "ICU and Swift Regex disagree on where words begin and end")
        case _ where scalar.isASCII && !scalar.properties.isAlphabetic && Self.digit(scalar) == nil:
            return .scalar(scalar)
        case _ where scalar.isASCII:
            throw .unsupported(construct: "the escape \\\(scalar)", reason: "it is not in the part of the syntax prefs matches")
        default:
            throw .invalid("invalid escape sequence '\\\(scalar)'")
        }
    }

    /// A scalar written with `digits` digits in `radix`.
    private mutating func number(radix: UInt32, digits: ClosedRange<Int>) throws(PatternError) -> Unicode.Scalar {
        var value: UInt32 = 0
        var count = 0
        while count < digits.upperBound, let next = peek, let digit = Self.digit(next, radix: radix) {
            value = value * radix + digit
            count += 1
            index += 1
        }
        guard count >= digits.lowerBound else { throw .invalid("expected \(digits.lowerBound) digits in an escape") }
        guard let scalar = Unicode.Scalar(value) else { throw .invalid("\(value) is not a Unicode scalar value") }
        return scalar
    }

    /// A scalar written in hexadecimal up to a `}`, after `\x{` or `\u{`.
    private mutating func braced(radix: UInt32) throws(PatternError) -> Unicode.Scalar {
        var value: UInt32 = 0
        var count = 0
        while let next = peek, let digit = Self.digit(next, radix: radix) {
            value = min(value * radix + digit, 0x11_0000)
            count += 1
            index += 1
        }
        guard count > 0, take("}") else { throw .invalid("expected hexadecimal digits and '}'") }
        guard let scalar = Unicode.Scalar(value) else { throw .invalid("\(value) is not a Unicode scalar value") }
        return scalar
    }

    /// The value of `scalar` as a digit in `radix` (8 or 16).
    private static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value: UInt32
        switch scalar {
        case "0"..."9": value = scalar.value - 48
        case "a"..."f": value = scalar.value - 87
        case "A"..."F": value = scalar.value - 55
        default: return nil
        }
        return value < radix ? value : nil
    }

    // MARK: Brackets

    /// The bracket expression whose `[` was just consumed.
    private mutating func bracket() throws(PatternError) -> PatternClass {
        let negated = take("^")
        if peek == "]" { throw .invalid("expected custom character class members") }
        if peek == ":", let end = scalars[index...].firstIndex(of: "]"), end > index + 1, scalars[end - 1] == ":" {
            throw .unsupported(construct: "a POSIX class outside brackets", reason: "write [[:name:]]")
        }
        var items: [PatternClass.Item] = []
        while true {
            guard let scalar = peek else { throw .invalid("expected ']'") }
            if scalar == "]" {
                index += 1
                return PatternClass(items, negated: negated)
            }
            if take("[:") {
                items.append(try posixClass())
                continue
            }
            for operation in ["[", "&&", "--", "~~"] where take(operation) {
                throw .unsupported(
                    construct: "a nested class or set operation (\(operation))", reason: "only unions of scalars, ranges and classes are supported")
            }
            if take("\\Q") {
                while index < scalars.count, !take("\\E") {
                    let literal = scalars[index].value
                    items.append(.range(literal, literal))
                    index += 1
                }
                continue
            }
            let lower = try bracketMember()
            if peek == "-", let after = peek(1), after != "]" {
                index += 1
                // Swift `Regex` reads a `[` after the `-` as opening a nested class, not as a bound.
                if take("[") {
                    throw .unsupported(
                        construct: "a nested class or set operation ([)", reason: "only unions of scalars, ranges and classes are supported")
                }
                guard case .scalar(let low) = lower, case .scalar(let high) = try bracketMember() else {
                    throw .invalid("invalid bound for character class range")
                }
                guard low.value <= high.value else {
                    throw .invalid("character '\(low)' must compare less than or equal to '\(high)'")
                }
                items.append(.range(low.value, high.value))
            } else {
                switch lower {
                case .scalar(let single): items.append(.range(single.value, single.value))
                case .set(let set): items.append(contentsOf: set.isNegated ? Self.negatedItems(set) : set.items)
                }
            }
        }
    }

    /// The items of a negated single-property set (`\D`, `\P{L}`), as one negated property.
    private static func negatedItems(_ set: PatternClass) -> [PatternClass.Item] {
        set.items.map { item in
            guard case .property(let property, let negated) = item else { return item }
            return .property(property, negated: !negated)
        }
    }

    /// One scalar or escape in brackets, consumed.
    private mutating func bracketMember() throws(PatternError) -> Escaped {
        guard let scalar = peek else { throw .invalid("expected ']'") }
        index += 1
        return scalar == "\\" ? try classEscape(insideBrackets: true) : .scalar(scalar)
    }

    /// A POSIX class `[:name:]` or `[:^name:]` whose `[:` was just consumed.
    private mutating func posixClass() throws(PatternError) -> PatternClass.Item {
        let negated = take("^")
        let start = index
        while let scalar = peek, scalar != ":", scalar != "]" { index += 1 }
        let name = String(String.UnicodeScalarView(scalars[start..<index]))
        guard take(":]") else { throw .invalid("expected ':]'") }
        guard let property = PatternProperty.posix(name) else {
            throw .unsupported(
                construct: "the POSIX class [:\(name):]",
                reason: "only alpha, alnum, digit, upper, lower, space, blank, xdigit, cntrl and punct are supported")
        }
        return .property(property, negated: negated)
    }
}
