import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs check [DOMAIN...]`: checks stored domains against their installed manifests.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check stored domains against their installed manifests.",
            discussion: """
                Checks each DOMAIN (every stored domain that has a manifest when none is named) against its \
                manifest in $PREFS_MANIFESTS, else $XDG_DATA_HOME/prefs/manifests and each \
                $XDG_DATA_DIRS/prefs/manifests. Prints "FILE: OK" or "FILE:LINE: error: key \\"a.b\\": MESSAGE" \
                lines, as validate --manifest does. Exits 3 if any domain breaks its manifest, 1 when a named \
                domain does not exist or has no manifest.
                """
        )

        @Option(help: ArgumentHelp("Use this folder of domains instead of $PREFS_HOME.", valueName: "dir"), completion: .directory)
        var root: String?

        @Flag(name: .shortAndLong, help: "Print problems only, not the domains that pass.")
        var quiet = false

        @Flag(help: "Keys a manifest does not name are errors, not warnings.")
        var strict = false

        @Argument(help: "The domains to check; every stored domain that has a manifest when none is given.", completion: Completions.domains)
        var domains: [String] = []

        func validate() throws {
            if root == "" { throw ValidationError("--root needs a folder; an empty path names none") }
        }

        func run() throws {
            let folder = try StoreLocation(root: root).folder()
            let manifests = PreferencesEnvironment.process.manifestSearchPath
            var failed = false
            if domains.isEmpty {
                for name in try folder.domainNames(notices: Output.notices) {
                    let domain = try DomainName(name)
                    guard let manifest = try manifests.manifest(for: domain) else { continue }
                    if try !check(folder.file(for: domain), against: manifest) { failed = true }
                }
            } else {
                for name in domains {
                    let domain = try DomainName(name)
                    guard let manifest = try manifests.manifest(for: domain) else {
                        throw CLIError(.notFound, "no manifest is installed for \(name) (looked for \(domain.fileName) in \(Self.list(manifests.folders)))")
                    }
                    if try !check(folder.file(for: domain), against: manifest) { failed = true }
                }
            }
            try Output.finish()
            if failed { throw CLIError.silent(.unreadable) }
        }

        /// Checks one domain file; returns whether it passed.
        private func check(_ file: DomainFile, against manifest: Manifest) throws -> Bool {
            // Read through the store first: its ownership and special-file checks apply.
            guard try file.read() != nil else { throw CLIError(.notFound, "the domain \(file.domain) does not exist") }
            return ManifestValidation(manifest: manifest, strict: strict, quiet: quiet).check(file.path, name: file.path) == nil
        }

        private static func list(_ folders: [String]) -> String {
            folders.isEmpty ? "no folder ($PREFS_MANIFESTS names none)" : folders.joined(separator: ", ")
        }
    }
}
