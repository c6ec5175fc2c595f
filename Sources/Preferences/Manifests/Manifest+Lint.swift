import Glibc
import PropertyLists

/// What is wrong with a manifest itself, as `prefs check-manifest` reports it: each problem with
/// the manifest's file and line and a message that names the key and the rule.
public struct ManifestLint: Sendable {
    /// What makes the manifest unusable, so that prefs refuses it: a root that is no
    /// dictionary, no `pfm_domain` (or one that is no string), `pfm_subkeys` that is no array,
    /// an unknown `pfm_type`, a minimum above its maximum.
    public var errors: [PropertyListDiagnostic]
    /// Rules prefs cannot enforce, which it leaves out while it enforces the rest: a
    /// `pfm_format` with a construct prefs refuses, a range on an array or data, a bound of
    /// another type than its key, a default that breaks its own key's rules, a key described
    /// twice, an entry without `pfm_name` or `pfm_type`.
    public var warnings: [PropertyListDiagnostic]
}

extension Manifest {
    /// Reads the manifest at `path` and reports every problem with the manifest itself, errors
    /// and warnings alike, without stopping at the first.
    ///
    /// ```swift
    /// let lint = try Manifest.lint(contentsOf: "com.google.Chrome.plist")
    /// for warning in lint.warnings { print(warning) }   // FILE:LINE: key "…": pfm_format … not enforced
    /// ```
    ///
    /// - Throws: ``PreferenceError`` with code `.notFound` when there is no file, `.unreadable`
    ///   when it does not read as a property list.
    /// - Complexity: O(*n*) in the size of the file.
    public static func lint(contentsOf path: String) throws(PreferenceError) -> ManifestLint {
        let read = try read(contentsOf: path, placingWarnings: true)
        var lint = read.lint
        if let manifest = read.manifest, manifest.domain == nil {
            lint.errors.insert(
                PropertyListDiagnostic(file: path, line: 1, message: "the manifest has no pfm_domain, so it names no domain to check"), at: 0)
        }
        return lint
    }

    /// The manifest at `path`, `nil` when it is unusable, with every error found in it and,
    /// when `placingWarnings`, every warning: placing them on their lines parses the file again,
    /// which a manifest only being loaded (Chrome's has warnings) does not need.
    static func read(contentsOf path: String, placingWarnings: Bool) throws(PreferenceError) -> (manifest: Manifest?, lint: ManifestLint) {
        try read(ManifestFile(path: path).bytes(), path: path, placingWarnings: placingWarnings)
    }

    /// The manifest in `bytes`, the contents of the file at `path`, as
    /// ``read(contentsOf:placingWarnings:)`` reads a path.
    static func read(_ bytes: [UInt8], path: String, placingWarnings: Bool) throws(PreferenceError) -> (manifest: Manifest?, lint: ManifestLint) {
        let value: PropertyList
        do {
            value = try PropertyListReader().read(bytes, fileName: path)
        } catch {
            throw PreferenceError(.unreadable, "the manifest \(path) is not a valid property list", diagnostics: error.diagnostics)
        }
        let reader = ManifestReader()
        var manifest: Manifest?
        do throws(ManifestReader.Problem) {
            guard case .dictionary(let dictionary) = value else {
                throw reader.problem("the root of a manifest must be a dictionary, not \(value.typeNameWithArticle)")
            }
            let root = ManifestEntry(dictionary)
            let domain = try reader.string(.domain, in: root, required: true)
            let title = try reader.string(.title, in: root)
            let description = try reader.string(.description, in: root)
            var formatVersion: Int?
            if let version = root[.formatVersion] {
                if case .integer(let integer) = version, let number = integer.int64Value {
                    formatVersion = Int(number)
                } else {
                    reader.warn("pfm_format_version is \(version.typeNameWithArticle), not an integer; it is ignored", at: ["pfm_format_version"])
                }
            }
            let keys = try ManifestKeys(root[.subkeys], at: reader, itemsOf: false)
            manifest = Manifest(path: path, domain: domain, title: title, description: description, formatVersion: formatVersion, keys: keys)
        } catch {
            reader.findings.errors.append(error)
        }
        let findings = reader.findings
        guard !findings.errors.isEmpty || placingWarnings && !findings.warnings.isEmpty else {
            return (manifest, ManifestLint(errors: [], warnings: []))
        }
        let lines = Self.lines(in: bytes, path: path)
        func located(_ problem: ManifestReader.Problem) -> PropertyListDiagnostic {
            PropertyListDiagnostic(file: path, line: lines.line(of: problem.place), message: problem.message)
        }
        return (findings.errors.isEmpty ? manifest : nil, ManifestLint(errors: findings.errors.map(located), warnings: findings.warnings.map(located)))
    }

    /// The lines of the entries of the manifest in `bytes`, parsed again now that one is needed.
    private static func lines(in bytes: [UInt8], path: String) -> PropertyListLines {
        do {
            return try PropertyListReader().readRecordingLines(bytes, fileName: path).lines
        } catch {
            return PropertyListLines()
        }
    }
}
