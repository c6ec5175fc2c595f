import Foundation
import Preferences
import PreferencesConfiguration
import PropertyLists
import TestSupport
import Testing

/// A temporary prefs installation for one test: the user's folder, an administrator's folder and a
/// manifests folder, written with the real `prefs` binary and read by providers made from the
/// same environment.
struct PrefsHome {
    let folder = TemporaryFolder()

    /// The user's folder of domains (`PREFS_HOME`).
    var home: String { folder.file("user") }
    /// The administrator's folder of domains (`prefs` inside `XDG_CONFIG_DIRS`).
    var administratorFolder: String { folder.file("etc/prefs") }
    /// Where manifests are installed (`PREFS_MANIFESTS`).
    var manifestsFolder: String { folder.file("manifests") }

    /// The variables that point prefs, the binary and the library alike, at these folders only.
    var variables: [String: String] {
        ["PREFS_HOME": home, "XDG_CONFIG_DIRS": folder.file("etc"), "PREFS_MANIFESTS": manifestsFolder, "PREFS_NO_CACHE": "1"]
    }

    /// A provider of `domain` in these folders, made as a program makes one.
    func provider(_ domain: String = "com.example.server") throws -> PreferencesProvider {
        try PreferencesProvider(domain: domain, environment: PreferencesEnvironment(variables))
    }

    /// Runs the real `prefs` with `arguments` on these folders and requires it to succeed.
    @discardableResult
    func prefs(_ arguments: String..., input: String = "") throws -> CommandResult {
        try prefs(arguments, input: input)
    }

    /// Runs the real `prefs` with `arguments` on these folders and requires it to succeed.
    @discardableResult
    func prefs(_ arguments: [String], input: String = "") throws -> CommandResult {
        let result = try Shell.prefs(arguments, home: home, environment: variables, input: input)
        try #require(result.status == 0, "prefs \(arguments.joined(separator: " ")): \(result)")
        return result
    }

    /// Replaces `domain` with `values` through `prefs import`, as XML on standard input.
    func importDomain(_ domain: String, _ values: PropertyListDictionary) throws {
        let xml = String(decoding: try PropertyListWriter().write(.dictionary(values)), as: UTF8.self)
        try prefs("import", domain, "-", input: xml)
    }

    /// Writes `values` as the administrator's file of `domain`, which no prefs command writes.
    func writeAdministratorFile(_ domain: String, _ values: PropertyListDictionary) throws {
        try FileManager.default.createDirectory(atPath: administratorFolder, withIntermediateDirectories: true)
        let bytes = try PropertyListWriter().write(.dictionary(values))
        try Data(bytes).write(to: URL(fileURLWithPath: administratorFolder + "/" + domain + ".plist"))
    }

    /// Installs a manifest of `domain` whose `pfm_subkeys` are `keys`.
    func installManifest(_ domain: String, keys: [PropertyList]) throws {
        try FileManager.default.createDirectory(atPath: manifestsFolder, withIntermediateDirectories: true)
        let root: PropertyList = ["pfm_domain": .string(domain), "pfm_format_version": 1, "pfm_subkeys": .array(keys)]
        let bytes = try PropertyListWriter().write(root)
        try Data(bytes).write(to: URL(fileURLWithPath: manifestsFolder + "/" + domain + ".plist"))
    }
}
