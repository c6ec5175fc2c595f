import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs manifest DOMAIN`: prints a starter manifest inferred from a domain.
    struct ManifestCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "manifest",
            abstract: "Print a starter manifest inferred from a domain's stored values.",
            discussion: """
                The manifest names each stored key with its type, scalars with their value as pfm_default, \
                and dictionaries' keys and arrays' items as pfm_subkeys. Add ranges (pfm_range_min, \
                pfm_range_max), choices (pfm_range_list), formats (pfm_format) and pfm_require, then install \
                it as $XDG_DATA_HOME/prefs/manifests/DOMAIN.plist (see prefs help check). \
                Exits 1 when the domain does not exist.
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The domain (left out with --file or -g).", valueName: "domain"), completion: Completions.domains)
        var words: [String] = []

        func run() throws {
            var rest = words[...]
            let target = try store.location().target(&rest)
            guard rest.isEmpty else { throw CLIError(.usage, "unexpected argument \"\(rest.first!)\"; give one DOMAIN") }
            let values = try target.read()
            // A lone file names its domain by its file name, as an installed manifest does.
            let domain = target.folder == nil ? String(target.file.path.split(separator: "/").last ?? "").replacing(/\.plist$/, with: "") : target.name
            Output.write(try PropertyListWriter().write(.dictionary(Manifest.inferred(domain: domain, from: values))), as: .xml)
        }
    }
}
