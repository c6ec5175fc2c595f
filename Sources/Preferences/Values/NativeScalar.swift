import FoundationEssentials
import PropertyLists

/// A type stored as one property list value.
protocol NativeScalar {
    /// The value read from `plist`, converted as ``Coercion`` converts exactly (the string "42"
    /// is the integer 42), or `nil` when `plist` does not stand for one or is out of range.
    init?(native plist: PropertyList)
    /// The property list form.
    func propertyListValue() throws(PreferenceError) -> PropertyList
}

extension NativeScalar where Self: FixedWidthInteger {
    init?(native plist: PropertyList) {
        guard let integer = Coercion.exactInteger(plist) else { return nil }
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
        guard let value = Coercion.exactDouble(plist) else { return nil }
        self = value
    }
}

extension Float: NativeScalar {
    init?(native plist: PropertyList) {
        guard let value = Coercion.exactDouble(plist) else { return nil }
        self = Float(value)
    }
}

extension Bool: NativeScalar {
    init?(native plist: PropertyList) {
        guard let value = Coercion.exactBool(plist) else { return nil }
        self = value
    }
}

extension String: NativeScalar {
    /// A string, or a number or Boolean in the decimal form ``Coercion/string(_:)`` gives it.
    init?(native plist: PropertyList) {
        guard let value = Coercion.string(plist) else { return nil }
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
        guard let date = Coercion.exactDate(plist) else { return nil }
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
