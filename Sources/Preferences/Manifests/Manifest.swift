import Glibc
import PropertyLists

/// A preference manifest: what a domain may hold, in the `pfm_*` format of Apple's preference
/// manifests and the public ProfileManifests project.
///
/// ```swift
/// let manifest = try Manifest(contentsOf: "com.example.editor.plist")
/// let problems = manifest.check(["fontSize": 900])
/// // [key "fontSize": is 900, above the maximum 72]
/// ```
///
/// prefs reads `pfm_domain`, `pfm_title`, `pfm_description`, `pfm_format_version` and
/// `pfm_subkeys` at the top, and of each key the entries ``ManifestKey`` lists. Other `pfm_*`
/// entries (interface hints, conditions, platforms) are ignored; a manifest that gets an entry
/// prefs reads wrong (an unknown `pfm_type`, a bound of the wrong type, a `pfm_format` that does
/// not compile, a `pfm_default` that breaks its own key) is refused with the file and line.
public struct Manifest: Sendable {
    /// The file the manifest was read from.
    public let path: String
    /// `pfm_domain`: the domain it describes, when it says.
    public let domain: String?
    /// `pfm_title`.
    public let title: String?
    /// `pfm_description`.
    public let description: String?
    /// `pfm_format_version`.
    public let formatVersion: Int?
    /// The keys of the domain's root dictionary.
    public let keys: ManifestKeys

    /// A manifest of these entries, as the compiled cache gives them back (``ManifestCache``).
    init(path: String, domain: String?, title: String?, description: String?, formatVersion: Int?, keys: ManifestKeys) {
        self.path = path
        self.domain = domain
        self.title = title
        self.description = description
        self.formatVersion = formatVersion
        self.keys = keys
    }

    /// Reads the manifest in the property list file at `path`.
    ///
    /// A rule prefs cannot enforce (see ``lint(contentsOf:)``) is left out, and the rest of the
    /// manifest is read and enforced.
    ///
    /// - Throws: ``PreferenceError`` with code `.notFound` when there is no file, `.unreadable`
    ///   when it does not read as a property list, or when the manifest is unusable; its
    ///   diagnostics give the manifest's file and line, and the key, of every such problem.
    /// - Complexity: O(*n*) in the size of the file.
    public init(contentsOf path: String) throws(PreferenceError) {
        try self.init(ManifestFile(path: path), cache: nil)
    }

    /// Reads the manifest in the property list file at `path`, or loads it from `cache` when
    /// the cache holds it compiled from the file as it is now; see ``ManifestCache``.
    ///
    /// - Parameters:
    ///   - path: The manifest's file.
    ///   - cache: Where compiled manifests are kept; `nil` reads the file.
    /// - Throws: ``PreferenceError`` as ``init(contentsOf:)`` throws it.
    public init(contentsOf path: String, cache: ManifestCache?) throws(PreferenceError) {
        try self.init(ManifestFile(path: path), cache: cache)
    }

    /// Reads the manifest in the open `file`, or loads it from `cache` as
    /// ``init(contentsOf:cache:)`` does.
    init(_ file: ManifestFile, cache: ManifestCache?) throws(PreferenceError) {
        if let cache {
            self = try cache.manifest(in: file)
        } else {
            try self.init(file.bytes(), path: file.path)
        }
    }

    /// Reads the manifest in `bytes`, the contents of the file at `path`.
    init(_ bytes: [UInt8], path: String) throws(PreferenceError) {
        let read = try Self.read(bytes, path: path, placingWarnings: false)
        guard let manifest = read.manifest, read.lint.errors.isEmpty else {
            throw PreferenceError(.unreadable, "the manifest \(path) is malformed", diagnostics: read.lint.errors)
        }
        self = manifest
    }

    /// Checks a whole domain: every key it holds, and that every required key is there.
    ///
    /// - Parameters:
    ///   - domain: The domain's values.
    ///   - strict: Report keys the manifest does not name as errors, not warnings.
    /// - Returns: Every violation, errors and warnings, in the order of the domain's keys.
    /// - Complexity: O(*n*) in the number of values in `domain`.
    public func check(_ domain: PropertyListDictionary, strict: Bool = false) -> [ManifestViolation] {
        var checker = ManifestChecker(strict: strict)
        checker.check(domain, against: keys, at: [])
        return checker.violations
    }

    /// Checks the value a write would store under the root key `key` (`nil`: removes it),
    /// leaving the domain's other keys alone.
    ///
    /// - Returns: The errors only; a key the manifest does not name is allowed.
    public func check(_ value: PropertyList?, forKey key: String) -> [ManifestViolation] {
        guard let description = keys[key] else { return [] }
        guard let value else {
            return description.isRequired ? [ManifestViolation(path: [key], message: "is required, so it may not be removed")] : []
        }
        var checker = ManifestChecker(strict: false)
        checker.check(value, against: description, at: [key])
        return checker.violations.filter { $0.severity == .error }
    }

    /// The description of the value at `path`: of a dictionary's key, or (for an index) of an
    /// array's items; `nil` when the manifest does not describe it.
    public func key(at path: [String]) -> ManifestKey? {
        var key: ManifestKey?
        var level = keys
        for component in path {
            if let array = key, array.type == .array {
                key = Int(component) == nil ? nil : array.itemKey
            } else {
                key = level[component]
            }
            guard let found = key else { return nil }
            level = found.subkeys
        }
        return key
    }

    /// The manifest's default for `path`: the `pfm_default` of the key there, or the part of
    /// an enclosing key's default that lies at `path`.
    public func defaultValue(at path: [String]) -> PropertyList? {
        var level = keys
        for (index, component) in path.enumerated() {
            guard let key = level[component] else { return nil }
            if let value = key.defaultValue {
                return Self.value(in: value, at: path[(index + 1)...])
            }
            level = key.subkeys
        }
        return nil
    }

    private static func value(in value: PropertyList, at path: ArraySlice<String>) -> PropertyList? {
        var current = value
        for component in path {
            switch current {
            case .dictionary(let dictionary):
                guard let next = dictionary[component] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(component), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }

    /// The defaults of the root keys that have one.
    public var defaults: PropertyListDictionary {
        var result = PropertyListDictionary()
        for key in keys.all { if let value = key.defaultValue { result[key.name] = value } }
        return result
    }
}
