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

    /// Reads the manifest at `manifestPath`.
    ///
    /// - Throws: ``PreferenceError`` (exit 3) when it does not read or is malformed.
    init(manifestPath: String, strict: Bool, quiet: Bool) throws {
        self.init(manifest: try Manifest(contentsOf: manifestPath), strict: strict, quiet: quiet)
    }

    init(manifest: Manifest, strict: Bool, quiet: Bool) {
        self.manifest = manifest
        self.strict = strict
        self.quiet = quiet
    }

    /// Checks each of `files` (`-`: standard input) and exits 3 when any has an error.
    func perform(_ files: [String]) throws {
        var failed = false
        for file in files {
            let name = file == "-" ? "<stdin>" : file
            if !check(file, name: name) { failed = true }
        }
        try Output.finish()
        if failed { throw CLIError(.unreadable, "") }
    }

    /// Checks one file, printing its problems (or `NAME: OK`); returns whether it passed.
    func check(_ file: String, name: String) -> Bool {
        let value: PropertyList
        let lines: PropertyListLines
        do throws(PropertyListError) {
            (value, lines) = try PropertyListReader().readRecordingLines(contentsOf: file, fileName: name)
        } catch {
            for diagnostic in error.diagnostics { Output.error(diagnostic.description) }
            return false
        }
        guard case .dictionary(let domain) = value else {
            Output.error("\(name):\(lines.line(of: []) ?? 1): error: the root is \(value.typeNameWithArticle); a domain's root is a dictionary")
            return false
        }
        let violations = manifest.check(domain, strict: strict)
        for violation in violations {
            Output.error("\(name):\(lines.line(of: violation.path) ?? 1): \(violation.severity.rawValue): \(violation)")
        }
        let passed = !violations.contains { $0.severity == .error }
        if passed && !quiet { Output.write("\(name): OK\n") }
        return passed
    }
}
