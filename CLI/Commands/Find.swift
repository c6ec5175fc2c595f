import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs find WORD`: searches keys and values of every domain.
    struct Find: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "find",
            abstract: "Search every domain's keys and values for a word (case-insensitive).",
            discussion: "Prints DOMAIN: KEY-PATH = VALUE per match. Exits 1 when nothing matches, like grep."
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: "The text to look for.")
        var word: String

        func run() throws {
            let folder = try store.location.folder()
            let needle = word.lowercased()
            var found = false
            var unreadable: CLIError?
            for name in try folder.domainNames() {
                let dictionary: PropertyListDictionary?
                do {
                    dictionary = try folder.file(for: DomainName(name)).read()
                } catch {
                    Output.error("Error: \(error)")
                    unreadable = CLIError(.unreadable, "")
                    continue
                }
                guard let dictionary else { continue }
                for (path, value) in Self.matches(of: needle, in: .dictionary(dictionary), path: []) {
                    found = true
                    let text = TextFormat.bare(value) ?? value.typeName
                    Output.write("\(name): \(path.joined(separator: ".")) = \(text)\n")
                }
            }
            if let unreadable { throw unreadable }
            if !found { throw CLIError(.notFound, "") }
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
            default:
                let text = TextFormat.bare(value) ?? ""
                return text.lowercased().contains(needle) ? [(path, value)] : []
            }
        }
    }
}
