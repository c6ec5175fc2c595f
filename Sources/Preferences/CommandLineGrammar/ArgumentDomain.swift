import PropertyLists

/// The argument domain: preferences given on a program's command line as `-key value` pairs,
/// which take precedence over every other domain, as with `UserDefaults`.
///
/// A value that starts with `<` is read as a property list element (`-sizes '<array>…</array>'`);
/// anything else is a string, which the typed getters convert (`-fontSize 14` reads back from
/// `integer(forKey:)` as 14).
enum ArgumentDomain {
    /// The pairs in `arguments`, the first of which (the program's path) is skipped.
    ///
    /// An argument that starts with a single `-` and is followed by another argument names a key;
    /// `--`, `-` and arguments after `--` are not keys. A malformed plist value stays a string.
    static func parse(_ arguments: [String]) -> PropertyListDictionary {
        var result = PropertyListDictionary()
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            guard argument.count > 1, argument.hasPrefix("-"), !argument.hasPrefix("--"), index + 1 < arguments.count else {
                index += 1
                continue
            }
            let value = arguments[index + 1]
            // As in UserDefaults' argument domain, text that is no property list is a string
            // (`-title '<untitled>'`): a value, not an error.
            if value.hasPrefix("<"), let parsed = try? PropertyListReader().read(fragment: value) {
                result[String(argument.dropFirst())] = parsed
            } else {
                result[String(argument.dropFirst())] = .string(value)
            }
            index += 2
        }
        return result
    }
}
