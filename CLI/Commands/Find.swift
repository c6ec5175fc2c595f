import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs find WORD`: searches domain names, keys and values.
    struct Find: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "find",
            abstract: "Search every domain's name, keys and values for a word (case-insensitive).",
            discussion: """
                Prints DOMAIN: KEY-PATH = VALUE per match, the key path escaped as --key-path takes it \
                (a key a.b prints as a\\.b); a domain whose name matches prints all its keys. With -g or \
                --file PATH, searches that one domain or file (whose path is not matched). Exits 1 when \
                nothing matches, like grep.
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: "The text to look for.")
        var word: String

        func validate() throws {
            if word.isEmpty { throw ValidationError("WORD is empty; give the text to look for") }
        }

        func run() throws {
            let needle = word.lowercased()
            let location = try store.location()
            var found = false
            var unreadable: CLIError?
            for (name, file) in try Self.files(at: location) {
                let dictionary: PropertyListDictionary?
                do {
                    dictionary = try file.read()
                } catch {
                    CLIError(error).report()
                    unreadable = CLIError.silent(.unreadable)
                    continue
                }
                guard let dictionary else { continue }
                let matches =
                    location.file == nil && name.lowercased().contains(needle)
                    ? dictionary.sortedEntries.map { ([$0.key], $0.value) }
                    : Self.matches(of: needle, in: .dictionary(dictionary), path: [])
                for (path, value) in matches {
                    found = true
                    let text = TextFormat.bare(value) ?? value.typeName
                    Output.write("\(name): \(PropertyListKeyPath(components: path)) = \(text)\n")
                }
            }
            if let unreadable { throw unreadable }
            if !found { throw CLIError.silent(.notFound) }
        }

        /// The files to search, each with the name its matches print under: the one `-g` or
        /// `--file` names, else every domain in the folder.
        private static func files(at location: StoreLocation) throws -> [(String, DomainFile)] {
            if location.namesTarget {
                var none = ArraySlice<String>()
                let target = try location.target(&none)
                return [(location.file ?? target.name, target.file)]
            }
            let folder = try location.folder()
            let host = try location.host.id(currentHost: PreferencesEnvironment.process.currentHost)
            return try folder.domainNames(host: host, notices: Output.notices).map { (name: String) throws -> (String, DomainFile) in
                (name, folder.file(for: try DomainName(name), host: host))
            }
        }

        /// Key paths whose key or scalar value contains `needle`.
        private static func matches(of needle: String, in value: PropertyList, path: [String]) -> [([String], PropertyList)] {
            switch value {
            case .dictionary(let dictionary):
                return dictionary.sortedEntries.flatMap { key, element -> [([String], PropertyList)] in
                    let inner = matches(of: needle, in: element, path: path + [key])
                    return key.lowercased().contains(needle) && inner.isEmpty ? [(path + [key], element)] : inner
                }
            case .array(let elements):
                return elements.enumerated().flatMap { matches(of: needle, in: $1, path: path + [String($0)]) }
            case .data(let bytes):
                return TextFormat.hex(bytes).contains(needle) ? [(path, value)] : []
            default:
                let text = TextFormat.bare(value) ?? ""
                return text.lowercased().contains(needle) ? [(path, value)] : []
            }
        }
    }
}
