import PropertyLists

/// Values written on a command line the way `defaults write` takes them: a type flag and a
/// value (`-int 5`, `-bool yes`, `-date 2024-02-29T12:34:56Z`, `-data 0a0b`), collections
/// (`-array a b`, `-dict k v`), a plist literal (`'<array>…</array>'`, `'( a, b )'`,
/// `'"quoted"'` or a whole plist document), `--json VALUE`, or any other word, which is a string
/// as on a Mac, with backslash escapes read as `defaults` reads them (`'@\U21a9'` is `@↩`).
///
/// As with `defaults`, collections hold scalars only: `-array -array a` is refused ("cannot
/// nest composite types") rather than stored as strings; nested values take `--json` or a plist
/// literal. A single word that looks like a flag (`-integr`) must be one, so a misspelled flag
/// is refused with the nearest real one where `defaults` would store it as a string; `-1`,
/// `'-l -V'` and `-` are strings, and so is a flag-like word near no flag in `-array`,
/// `-array-add` and `-dict` values (`-launchd`, as launchd's program arguments have it).
package enum CommandLineValue {
    /// What a `write` does to the key.
    package enum Action: Equatable, Sendable {
        /// Store the value, replacing any value there.
        case set(PropertyList)
        /// Append these elements to the array there (creating it).
        case arrayAdd([PropertyList])
        /// Add these entries to the dictionary there (creating it), replacing equal keys.
        case dictionaryAdd(PropertyListDictionary)
    }

    /// The flags that take one value after them.
    package static let scalarFlags = ["-string", "-int", "-integer", "-float", "-bool", "-boolean", "-date", "-data", "--json"]
    /// The flags that start a collection of values.
    package static let compositeFlags = ["-array", "-array-add", "-dict", "-dict-add"]

    /// Parses the words after the key.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` quoting the flag and value that
    ///   do not parse. Nothing has been written when this throws.
    package static func parse(_ words: [String]) throws(PreferenceError) -> Action {
        guard let first = words.first else {
            throw PreferenceError(.invalidArgument, "missing value: give a value, a type flag and value (-int 5), or --json VALUE")
        }
        switch first {
        case "-array", "-array-add":
            var rest = words.dropFirst()
            var elements: [PropertyList] = []
            while !rest.isEmpty { elements.append(try parseOne(&rest, inside: first)) }
            return first == "-array" ? .set(.array(elements)) : .arrayAdd(elements)
        case "-dict", "-dict-add":
            let dictionary = try parseEntries(words.dropFirst(), after: first)
            return first == "-dict" ? .set(.dictionary(dictionary)) : .dictionaryAdd(dictionary)
        default:
            var rest = words[...]
            let value = try parseOne(&rest, inside: nil)
            guard rest.isEmpty else {
                throw PreferenceError(
                    .invalidArgument,
                    "unexpected argument \(quoted(rest.first!)) after the value (quote a value with spaces, or use -array for several)")
            }
            return .set(value)
        }
    }

    /// Parses `KEY VALUE` pairs after `-dict` or `-dict-add`. A key is a word read as an untyped
    /// value is (escapes read; `'"a key"'` is `a key`) that must give a string, or `-string KEY`
    /// for a key taken as typed, such as one that starts with `-`.
    private static func parseEntries(_ words: ArraySlice<String>, after flag: String) throws(PreferenceError) -> PropertyListDictionary {
        var rest = words
        var dictionary = PropertyListDictionary()
        while let word = rest.popFirst() {
            if compositeFlags.contains(word) { throw nestingError(word, inside: flag) }
            let key: String
            if word == "-string" {
                guard let typed = rest.popFirst() else { throw PreferenceError(.invalidArgument, "\(flag): -string needs a key after it") }
                key = typed
            } else if scalarFlags.contains(word) {
                throw PreferenceError(
                    .invalidArgument, "\(flag): dictionary keys are strings, so a key cannot be given as \(word) (give -string KEY for a key as typed)")
            } else {
                guard case .string(let parsed) = try untyped(word, inside: flag) else {
                    throw PreferenceError(.invalidArgument, "\(flag): the key \(quoted(word)) is not a string; dictionary keys are strings")
                }
                key = parsed
            }
            guard !rest.isEmpty else {
                throw PreferenceError(.invalidArgument, "\(flag): the key \(quoted(key)) has no value (give key value pairs)")
            }
            let value = try parseOne(&rest, inside: flag)
            guard dictionary[key] == nil else {
                throw PreferenceError(.invalidArgument, "\(flag): the key \(quoted(key)) is given twice; give each key once")
            }
            dictionary[key] = value
        }
        return dictionary
    }

    /// Parses one value, with or without a type flag, from the front of `words`.
    ///
    /// - Parameter composite: The collection flag the value is an element of, if any.
    private static func parseOne(_ words: inout ArraySlice<String>, inside composite: String?) throws(PreferenceError) -> PropertyList {
        let word = words.removeFirst()
        if scalarFlags.contains(word) {
            guard let value = words.popFirst() else {
                throw PreferenceError(.invalidArgument, "\(word) needs a value after it")
            }
            return try typed(word, value)
        }
        if let composite, compositeFlags.contains(word) { throw nestingError(word, inside: composite) }
        if composite != nil, looksLikeFlag(word), NearestName.nearest(to: word, in: scalarFlags) == nil {
            // A program's argument in a collection (`-array /usr/sbin/mDNSResponder -launchd`,
            // Apple's own recipe): a string, as defaults stores it, unless it is a flag's typo.
            return .string(word)
        }
        return try untyped(word, inside: composite)
    }

    /// A word without a type flag, as `defaults write` reads it: a property list when it starts
    /// with `(`, `{`, `<` or `"`, else a string with its backslash escapes read; a word that
    /// looks like a flag but is none is refused with the nearest flag.
    private static func untyped(_ word: String, inside composite: String?) throws(PreferenceError) -> PropertyList {
        if isPropertyListLiteral(word) { return try literal(word, source: "the value") }
        if looksLikeFlag(word) { throw unknownFlag(word, inside: composite) }
        let text: String
        do {
            text = try OpenStepReader().read(escapedText: word)
        } catch {
            let problem = error.message.hasPrefix("old-style: ") ? String(error.message.dropFirst(11)) : error.message
            throw PreferenceError(
                .invalidArgument,
                "the value \(quoted(word)) has a backslash escape that names no character: \(problem) (as in defaults, \\n, \\t, \\U21a9 and \\033 in a value are escapes and \\\\ is a backslash; give -string \(quoted(word)) to store the text as typed)"
            )
        }
        return .string(text)
    }

    /// Whether `word` is one word spelled like a flag: `-` or `--`, a letter, then letters,
    /// digits and `-` (`-integr`, `--jsn`), unlike `-1`, `-` or `'-l -V'`, which are strings.
    static func looksLikeFlag(_ word: String) -> Bool {
        var rest = word.utf8.dropFirst(word.hasPrefix("--") ? 2 : word.hasPrefix("-") ? 1 : 0)
        guard rest.count < word.utf8.count, let first = rest.popFirst(), first.isASCIILetter else { return false }
        return rest.allSatisfy { $0.isASCIILetter || (48...57).contains($0) || $0 == UInt8(ascii: "-") }
    }

    private static func unknownFlag(_ word: String, inside composite: String?) -> PreferenceError {
        let flags = scalarFlags + (composite == nil ? compositeFlags : [])
        let suggestion = NearestName.nearest(to: word, in: flags).map { " (did you mean \($0)?)" } ?? ""
        return PreferenceError(
            .invalidArgument,
            "unknown type flag \(quoted(word))\(suggestion); the type flags are \(scalarFlags.joined(separator: ", ")), "
                + "\(compositeFlags.joined(separator: ", ")) (a string or -dict key that starts with - goes after -string: -string \(quoted(word)))")
    }

    private static func nestingError(_ flag: String, inside composite: String) -> PreferenceError {
        PreferenceError(
            .invalidArgument,
            "cannot nest composite types (\(flag) inside \(composite)); give nested values as --json '[[\"a\"]]' or a literal such as '<array><array><string>a</string></array></array>'"
        )
    }

    static func quoted(_ text: String) -> String {
        text.quotedForMessage(limit: 60)
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (65...90).contains(self) || (97...122).contains(self) }
}
