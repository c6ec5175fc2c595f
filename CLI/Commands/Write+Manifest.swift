import Preferences
import PropertyLists

extension WriteRequest {
    /// Parses the value words, reading a plain word as the type the manifest gives the key,
    /// as `gsettings set` does: with an integer key, `prefs write D fontSize 14` stores the
    /// integer 14. A type flag or literal (`'"14"'` is the string 14) is taken as given; without
    /// a manifest, a plain word is a string, as on a Mac.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` when the word is not of the
    ///   key's type.
    static func action(_ words: [String], at path: PropertyListKeyPath, typedBy manifest: Manifest?) throws(PreferenceError) -> CommandLineValue.Action {
        let action = try CommandLineValue.parse(words)
        // Only a plain word: a literal (`<string>13</string>`) is a value as given, whatever it holds.
        guard let manifest, words.count == 1, !CommandLineValue.isPropertyListLiteral(words[0]), case .set(.string(let word)) = action,
            let type = manifest.key(at: path.components)?.type, let flag = flag(for: type)
        else { return action }
        do {
            // A real key takes the number as typed: -float would round it to a 32-bit float.
            return .set(type == .real ? try CommandLineValue.double(word) : try CommandLineValue.typed(flag, word))
        } catch {
            throw PreferenceError(
                .invalidArgument,
                "the manifest \(manifest.path) makes \(path) \(type.rawValue == "integer" ? "an" : "a") \(type.rawValue), so the value is read as \(error.message) (to store it as text anyway: prefs write --no-manifest DOMAIN KEY -string VALUE)"
            )
        }
    }

    private static func flag(for type: ManifestType) -> String? {
        switch type {
        case .integer: "-int"
        case .real: "-float"
        case .boolean: "-bool"
        case .date: "-date"
        case .data: "-data"
        case .string, .array, .dictionary: nil
        }
    }
}
