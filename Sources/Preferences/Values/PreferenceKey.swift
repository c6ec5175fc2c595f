/// A typed key for a `Codable` value, with the default a store returns when nothing is saved.
///
/// Values are stored the way iOS apps store them in `UserDefaults`: JSON-encoded `Data`
/// (keys sorted) under the key's name.
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
