import PropertyLists

/// A path into nested values: `a.b.0` is key `b` of dictionary `a`, then element 0 of that
/// array. A backslash escapes a dot (`version\.major` is one key) or a backslash.
///
/// A component indexes an array when the value it reaches into is an array and the component is
/// a decimal number; otherwise it is a dictionary key.
public struct PropertyListKeyPath: Hashable, Sendable, CustomStringConvertible {
    /// The components, unescaped.
    public let components: [String]

    /// Parses a key path.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` for an empty path, an empty
    ///   component or a trailing backslash.
    public init(parsing text: String) throws(PreferenceError) {
        var components: [String] = []
        var current = String.UnicodeScalarView()
        var escaping = false
        // By scalar, as `description` escapes: a character can hold a dot or a backslash behind
        // a prepended mark (U+0604 then `\\` is one Character).
        for scalar in text.unicodeScalars {
            if escaping {
                current.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == "." {
                components.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        guard !escaping else {
            throw PreferenceError(.invalidArgument, "invalid key path \(text.quotedForMessage()): it ends with a lone backslash")
        }
        components.append(String(current))
        guard !components.contains(where: \.isEmpty) else {
            throw PreferenceError(.invalidArgument, "invalid key path \(text.quotedForMessage()): it has an empty component (use \\. for a dot inside a key)")
        }
        self.components = components
    }

    /// A path of one key.
    public init(key: String) {
        components = [key]
    }

    /// A path of these keys and array indices, unescaped.
    ///
    /// - Parameter components: At least one component.
    public init(components: [String]) {
        precondition(!components.isEmpty, "a key path has at least one component")
        self.components = components
    }

    /// The path as typed, dots escaped.
    public var description: String {
        components.map(Self.escaped).joined(separator: ".")
    }

    /// `component` with a backslash before each dot and backslash.
    private static func escaped(_ component: String) -> String {
        guard component.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "\\") }) else { return component }
        var escaped = String.UnicodeScalarView()
        for scalar in component.unicodeScalars {
            if scalar == "." || scalar == "\\" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }

    /// The value at this path inside `dictionary`, or `nil` when any step is missing.
    public func value(in dictionary: PropertyListDictionary) -> PropertyList? {
        var current: PropertyList = .dictionary(dictionary)
        for component in components {
            switch current {
            case .dictionary(let inner):
                guard let next = inner[component] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(component), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Stores `value` at this path inside `dictionary`, creating missing dictionaries on the
    /// way; `nil` removes the value.
    ///
    /// An array index may name an existing element, or the element one past the end to append.
    /// On error `dictionary` is unchanged.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` when a step passes through a
    ///   value that is not a container or an index is out of range; `.notFound` when removing a
    ///   value that is not there.
    public func set(_ value: PropertyList?, in dictionary: inout PropertyListDictionary) throws(PreferenceError) {
        try check(removing: value == nil, in: dictionary)
        Self.apply(value, at: components[...], in: &dictionary)
    }

    /// Throws unless ``set(_:in:)`` can follow this path.
    private func check(removing: Bool, in dictionary: PropertyListDictionary) throws(PreferenceError) {
        var current = PropertyList.dictionary(dictionary)
        for (offset, component) in components.enumerated() {
            let isLast = offset == components.count - 1
            switch current {
            case .dictionary(let inner):
                guard let next = inner[component] else {
                    if removing { throw PreferenceError(.notFound, "there is no value at key path \"\(self)\"") }
                    return  // the rest of the path is created as dictionaries
                }
                current = next
            case .array(let elements):
                guard let index = Int(component), index >= 0,
                    index < elements.count || (index == elements.count && isLast && !removing)
                else {
                    throw PreferenceError(
                        removing ? .notFound : .invalidArgument,
                        "key path \"\(self)\": \"\(component)\" is not an index of the array there, which has \(elements.count) elements")
                }
                if index == elements.count { return }
                current = elements[index]
            default:
                throw PreferenceError(
                    .invalidArgument,
                    "key path \"\(self)\": the value before \"\(component)\" is \(current.typeNameWithArticle), not a dictionary or array")
            }
        }
    }

    /// Follows a path that ``check(removing:in:)`` accepted from `dictionary`, changing it in
    /// place: a large domain is not copied to change one value (a nested container on the
    /// path is, and storing it back compares it with the old one, at once when nothing changed).
    private static func apply(_ value: PropertyList?, at components: ArraySlice<String>, in dictionary: inout PropertyListDictionary) {
        let key = components.first!
        let rest = components.dropFirst()
        guard !rest.isEmpty else {
            dictionary[key] = value
            return
        }
        var child = dictionary[key] ?? .dictionary(PropertyListDictionary())
        apply(value, at: rest, to: &child)
        dictionary[key] = child
    }

    /// Follows a path that ``check(removing:in:)`` accepted from the container `container`.
    private static func apply(_ value: PropertyList?, at components: ArraySlice<String>, to container: inout PropertyList) {
        let component = components.first!
        let rest = components.dropFirst()
        switch container {
        case .dictionary(var dictionary):
            container = .bool(false)  // release the reference so the dictionary is uniquely held
            apply(value, at: components, in: &dictionary)
            container = .dictionary(dictionary)
        case .array(var elements):
            container = .bool(false)
            let index = Int(component)!
            if !rest.isEmpty {
                var child = elements[index]
                elements[index] = .bool(false)
                apply(value, at: rest, to: &child)
                elements[index] = child
            } else if let value {
                if index == elements.count { elements.append(value) } else { elements[index] = value }
            } else {
                elements.remove(at: index)
            }
            container = .array(elements)
        default:
            break
        }
    }
}
