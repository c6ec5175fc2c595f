import FoundationEssentials
import PropertyLists

/// A Swift value that a preferences domain can hold: the property list types and Foundation's
/// `Data`, `Date` and `URL`.
///
/// ```swift
/// try store.set(13, forKey: "fontSize")
/// try store.set(["a.txt", "b.txt"], forKey: "recent")
/// ```
public protocol PropertyListConvertible {
    /// The property list form of the value.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` when the value has no property
    ///   list form, such as a date outside years 1 through 9999.
    func propertyListValue() throws(PreferenceError) -> PropertyList
}

extension PropertyList: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { self }
}

extension PropertyListDictionary: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .dictionary(self) }
}

extension PropertyListDate: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .date(self) }
}

extension String: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .string(self) }
}

extension Bool: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .bool(self) }
}

extension Int: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .integer(PropertyListInteger(self)) }
}

extension Int64: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .integer(PropertyListInteger(self)) }
}

extension Int32: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .integer(PropertyListInteger(Int64(self))) }
}

extension UInt64: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .integer(PropertyListInteger(self)) }
}

extension UInt: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .integer(PropertyListInteger(UInt64(self))) }
}

extension Double: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .real(self) }
}

extension Float: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .real(Double(self)) }
}

extension Data: PropertyListConvertible {
    public func propertyListValue() -> PropertyList { .data([UInt8](self)) }
}

extension Date: PropertyListConvertible {
    /// The date rounded down to whole seconds, the precision of XML property lists.
    public func propertyListValue() throws(PreferenceError) -> PropertyList {
        let seconds = timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, seconds >= -1e15, seconds <= 1e15,
            let date = PropertyListDate(secondsSince1970: Int64(seconds))
        else {
            throw PreferenceError(.invalidArgument, "the date \(self) is outside years 1 through 9999, which property lists hold")
        }
        return .date(date)
    }
}

extension URL: PropertyListConvertible {
    /// The URL as a string: a file URL's path, any other URL's absolute string, so that
    /// `url(forKey:)` reads it back.
    public func propertyListValue() -> PropertyList {
        .string(isFileURL ? path : absoluteString)
    }
}

extension Array: PropertyListConvertible where Element: PropertyListConvertible {
    public func propertyListValue() throws(PreferenceError) -> PropertyList {
        var elements: [PropertyList] = []
        elements.reserveCapacity(count)
        for element in self { elements.append(try element.propertyListValue()) }
        return .array(elements)
    }
}

extension Dictionary: PropertyListConvertible where Key == String, Value: PropertyListConvertible {
    public func propertyListValue() throws(PreferenceError) -> PropertyList {
        var dictionary = PropertyListDictionary(minimumCapacity: count)
        for (key, value) in self { dictionary[key] = try value.propertyListValue() }
        return .dictionary(dictionary)
    }
}

extension PropertyListDate {
    /// The date as a Foundation `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(secondsSince1970)) }
}
