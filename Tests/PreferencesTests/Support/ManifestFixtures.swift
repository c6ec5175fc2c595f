import Foundation
import Preferences
import PropertyLists

/// Builds manifests for tests: key descriptions as dictionaries, written through the canonical
/// writer into a scratch folder and read back as a ``Manifest``.
enum ManifestFixtures {
    /// A `pfm_subkeys` entry: `pfm_name`, `pfm_type`, then `rules`.
    static func key(_ name: String, _ type: String, _ rules: PropertyListDictionary = [:]) -> PropertyList {
        var entry: PropertyListDictionary = ["pfm_name": .string(name), "pfm_type": .string(type)]
        for (rule, value) in rules { entry[rule] = value }
        return .dictionary(entry)
    }

    /// Writes a manifest of `domain` with these keys to `path`.
    static func write(_ keys: [PropertyList], domain: String = "com.example.editor", to path: String) throws {
        let root: PropertyList = ["pfm_domain": .string(domain), "pfm_format_version": 1, "pfm_subkeys": .array(keys)]
        try Data(try PropertyListWriter().write(root)).write(to: URL(fileURLWithPath: path))
    }

    /// A manifest of these keys, read from a file in `scratch`.
    static func manifest(_ keys: [PropertyList], in scratch: Scratch) throws -> Manifest {
        let path = scratch.file("manifest.plist")
        try write(keys, to: path)
        return try Manifest(contentsOf: path)
    }
}
