import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs rename DOMAIN OLD NEW`: moves a value to another key.
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Move a value from one key to another.",
            discussion: """
                Exits 1 when OLD does not exist; refuses (exit 2) when NEW exists already. A rename \
                that breaks the domain's installed manifest (OLD is required, or the value breaks \
                NEW's rules) is refused (exit 2, nothing written) unless --no-manifest is given.
                """
        )

        @OptionGroup var store: StoreOptions

        @Flag(name: .customLong("no-manifest"), help: "Rename even when the result breaks the domain's installed manifest.")
        var noManifest = false

        @Argument(
            help: ArgumentHelp("The domain (left out with --file or -g), then OLD and NEW; -- before keys that start with -.", valueName: "domain-old-new"),
            completion: Completions.domainThenKey)
        var words: [String] = []

        func run() throws {
            var rest = words[...]
            let target = try store.location().target(&rest)
            guard rest.count == 2 else { throw CLIError(.usage, "give the OLD and NEW key names") }
            let old = rest[rest.startIndex]
            let new = rest[rest.startIndex + 1]
            let name = target.name
            let manifest = noManifest ? nil : try target.installedManifest()
            try target.update { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
                guard domain != nil else { throw PreferenceError(.notFound, "the domain \(name) does not exist") }
                guard let value = domain![old] else { throw PreferenceError(.notFound, "the key \(old) does not exist in \(name)") }
                guard domain![new] == nil else {
                    throw PreferenceError(.invalidArgument, "the key \(new) exists already in \(name); delete it first")
                }
                try manifest?.enforce(nil, forKey: old)
                try manifest?.enforce(value, forKey: new)
                domain![old] = nil
                domain![new] = value
            }
        }
    }
}
