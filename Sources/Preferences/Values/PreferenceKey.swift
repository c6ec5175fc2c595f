/// A typed key for a `Codable` value, with the default a store returns when nothing is saved.
///
/// Values are stored the way `UserDefaults` and the Defaults library store them: the integer
/// types as `<integer>`, `Double` and `Float` as `<real>`, `Bool` as `<true/>`/`<false/>`, `String`
/// as `<string>`, `Date` as `<date>` (whole seconds), `Data` as `<data>`, `URL` as its string,
/// arrays and string-keyed dictionaries of these as `<array>` and `<dict>`, a `RawRepresentable`
/// as its raw value, and an `Optional` as its wrapped value (`nil` removes the key). Any other
/// `Codable` type is stored as JSON-encoded `Data` with sorted keys, as iOS apps store it.
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
