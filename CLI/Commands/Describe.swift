import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs describe DOMAIN [KEY]`: what a domain's manifest says of its keys.
    struct Describe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "describe",
            abstract: "Show the keys a domain's manifest describes, with their stored values.",
            discussion: """
                For each key (or the one KEY, a key path such as a.b): its type, default, range, choices, \
                format, description and stored value, like gsettings describe and gsettings range. Keys \
                nested in a dictionary print as a.b; an array's items as a.*. Exits 1 when the domain has \
                no installed manifest or the manifest does not describe KEY.
                """
        )

        @Option(help: ArgumentHelp("Use this folder of domains instead of $PREFS_HOME.", valueName: "dir"), completion: .directory)
        var root: String?

        @Argument(help: "The domain.", completion: Completions.domains)
        var domain: String

        @Argument(help: "A key, or a key path (a.b.0), to describe alone.", completion: Completions.keyOfDomainBefore)
        var key: String?

        func validate() throws {
            if root == "" { throw ValidationError("--root needs a folder; an empty path names none") }
        }

        func run() throws {
            let name = try DomainName(domain)
            let manifests = PreferencesEnvironment.process.manifestSearchPath
            guard let manifest = try manifests.manifest(for: name, notices: Output.notices) else {
                throw CLIError(.notFound, "no manifest is installed for \(domain) (see prefs help check for where manifests go)")
            }
            let stored = try StoreLocation(root: root).folder().file(for: name).read() ?? PropertyListDictionary()
            var printer = ManifestDescription(stored: stored)
            if let key {
                let path = try PropertyListKeyPath(parsing: key)
                guard let description = manifest.key(at: path.components) else {
                    throw CLIError(.notFound, "the manifest \(manifest.path) does not describe the key \(path)")
                }
                try printer.describe(description, at: path.components)
            } else {
                if let title = manifest.title { Output.write(TextEscaper.line.escaped(title) + "\n") }
                if let text = manifest.description { Output.write(text + "\n") }
                if manifest.title != nil || manifest.description != nil { Output.write("\n") }
                try printer.describe(manifest.keys, under: [])
            }
        }
    }
}
