/// A property list date: a UTC moment with whole-second precision, in years 1 through 9999 of
/// the proleptic Gregorian calendar.
///
/// XML property lists spell dates `2024-02-29T12:34:56Z` and have no room for fractions of a
/// second, so the value keeps whole seconds and round-trips exactly.
public struct PropertyListDate: Hashable, Comparable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int64

    /// The earliest date a property list holds, `0001-01-01T00:00:00Z`.
    public static let earliest = PropertyListDate(unchecked: -62_135_596_800)
    /// The latest date a property list holds, `9999-12-31T23:59:59Z`.
    public static let latest = PropertyListDate(unchecked: 253_402_300_799)

    /// Creates a date from seconds since 1970, or `nil` outside years 1 through 9999.
    public init?(secondsSince1970: Int64) {
        guard (Self.earliest.secondsSince1970...Self.latest.secondsSince1970).contains(secondsSince1970) else {
            return nil
        }
        self.secondsSince1970 = secondsSince1970
    }

    private init(unchecked seconds: Int64) {
        secondsSince1970 = seconds
    }

    /// Creates a date from calendar fields in UTC, or `nil` when a field is out of range.
    ///
    /// - Parameters:
    ///   - year: 1 through 9999.
    ///   - month: 1 through 12.
    ///   - day: 1 through the length of the month.
    ///   - hour: 0 through 23.
    ///   - minute: 0 through 59.
    ///   - second: 0 through 59.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysInMonth(year: year, month: month)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let days = Self.daysSince1970(year: year, month: month, day: day)
        self.init(unchecked: Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second))
    }

    /// The calendar fields of this date in UTC.
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var days = secondsSince1970 / 86_400
        var secondOfDay = secondsSince1970 % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let (year, month, day) = Self.civilDate(daysSince1970: Int(days))
        let s = Int(secondOfDay)
        return (year, month, day, s / 3600, s / 60 % 60, s % 60)
    }

    /// The date as a property list spells it: `YYYY-MM-DDTHH:MM:SSZ`.
    public var iso8601: String {
        String(unsafeUninitializedCapacity: Self.iso8601Count) { writeISO8601(to: $0.baseAddress!) }
    }

    /// The date as `defaults read` prints it, in UTC: `2024-02-29 12:34:56 +0000`.
    public var defaultsDescription: String {
        // ``iso8601`` with a space for its `T` and ` +0000` for its `Z`.
        let iso = iso8601.utf8
        return String(decoding: iso.prefix(10), as: UTF8.self) + " " + String(decoding: iso.dropFirst(11).prefix(8), as: UTF8.self) + " +0000"
    }

    /// The length of ``iso8601``.
    static let iso8601Count = 20

    /// Writes ``iso8601`` at `output`, which has room for ``iso8601Count`` bytes, without
    /// building a string.
    ///
    /// - Returns: ``iso8601Count``.
    func writeISO8601(to output: UnsafeMutablePointer<UInt8>) -> Int {
        var out = output
        func put(_ value: Int, digits: Int, then separator: Unicode.Scalar) {
            var divisor = digits == 4 ? 1000 : 10
            while divisor > 0 {
                out.pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / divisor % 10)
                out += 1
                divisor /= 10
            }
            out.pointee = UInt8(ascii: separator)
            out += 1
        }
        let c = components
        put(c.year, digits: 4, then: "-")
        put(c.month, digits: 2, then: "-")
        put(c.day, digits: 2, then: "T")
        put(c.hour, digits: 2, then: ":")
        put(c.minute, digits: 2, then: ":")
        put(c.second, digits: 2, then: "Z")
        return out - output
    }

    public static func < (lhs: PropertyListDate, rhs: PropertyListDate) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSince1970(year:month:day:)` (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970 days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

}

extension PropertyListDate {
    /// Parses a date as XML property lists spell it: exactly `YYYY-MM-DDTHH:MM:SSZ`.
    ///
    /// Shorter forms with trailing fields left out (`2024-05-01Z`), which some readers take,
    /// are refused: no writer makes them, and the README promises the full form only.
    ///
    /// - Parameter text: The text, with no surrounding white space.
    /// - Returns: The date, or `nil` when the text is not a date or a field is out of range.
    public init?<Bytes: Collection<UInt8>>(parsing text: Bytes) {
        // One pass over the bytes, with no array made: every date of every file comes here.
        guard text.count == 20 else { return nil }
        var index = text.startIndex
        func next() -> UInt8 {
            defer { text.formIndex(after: &index) }
            return text[index]
        }
        func number(_ width: Int) -> Int? {
            var value = 0
            for _ in 0..<width {
                let byte = next()
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(4), next() == UInt8(ascii: "-"), let month = number(2), next() == UInt8(ascii: "-"),
            let day = number(2), next() == UInt8(ascii: "T"), let hour = number(2), next() == UInt8(ascii: ":"),
            let minute = number(2), next() == UInt8(ascii: ":"), let second = number(2), next() == UInt8(ascii: "Z")
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}
