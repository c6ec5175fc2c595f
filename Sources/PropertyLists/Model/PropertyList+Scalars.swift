extension PropertyList {
    /// The integer, if this value is an integer that fits `Int`; `nil` otherwise (no conversion).
    public var intValue: Int? {
        guard case .integer(let integer) = self, let value = integer.int64Value else { return nil }
        return Int(exactly: value)
    }

    /// The number, if this value is a real or an integer; `nil` otherwise (no conversion from text).
    public var doubleValue: Double? {
        switch self {
        case .real(let real): real
        case .integer(let integer): integer.doubleValue
        default: nil
        }
    }

    /// The Boolean, if this value is a Boolean; `nil` otherwise (no conversion from numbers or text).
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }
}
