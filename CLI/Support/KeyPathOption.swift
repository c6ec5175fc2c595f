import ArgumentParser
import Preferences

/// `--key-path PATH`, for the commands that take one KEY (`read`, `read-type`, `delete`), and the
/// one rule they share: a KEY or `--key-path`, not both.
struct KeyPathOption: ParsableArguments {
    @Option(
        name: .customLong("key-path"),
        help: ArgumentHelp("A nested value instead of a KEY: dots separate keys, numbers index arrays, \\. escapes a dot.", valueName: "path"))
    var keyPath: String?

    /// The value the command names: `--key-path`, else the one KEY left in `rest`.
    ///
    /// - Returns: `nil` when neither is given.
    /// - Throws: ``CLIError`` (usage) for both, for several keys, or for a malformed path.
    func path(from rest: ArraySlice<String>) throws -> PropertyListKeyPath? {
        try Self.path(keyPath, from: rest)
    }

    /// As ``path(from:)``, for `--key-path`'s text when it is parsed elsewhere (the fast path).
    static func path(_ keyPath: String?, from rest: ArraySlice<String>) throws -> PropertyListKeyPath? {
        guard rest.count <= 1, rest.isEmpty || keyPath == nil else {
            throw CLIError(.usage, "give one KEY or --key-path, not both or several")
        }
        if let keyPath { return try PropertyListKeyPath(parsing: keyPath) }
        return rest.first.map(PropertyListKeyPath.init(key:))
    }
}
