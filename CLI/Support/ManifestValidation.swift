import Preferences
import PropertyLists

/// What `prefs validate --manifest` and `prefs check` do: check property list files, then the
/// domains they hold against a preference manifest, and print every problem as
/// `FILE:LINE: error: key "a.b": MESSAGE`.
struct ManifestValidation {
    /// The manifest.
    let manifest: Manifest
    /// Keys the manifest does not name are errors.
    let strict: Bool
    /// Print problems only.
    let quiet: Bool

    /// Reads the manifest at `manifestPath`, or loads it compiled from the cache.
    ///
    /// - Throws: ``PreferenceError``: exit 1 when there is no such file, 3 when it does not
    ///   read or is malformed.
    init(manifestPath: String, strict: Bool, quiet: Bool) throws {
        self.init(manifest: try Manifest(contentsOf: manifestPath, cache: PreferencesEnvironment.process.manifestCache), strict: strict, quiet: quiet)
    }

    init(manifest: Manifest, strict: Bool, quiet: Bool) {
        self.manifest = manifest
        self.strict = strict
        self.quiet = quiet
    }

    /// Checks each of `files` (`-`: standard input) and exits 3 when any has an error, 1 when
    /// the only problem is files that do not exist.
    ///
    /// The command ends with this, so the manifest is kept for the process's exit to reclaim:
    /// releasing it would free each of its keys one by one, which for a large manifest costs
    /// as much as checking a domain against it.
    func perform(_ files: [String]) throws {
        _ = Unmanaged.passRetained(KeptUntilExit(manifest))
        var failure: ExitStatus?
        for file in files {
            let name = file == "-" ? "<stdin>" : file
            if let status = check(file, name: name) { failure = status.combined(with: failure) }
        }
        try Output.finish()
        if let failure { throw CLIError.silent(failure) }
    }

    /// Checks one file, printing its problems (or `NAME: OK`).
    ///
    /// - Returns: `nil` when it passed, else the status its problems call for: 1 when it does
    ///   not exist, 3 when it does not read or breaks the manifest.
    ///
    /// A file is checked entry by entry as it is read, without building the domain or
    /// recording lines; only one with problems is read again to place them (standard input,
    /// which cannot be read twice, is read whole with its lines recorded at once).
    func check(_ file: String, name: String) -> ExitStatus? {
        let reader = PropertyListReader()
        let value: PropertyList
        var lines: PropertyListLines?
        var domainCheck = ManifestDomainCheck(manifest, strict: strict)
        do throws(PropertyListError) {
            if file == "-" {
                let read = try reader.readRecordingLines(contentsOf: file, fileName: name)
                (value, lines) = (read.value, read.lines)
                if case .dictionary(let domain) = value {
                    for key in domain.keys {
                        if let entry = domain[key] { domainCheck.check(entry, forKey: key) }
                    }
                }
            } else {
                value = try reader.read(contentsOf: file, fileName: name) { key, entry in domainCheck.check(entry, forKey: key) }
            }
        } catch {
            for diagnostic in error.diagnostics { Output.error(diagnostic.description) }
            return error.exitStatus
        }
        guard case .dictionary = value else {
            Output.error(
                "\(name):\(line(of: [], in: file, name: name, lines: &lines)): error: the root is \(value.typeNameWithArticle); a domain's root is a dictionary"
            )
            return .unreadable
        }
        let violations = domainCheck.finish()
        for violation in violations {
            Output.error("\(name):\(line(of: violation.path, in: file, name: name, lines: &lines)): \(violation.severity.rawValue): \(violation)")
        }
        let passed = !violations.contains { $0.severity == .error }
        if passed && !quiet { Output.write("\(name): OK\n") }
        return passed ? nil : .unreadable
    }

    /// A manifest no release frees (see ``perform(_:)``).
    private final class KeptUntilExit {
        let manifest: Manifest

        init(_ manifest: Manifest) {
            self.manifest = manifest
        }
    }

    /// The line of `path` in the file, its lines recorded by a second read the first time one
    /// is asked for; line 1 when the file no longer reads (it changed since).
    private func line(of path: [String], in file: String, name: String, lines: inout PropertyListLines?) -> Int {
        if lines == nil {
            do throws(PropertyListError) {
                lines = try PropertyListReader().readRecordingLines(contentsOf: file, fileName: name).lines
            } catch {
                lines = PropertyListLines()
            }
        }
        return lines?.line(of: path) ?? 1
    }
}
