import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs write DOMAIN KEY [TYPE] VALUE`: stores a value, in the manner of `defaults write`.
    struct Write: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "write",
            abstract: "Store a value, or replace a whole domain.",
            discussion: """
                prefs write DOMAIN KEY VALUE                 a string, as on a Mac
                prefs write DOMAIN KEY -string|-int|-float|-bool|-date|-data VALUE
                prefs write DOMAIN KEY -array [TYPE] V ...   (-array-add appends)
                prefs write DOMAIN KEY -dict K [TYPE] V ...  (-dict-add adds keys)
                prefs write DOMAIN KEY '<array>...</array>'  a property list element
                prefs write DOMAIN KEY --json '{"a": [1, 2.5, true]}'
                prefs write DOMAIN --key-path a.b.0 VALUE    a nested value
                prefs write DOMAIN KEY '( a, { k = v; } )'   old-style text, as defaults takes it
                prefs write DOMAIN '<dict>...</dict>'        replaces the whole domain (or '{ k = v; }')

                -int takes decimal or 0x hex integers up to 18446744073709551615; -bool takes yes/no/true/false/1/0; \
                -date takes 2024-02-29T12:34:56Z, 2024-02-29 12:34:56 +0000 or 2024-02-29; -data takes hex. \
                A malformed value is refused (exit 2) and nothing is written. Options go before DOMAIN.
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("DOMAIN KEY VALUE, as above.", valueName: "arguments"))
        var words: [String] = []

        func run() throws {
            try WriteRequest(location: store.location, words: words).perform()
        }
    }
}

/// What `prefs write` does, apart from parsing its options.
struct WriteRequest {
    var location = StoreLocation()
    /// The domain (unless the location names the target), the key and the value, as typed.
    var words: [String]

    func perform() throws {
        var rest = words[...]
        let target = try location.target(&rest)
        guard let first = rest.popFirst() else { throw CLIError(.usage, "missing KEY and VALUE") }
        if rest.isEmpty, PropertyListReader.isPropertyListLiteral(first) {
            try replaceDomain(target, with: first)
            return
        }
        let path: KeyPath
        if first == "--key-path" {
            guard let text = rest.popFirst() else { throw CLIError(.usage, "--key-path needs a path") }
            path = try KeyPath(parsing: text)
        } else {
            path = KeyPath(key: first)
        }
        let action = try CommandLineValue.parse(Array(rest))
        try target.update { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
            // Changed in place: a copy changed beside the original would copy a large domain whole.
            if domain == nil { domain = PropertyListDictionary() }
            try Self.apply(action, at: path, in: &domain!)
        }
    }

    private func replaceDomain(_ target: Target, with literal: String) throws {
        let value: PropertyList
        do {
            value = try PropertyListReader().read(defaultsValue: literal, source: "the domain literal")
        } catch {
            throw CLIError(.usage, "the domain literal is not a valid property list:\n\(error)")
        }
        guard case .dictionary(let dictionary) = value else {
            throw CLIError(.usage, "a whole domain must be a dictionary (<dict>…</dict> or { … }), not a \(value.typeName)")
        }
        try target.update { $0 = dictionary }
    }

    static func apply(_ action: CommandLineValue.Action, at path: KeyPath, in values: inout PropertyListDictionary) throws(PreferenceError) {
        switch action {
        case .set(let value):
            try path.set(value, in: &values)
        case .arrayAdd(let elements):
            switch path.value(in: values) {
            case nil: try path.set(.array(elements), in: &values)
            case .array(let existing)?: try path.set(.array(existing + elements), in: &values)
            case let other?:
                throw PreferenceError(.invalidArgument, "-array-add: the value of \(path) is a \(other.typeName), not an array")
            }
        case .dictionaryAdd(let entries):
            switch path.value(in: values) {
            case nil: try path.set(.dictionary(entries), in: &values)
            case .dictionary(var existing)?:
                for (key, value) in entries { existing[key] = value }
                try path.set(.dictionary(existing), in: &values)
            case let other?:
                throw PreferenceError(.invalidArgument, "-dict-add: the value of \(path) is a \(other.typeName), not a dictionary")
            }
        }
    }
}
