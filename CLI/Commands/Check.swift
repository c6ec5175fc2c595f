import ArgumentParser
import Glibc
import Preferences
import PropertyLists
import SystemPackage

extension Prefs {
    /// `prefs check [DOMAIN...]`: checks stored domains against their installed manifests.
    struct Check: OperandListCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check stored domains against their installed manifests.",
            discussion: """
                Checks each DOMAIN (every stored domain that has a manifest when none is named) against its \
                manifest in $PREFS_MANIFESTS (folders separated by ':', relative ones from the current folder; \
                manifests in their subfolders count too), else $XDG_DATA_HOME/prefs/manifests and each \
                $XDG_DATA_DIRS/prefs/manifests; a manifest that root or you do not own, or that group or others \
                may write (or is in such a folder), is passed over with a warning. Prints "FILE: OK" or \
                "FILE:LINE: error: key \\"a.b\\": MESSAGE" lines, as validate --manifest does. A domain file that \
                others may write (a CI checkout's group-writable files) is a warning: check only reads it. Exits 3 if any domain breaks its \
                manifest, 1 when a named domain does not exist or has no manifest, 7 when no stored domain has \
                a manifest, so nothing was checked.
                """
        )

        @Option(help: ArgumentHelp("Use this folder of domains instead of $PREFS_HOME.", valueName: "dir"), completion: .directory)
        var root: String?

        @Flag(name: .shortAndLong, help: "Print problems only, not the domains that pass.")
        var quiet = false

        @Flag(help: "Keys a manifest does not name are errors, not warnings.")
        var strict = false

        @Option(help: ReportFormat.help)
        var report: ReportFormat?

        @Argument(help: "The domains to check; every stored domain that has a manifest when none is given.", completion: Completions.domains)
        var domains: [String] = []

        var operands: [String] {
            get { domains }
            set { domains = newValue }
        }

        func validate() throws {
            if root == "" { throw ValidationError("--root needs a folder; an empty path names none") }
        }

        func run() throws {
            let folder = try StoreLocation(root: root).folder()
            let manifests = PreferencesEnvironment.process.manifestSearchPath
            let report = ProblemReport(format: .resolved(report), quiet: quiet)
            if domains.isEmpty {
                let names = try folder.domainNames(notices: Output.notices)
                for name in names {
                    let domain = try DomainName(name)
                    guard let manifest = try manifests.manifest(for: domain, notices: Output.notices) else { continue }
                    try check(folder.file(for: domain), against: manifest, into: report)
                }
                guard report.checked > 0 else {
                    let reason =
                        names.isEmpty
                        ? "\(folder.path) holds no domain"
                        : "none of the \(names.count) domain\(names.count == 1 ? "" : "s") in \(folder.path) has a manifest in \(Self.list(manifests.folders))"
                    throw CLIError(.nothingChecked, "nothing was checked: " + reason)
                }
            } else {
                for name in domains {
                    let domain = try DomainName(name)
                    guard let manifest = try manifests.manifest(for: domain, notices: Output.notices) else {
                        throw CLIError(.notFound, "no manifest is installed for \(name) (looked for \(domain.fileName) in \(Self.list(manifests.folders)))")
                    }
                    try check(folder.file(for: domain), against: manifest, into: report)
                }
            }
            try report.finish()
        }

        /// Checks one domain file.
        ///
        /// The file is only read, so one that others may write, as a CI checkout's files often
        /// are (umask 002), is checked with a warning instead of being refused as `read` and
        /// `write` refuse it; a file that is not there is an error.
        private func check(_ file: DomainFile, against manifest: Manifest, into report: ProblemReport) throws {
            var status = stat()
            guard stat(file.path, &status) == 0 else {
                if errno == ENOENT { throw CLIError(.notFound, "the domain \(file.domain) does not exist") }
                throw CLIError(.unreadable, "cannot examine \(file.path): \(Errno(rawValue: errno))")
            }
            if status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o022 != 0 || (status.st_uid != geteuid() && status.st_uid != 0) {
                let mode = String(status.st_mode & 0o777, radix: 8)
                report.add(
                    ReportedProblem(
                        file: file.path, severity: .warning,
                        message:
                            "others may change this file (mode \(mode), owner \(status.st_uid)); checked, since check only reads it, but read and write refuse it until chmod go-w",
                        rule: .untrustedFile))
            }
            ManifestValidation(manifest: manifest, strict: strict, report: report).check(file.path, name: file.path)
        }

        private static func list(_ folders: [String]) -> String {
            folders.isEmpty ? "no folder ($PREFS_MANIFESTS names none)" : folders.joined(separator: ", ")
        }
    }
}
