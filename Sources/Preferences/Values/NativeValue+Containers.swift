// The containers `NativeValue` looks into, seen through type-erased lenses: `Any.Type` and
// `Any` carry no generic parameters, so these protocols recover them at run time.

/// `Optional`, seen through a type-erased lens.
protocol OptionalValue {
    static var wrappedType: Any.Type { get }
    static func wrapping(_ value: Any) -> Any
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    static func wrapping(_ value: Any) -> Any { Self.some(value as! Wrapped) as Any }
    var wrappedValue: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
}

/// `Array`, seen through a type-erased lens.
protocol ArrayValue {
    static var elementType: Any.Type { get }
    init(elements: [Any])
    var elements: [Any] { get }
}

extension Array: ArrayValue {
    static var elementType: Any.Type { Element.self }
    init(elements: [Any]) { self = elements.map { $0 as! Element } }
    var elements: [Any] { map { $0 } }
}

/// A string-keyed `Dictionary`, seen through a type-erased lens.
protocol DictionaryValue {
    static var valueType: Any.Type { get }
    init(entries: [String: Any])
    var entries: [String: Any] { get }
}

extension Dictionary: DictionaryValue where Key == String {
    static var valueType: Any.Type { Value.self }
    init(entries: [String: Any]) { self = entries.mapValues { $0 as! Value } }
    var entries: [String: Any] { mapValues { $0 } }
}

/// A `Set`, seen through a type-erased lens.
protocol SetValue {
    static var elementType: Any.Type { get }
    init(elements: [Any])
    var elements: [Any] { get }
}

extension Set: SetValue {
    static var elementType: Any.Type { Element.self }
    init(elements: [Any]) { self.init(elements.map { $0 as! Element }) }
    var elements: [Any] { map { $0 } }
}
