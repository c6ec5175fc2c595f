import Preferences
import PropertyLists

/// Prints what a manifest says of keys, for `prefs describe`: one block per key.
struct ManifestDescription {
    /// The domain's stored values, shown beside each key.
    let stored: PropertyListDictionary
    private var first = true

    init(stored: PropertyListDictionary) {
        self.stored = stored
    }

    /// Describes every key of `keys` and, nested, their subkeys.
    mutating func describe(_ keys: ManifestKeys, under path: [String]) throws {
        for key in keys.all { try describe(key, at: path + [key.name]) }
    }

    /// Describes `key`, found at `path` (`*` for an array's items), and its subkeys.
    mutating func describe(_ key: ManifestKey, at path: [String]) throws {
        if !first { Output.write("\n") }
        first = false
        Output.write(TextEscaper.line.escaped(path.joined(separator: ".")) + "\n")
        line("type", key.type.rawValue + (key.isRequired ? ", required" : "") + (key.isDeprecated ? ", deprecated" : ""))
        if let title = key.title { line("title", title) }
        if let value = key.defaultValue { line("default", try Self.text(value)) }
        if key.minimum != nil || key.maximum != nil {
            line("range", "\(try key.minimum.map(Self.text) ?? "any") to \(try key.maximum.map(Self.text) ?? "any")")
        }
        if let choices = key.allowedValues { line("choices", try choices.map(Self.text).joined(separator: ", ")) }
        if let format = key.format { line("format", format) }
        var items: [String] = []
        if key.minimumCount != nil || key.maximumCount != nil {
            items.append("\(key.minimumCount.map(String.init) ?? "0") to \(key.maximumCount.map(String.init) ?? "any")")
        }
        if key.itemsAreUnique { items.append("unique") }
        if !items.isEmpty { line("items", items.joined(separator: ", ")) }
        if let description = key.description { line("description", description) }
        if !path.contains("*") {
            line("stored", try PropertyListKeyPath(components: path).value(in: stored).map(Self.text) ?? "(not stored)")
        }
        if let item = key.itemKey {
            try describe(item, at: path + ["*"])
        } else {
            try describe(key.subkeys, under: path)
        }
    }

    private func line(_ label: String, _ value: String) {
        Output.write("  \(label): \(value.replacing("\n", with: "\n    "))\n")
    }

    /// A value on one line, as `prefs read` prints it (a container's lines joined).
    private static func text(_ value: PropertyList) throws -> String {
        try TextFormat.render(value).split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
    }
}
