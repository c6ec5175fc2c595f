import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs delete DOMAIN [KEY]`: removes a value or a whole domain.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Remove a value, or a whole domain.",
            discussion: """
                Exits 1 when the domain or key does not exist. A key the domain's installed manifest \
                requires (pfm_require) is not removed (exit 2, nothing written) unless --no-manifest is given; \
                a whole domain may always be deleted, since the manifest's defaults then apply.
                """
        )

        @OptionGroup var store: StoreOptions

        @OptionGroup var key: KeyPathOption

        @Flag(name: .customLong("no-manifest"), help: "Remove even a key the domain's installed manifest requires.")
        var noManifest = false

        @Argument(
            help: .domainAndKey,
            completion: Completions.domainThenKey)
        var words: [String] = []

        func run() throws {
            var rest = words[...]
            let target = try store.location().target(&rest)
            let path = try key.path(from: rest)
            let name = target.name
            let manifest = noManifest || path == nil ? nil : try target.installedManifest()
            guard let path else {
                try target.update { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
                    guard domain != nil else { throw PreferenceError(.notFound, "the domain \(name) does not exist") }
                    domain = nil
                }
                return
            }
            let topKey = path.components[0]
            try target.update(key: topKey) { (domain: inout PropertyListDictionary?) throws(PreferenceError) in
                guard domain != nil else { throw PreferenceError(.notFound, "the domain \(name) does not exist") }
                guard path.value(in: domain!) != nil else {
                    throw PreferenceError(.notFound, "the key \(path) does not exist in \(name)")
                }
                try path.set(nil, in: &domain!)
                try manifest?.enforce(domain![topKey], forKey: topKey)
            }
        }
    }
}
