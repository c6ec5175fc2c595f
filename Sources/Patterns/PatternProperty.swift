/// A Unicode property a class tests, with the meaning Swift `Regex` gives it when matching by
/// Unicode scalar.
enum PatternProperty: Sendable {
    /// `\d`: any scalar with a numeric type (Swift `Regex` matches `²` and `Ⅷ`).
    case numeric
    /// `[[:digit:]]`: general category Nd.
    case decimalDigit
    /// `\w`: alphabetic, an ASCII digit or `_`.
    case word
    /// `\s` and `[[:space:]]`: the White_Space property.
    case whitespace
    /// `\h` and `[[:blank:]]`: a space separator or a tab.
    case horizontalSpace
    /// `\v`, and what `.` does not match: `\n`, `\v`, `\f`, `\r`, U+0085, U+2028, U+2029.
    case verticalSpace
    /// `[[:alpha:]]`: the Alphabetic property.
    case alphabetic
    /// `[[:alnum:]]`: alphabetic or with a numeric type.
    case alphanumeric
    /// `[[:upper:]]`: the Uppercase property.
    case uppercase
    /// `[[:lower:]]`: the Lowercase property.
    case lowercase
    /// `[[:xdigit:]]`: the Hex_Digit property.
    case hexDigit
    /// `[[:cntrl:]]`: general category Cc.
    case control
    /// `\p{…}` of general categories, and `[[:punct:]]` (P): one bit per category, by
    /// ``categoryBit(_:)``.
    case categories(UInt32)

    /// Whether `scalar` has the property.
    func holds(for scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch self {
        case .numeric: return properties.numericType != nil
        case .decimalDigit: return properties.generalCategory == .decimalNumber
        case .word: return properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
        case .whitespace: return properties.isWhitespace
        case .horizontalSpace: return scalar == "\t" || properties.generalCategory == .spaceSeparator
        case .verticalSpace:
            switch scalar.value {
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
            default: return false
            }
        case .alphabetic: return properties.isAlphabetic
        case .alphanumeric: return properties.isAlphabetic || properties.numericType != nil
        case .uppercase: return properties.isUppercase
        case .lowercase: return properties.isLowercase
        case .hexDigit: return properties.isHexDigit
        case .control: return properties.generalCategory == .control
        case .categories(let bits): return bits & Self.categoryBit(properties.generalCategory) != 0
        }
    }

    /// The property `[[:name:]]` names, `nil` when prefs does not support it.
    static func posix(_ name: String) -> PatternProperty? {
        switch name {
        case "alpha": .alphabetic
        case "alnum": .alphanumeric
        case "digit": .decimalDigit
        case "upper": .uppercase
        case "lower": .lowercase
        case "space": .whitespace
        case "blank": .horizontalSpace
        case "xdigit": .hexDigit
        case "cntrl": .control
        case "punct": categories("P")
        default: nil
        }
    }

    /// The general categories `\p{name}` names (`L`, `Lu`, `Nd`, `L&`…, in any case, as ICU
    /// and Swift `Regex` compare property names loosely), `nil` for any other property.
    static func categories(_ name: String) -> PatternProperty? {
        var key = String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" })
        if key.hasPrefix("gc=") { key.removeFirst(3) }
        if key.hasPrefix("generalcategory=") { key.removeFirst(16) }
        if key == "l&" { key = "lc" }
        let codes: [Unicode.GeneralCategory]
        switch key {
        case "l", "letter": codes = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
        case "lc", "casedletter": codes = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]
        case "m", "mark": codes = [.nonspacingMark, .spacingMark, .enclosingMark]
        case "n", "number": codes = [.decimalNumber, .letterNumber, .otherNumber]
        case "p", "punctuation":
            codes = [
                .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                .finalPunctuation, .otherPunctuation
            ]
        case "s", "symbol": codes = [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
        case "z", "separator": codes = [.spaceSeparator, .lineSeparator, .paragraphSeparator]
        case "c", "other": codes = [.control, .format, .surrogate, .privateUse, .unassigned]
        default:
            guard let category = Self.singleCategories[key] else { return nil }
            codes = [category]
        }
        return .categories(codes.reduce(0) { $0 | categoryBit($1) })
    }

    /// The two-letter general categories by their lower-case codes.
    private static let singleCategories: [String: Unicode.GeneralCategory] = [
        "lu": .uppercaseLetter, "ll": .lowercaseLetter, "lt": .titlecaseLetter, "lm": .modifierLetter, "lo": .otherLetter,
        "mn": .nonspacingMark, "mc": .spacingMark, "me": .enclosingMark, "nd": .decimalNumber, "nl": .letterNumber,
        "no": .otherNumber, "pc": .connectorPunctuation, "pd": .dashPunctuation, "ps": .openPunctuation,
        "pe": .closePunctuation, "pi": .initialPunctuation, "pf": .finalPunctuation, "po": .otherPunctuation,
        "sm": .mathSymbol, "sc": .currencySymbol, "sk": .modifierSymbol, "so": .otherSymbol, "zs": .spaceSeparator,
        "zl": .lineSeparator, "zp": .paragraphSeparator, "cc": .control, "cf": .format, "cs": .surrogate,
        "co": .privateUse, "cn": .unassigned
    ]

    /// One bit for each general category.
    static func categoryBit(_ category: Unicode.GeneralCategory) -> UInt32 {
        let index: UInt32 =
            switch category {
            case .uppercaseLetter: 0
            case .lowercaseLetter: 1
            case .titlecaseLetter: 2
            case .modifierLetter: 3
            case .otherLetter: 4
            case .nonspacingMark: 5
            case .spacingMark: 6
            case .enclosingMark: 7
            case .decimalNumber: 8
            case .letterNumber: 9
            case .otherNumber: 10
            case .connectorPunctuation: 11
            case .dashPunctuation: 12
            case .openPunctuation: 13
            case .closePunctuation: 14
            case .initialPunctuation: 15
            case .finalPunctuation: 16
            case .otherPunctuation: 17
            case .mathSymbol: 18
            case .currencySymbol: 19
            case .modifierSymbol: 20
            case .otherSymbol: 21
            case .spaceSeparator: 22
            case .lineSeparator: 23
            case .paragraphSeparator: 24
            case .control: 25
            case .format: 26
            case .surrogate: 27
            case .privateUse: 28
            case .unassigned: 29
            @unknown default: 30
            }
        return 1 << index
    }
}
