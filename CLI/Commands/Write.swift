import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs write DOMAIN KEY [TYPE] VALUE`: stores a value, in the manner of `defaults write`.
    struct Write: OperandListCommand {
        static let configuration = CommandConfiguration(
            commandName: "write",
            abstract: "Store a value, or replace a whole domain.",
            discussion: """
                prefs write DOMAIN KEY VALUE                 a string, as on a Mac
                prefs write DOMAIN KEY -string|-int|-float|-bool|-date|-data VALUE
                prefs write DOMAIN KEY -array [TYPE] V ...   (-array-add appends)
                prefs write DOMAIN KEY -dict K [TYPE] V ...  (-dict-add adds keys)
                prefs write DOMAIN KEY '<array>...</array>'  a plist element (or document)
                prefs write DOMAIN KEY --json '{"a": [1, 2.5, true]}'
                prefs write DOMAIN --key-path a.b.0 VALUE    a nested value
                prefs write DOMAIN KEY '( a, { k = v; } )'   old-style text, as defaults takes it
                prefs write DOMAIN '<dict>...</dict>'        replaces the whole domain (or '{ k = v; }')
                prefs write -g KEY VALUE                     the global domain
                prefs write DOMAIN -- -KEY VALUE             a key that starts with -

                -int takes decimal or 0x hex integers up to 18446744073709551615; -float stores a 32-bit float, as \
                defaults does (0.1 is 0.10000000149011612; --json 0.1 is the 64-bit real); -bool takes yes/no/true/false/1/0; \
                -date takes 2024-02-29T12:34:56Z, 2024-02-29 12:34:56 +0000 or 2024-02-29; -data takes hex. \
                A whole plist document (the output of prefs read --xml) is a value too: its root is stored. \
                -array and -dict hold scalars only: nest with --json or a literal. As with defaults, a value \
                without a type flag (and a -dict key) that starts with ( { < or " is a property list ('"x"' is \
                the string x), any other is a string with backslash escapes read ('@\\U21a9' is @ and U+21A9; \
                -string takes text as typed). A single word spelled like a flag must be one (-integr is \
                refused; -string -x stores -x), and a -dict key may not come twice. A malformed value is \
                refused (exit 2) and nothing is written. \
                Options (--root, --file, -g, --no-manifest, --to) go before DOMAIN; -- ends them. A --file \
                keeps its format (XML, binary, JSON or old-style) unless --to names another. \
                A value that breaks the domain's installed manifest is refused (exit 2, nothing written).
                """
        )

        @OptionGroup var store: StoreOptions

        @Flag(name: .customLong("no-manifest"), help: "Write even a value that breaks the domain's installed manifest.")
        var noManifest = false

        @Option(
            help: ArgumentHelp(
                "With --file: write the file in this format (\(PropertyListFormat.names)); otherwise it keeps the format it is in.", valueName: "format"))
        var to: PropertyListFormat?

        @Argument(
            parsing: .captureForPassthrough, help: ArgumentHelp("DOMAIN KEY VALUE, as above.", valueName: "arguments"),
            completion: Completions.domainKeyThenValue)
        var words: [String] = []

        var operands: [String] {
            get { words }
            set { words = newValue }
        }

        func run() throws {
            // Checked here rather than in validate(), as StoreOptions.location() explains.
            let location = try store.location()
            if to != nil, location.file == nil { throw CLIError(.usage, "--to applies to --file only: a domain in the store is always XML") }
            try WriteRequest(location: location, words: words, enforcesManifest: !noManifest, format: to).perform()
        }
    }
}

/// What `prefs write` does, apart from parsing its options.
struct WriteRequest {
    var location = StoreLocation()
    /// The domain (unless the location names the target), the key and the value, as typed.
    var words: [String]
    /// Refuse values that break the domain's installed manifest (unless `--no-manifest`).
    var enforcesManifest = true
    /// `--to`: the format of a `--file` written; `nil` keeps its own.
    var format: PropertyListFormat? = nil

    func perform() throws {
        var rest = words[...]
        var optionsEnded = try Self.endOfOptions(&rest, before: location.namesTarget ? "KEY" : "DOMAIN")
        var target = try location.target(&rest)
        target.file.outputFormat = format
        if !optionsEnded, !location.namesTarget { optionsEnded = try Self.endOfOptions(&rest, before: "KEY") }
        guard let first = rest.popFirst() else { throw CLIError(.usage, "missing KEY and VALUE") }
        if rest.isEmpty, CommandLineValue.isPropertyListLiteral(first) {
            try replaceDomain(target, with: first)
            return
        }
        let path: PropertyListKeyPath
        if !optionsEnded, first == "--key-path" {
            guard let text = rest.popFirst() else { throw CLIError(.usage, "--key-path needs a path") }
            path = try PropertyListKeyPath(parsing: text)
        } else {
            path = PropertyListKeyPath(key: first)
        }
        if !optionsEnded, rest.first == "-h" || rest.first == "--help" { throw CleanExit.helpRequest(Prefs.Write.self) }
        if !optionsEnded, rest.first == "--" { rest.removeFirst() }
        let manifest = enforcesManifest ? try target.installedManifest() : nil
        let action = try Self.action(Array(rest), at: path, typedBy: manifest)
        if target.writesXML { try Self.checkXMLCanHold(action, at: path, in: target.name) }
        try target.update(key: path.components[0]) { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
            // Changed in place: a copy changed beside the original would copy a large domain whole.
            if domain == nil { domain = PropertyListDictionary() }
            try Self.apply(action, at: path, in: &domain!)
            try manifest?.enforce(domain![path.components[0]], forKey: path.components[0])
        }
    }

    /// Takes `--` (the end of options) from the front of `words` and returns whether it was
    /// there; `-h` and `--help` ask for help, `--key-path` stays for the caller, and any other
    /// word that starts with `-` where `position` goes is an unknown option.
    ///
    /// - Throws: `CleanExit` for help, ``CLIError`` with status 2 for an unknown option.
    private static func endOfOptions(_ words: inout ArraySlice<String>, before position: String) throws -> Bool {
        guard let word = words.first, word.hasPrefix("-") else { return false }
        switch word {
        case "--":
            words.removeFirst()
            return true
        case "-h", "--help":
            throw CleanExit.helpRequest(Prefs.Write.self)
        case "--key-path" where position == "KEY":
            return false
        case _ where position == "KEY":
            throw CLIError(
                .usage,
                "unknown option \"\(word)\" where KEY goes (options go before DOMAIN; a key that starts with - goes after --: prefs write DOMAIN -- \(word) VALUE)"
            )
        default:
            throw CLIError(.usage, "unknown option \"\(word)\" where DOMAIN goes; see 'prefs help write' for the options")
        }
    }

    private func replaceDomain(_ target: Target, with literal: String) throws {
        let value = try CommandLineValue.literal(literal, source: "the domain literal")
        guard case .dictionary(let dictionary) = value else {
            throw CLIError(.usage, "a whole domain must be a dictionary (<dict>…</dict> or { … }), not \(value.typeNameWithArticle)")
        }
        if target.writesXML { try Self.checkXMLCanHold(value, at: [], in: target.name) }
        let manifest = enforcesManifest ? try target.installedManifest() : nil
        try target.update { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
            try manifest?.enforce(domain: dictionary)
            domain = dictionary
        }
    }

    static func apply(_ action: CommandLineValue.Action, at path: PropertyListKeyPath, in values: inout PropertyListDictionary) throws(PreferenceError) {
        switch action {
        case .set(let value):
            try path.set(value, in: &values)
        case .arrayAdd(let elements):
            switch path.value(in: values) {
            case nil: try path.set(.array(elements), in: &values)
            case .array(let existing)?: try path.set(.array(existing + elements), in: &values)
            case let other?:
                throw PreferenceError(.invalidArgument, "-array-add: the value of \(path) is \(other.typeNameWithArticle), not an array")
            }
        case .dictionaryAdd(let entries):
            switch path.value(in: values) {
            case nil: try path.set(.dictionary(entries), in: &values)
            case .dictionary(var existing)?:
                for (key, value) in entries { existing[key] = value }
                try path.set(.dictionary(existing), in: &values)
            case let other?:
                throw PreferenceError(.invalidArgument, "-dict-add: the value of \(path) is \(other.typeNameWithArticle), not a dictionary")
            }
        }
    }
}
