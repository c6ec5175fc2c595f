extension PropertyList {
    /// The type's name as a sentence uses it after "is" or "not": `a string`, `an integer`,
    /// `a real`, `a boolean`, `a date`, `data`, `an array` or `a dictionary`.
    public var typeNameWithArticle: String {
        switch self {
        case .integer, .array: "an \(typeName)"
        case .data: typeName
        default: "a \(typeName)"
        }
    }
}
