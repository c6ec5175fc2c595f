/// A typed key for a `Codable` value, with the default a store returns when nothing is saved.
///
/// Values are stored the way `UserDefaults` and the Defaults library store them: the integer
/// types as `<integer>`, `Double` and `Float` as `<real>`, `Bool` as `<true/>`/`<false/>`, `String`
/// as `<string>`, `Date` as `<date>` (whole seconds), `Data` as `<data>`, `URL` as its string,
/// arrays and string-keyed dictionaries of these as `<array>` and `<dict>`, a `Set` of these as
/// an `<array>` in ascending order, a `RawRepresentable` as its raw value, and an `Optional` as
/// its wrapped value (`nil` removes the key). Any other `Codable` type is stored as JSON-encoded
/// `Data` with sorted keys, as iOS apps store it.
///
/// Reading is more forgiving, so that what the shell and other libraries store reads back (see
/// ``PreferenceStore/value(for:)``): after `prefs write DOMAIN fontSize 14`, which stores the
/// string "14" as `defaults write` does, an `Int` key reads 14; a `Codable` value also reads from
/// a dictionary (`prefs write DOMAIN layout --json '{…}'`) or a string of JSON (the Defaults
/// library's form).
///
/// ```swift
/// extension PreferenceKey where Value == Int {
///     static let fontSize = PreferenceKey("fontSize", default: 12)   // <integer>
/// }
/// try store.set(14, for: .fontSize)
/// ```
///
/// ```swift
/// extension PreferenceKey where Value == WindowLayout {
///     static let layout = PreferenceKey("layout", default: WindowLayout())
/// }
/// let layout = try store.value(for: .layout)
/// ```
public struct PreferenceKey<Value: Codable & Sendable>: Sendable {
    /// The key the value is stored under.
    public let name: String
    /// What ``PreferenceStore/value(for:)`` returns when no value is stored.
    public let defaultValue: Value

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - name: The key the value is stored under.
    ///   - defaultValue: The value to return when none is stored.
    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }
}
