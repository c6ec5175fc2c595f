import FoundationEssentials
import PropertyLists

/// A type stored as one property list value.
protocol NativeScalar {
    /// The value read from `plist`, or `nil` when `plist` is of another type or out of range.
    init?(native plist: PropertyList)
    /// The property list form.
    func propertyListValue() throws(PreferenceError) -> PropertyList
}

extension NativeScalar where Self: FixedWidthInteger {
    init?(native plist: PropertyList) {
        guard case .integer(let integer) = plist else { return nil }
        if let signed = integer.int64Value, let value = Self(exactly: signed) {
            self = value
            return
        }
        guard let unsigned = integer.uint64Value, let value = Self(exactly: unsigned) else { return nil }
        self = value
    }

    func propertyListValue() -> PropertyList {
        self < 0 ? .integer(PropertyListInteger(Int64(self))) : .integer(PropertyListInteger(UInt64(self)))
    }
}

extension Int: NativeScalar {}
extension Int8: NativeScalar {}
extension Int16: NativeScalar {}
extension Int32: NativeScalar {}
extension Int64: NativeScalar {}
extension UInt: NativeScalar {}
extension UInt8: NativeScalar {}
extension UInt16: NativeScalar {}
extension UInt32: NativeScalar {}
extension UInt64: NativeScalar {}

extension Double: NativeScalar {
    init?(native plist: PropertyList) {
        guard let value = plist.doubleValue else { return nil }
        self = value
    }
}

extension Float: NativeScalar {
    init?(native plist: PropertyList) {
        guard let value = plist.doubleValue else { return nil }
        self = Float(value)
    }
}

extension Bool: NativeScalar {
    init?(native plist: PropertyList) {
        guard let value = plist.boolValue else { return nil }
        self = value
    }
}

extension String: NativeScalar {
    init?(native plist: PropertyList) {
        guard let value = plist.stringValue else { return nil }
        self = value
    }
}

extension Data: NativeScalar {
    init?(native plist: PropertyList) {
        guard let bytes = plist.dataValue else { return nil }
        self = Data(bytes)
    }
}

extension Date: NativeScalar {
    init?(native plist: PropertyList) {
        guard case .date(let date) = plist else { return nil }
        self = date.date
    }
}

extension URL: NativeScalar {
    init?(native plist: PropertyList) {
        guard let string = plist.stringValue else { return nil }
        if string.hasPrefix("/") {
            self = URL(fileURLWithPath: string)
            return
        }
        guard let url = URL(string: string) else { return nil }
        self = url
    }
}
