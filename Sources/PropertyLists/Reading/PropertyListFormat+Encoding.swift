extension PropertyListFormat {
    /// The bytes of `value` in this format, as its writer makes them: ``PropertyListWriter``,
    /// ``BinaryPropertyListWriter``, ``JSONWriter`` or ``OpenStepWriter``.
    ///
    /// - Throws: ``PropertyListError`` when the format cannot carry the value (JSON: NaN and
    ///   infinite reals; XML: control characters) or it passes a limit.
    public func encode(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
        switch self {
        case .xml: try PropertyListWriter().write(value)
        case .binary: try BinaryPropertyListWriter().write(value)
        case .json: Array(try JSONWriter().write(value).utf8)
        case .openStep: Array(try OpenStepWriter().write(value).utf8)
        }
    }
}
