import PropertyLists

extension CommandLineValue {
    /// The forms `-date` takes, for messages.
    static let dateForms = "2024-02-29T12:34:56Z, 2024-02-29 12:34:56 +0000 or 2024-02-29"

    /// Parses `YYYY-MM-DDTHH:MM:SSZ`, `YYYY-MM-DD HH:MM:SS ±HHMM` (how `defaults` prints
    /// dates), `YYYY-MM-DDTHH:MM:SS±HH:MM` and `YYYY-MM-DD`.
    ///
    /// - Returns: The date, or what is wrong with `text`: its form, the field out of range (a
    ///   month 13, a February 29 outside a leap year), its time zone, or a year outside 1–9999.
    static func parseDate(_ text: String) -> Result<PropertyListDate, ValueProblem> {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        let notADate = ValueProblem("not a date (expected \(dateForms); for the current time give \"$(date -u +%Y-%m-%dT%H:%M:%SZ)\")")
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else { return .failure(notADate) }
        var hour = 0
        var minute = 0
        var second = 0
        var zone = bytes[10...]
        if bytes.count > 10 {
            guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
                bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                let hours = number(11..<13), let minutes = number(14..<16), let seconds = number(17..<19)
            else { return .failure(notADate) }
            (hour, minute, second) = (hours, minutes, seconds)
            zone = bytes[19...]
        }
        if let problem = fieldProblem(year: year, month: month, day: day, hour: hour, minute: minute, second: second) {
            return .failure(problem)
        }
        let local = PropertyListDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)!
        if bytes.count == 10 { return .success(local) }
        if zone.first == UInt8(ascii: ".") || zone.first == UInt8(ascii: ",") {
            return .failure(ValueProblem("fractional seconds are not stored (property list dates have whole seconds; give \(text.prefix(19))Z)"))
        }
        guard let offset = zoneOffset(zone, afterT: bytes[10] == UInt8(ascii: "T")) else {
            let given = String(decoding: zone.drop { $0 == UInt8(ascii: " ") }, as: UTF8.self)
            return .failure(
                ValueProblem(
                    "the time zone \(given.quotedForMessage(limit: 60)) is not Z, +HHMM, -HHMM or +HH:MM with HH 00 through 23 and MM 00 through 59 (a space may come before it)"
                ))
        }
        guard let date = PropertyListDate(secondsSince1970: local.secondsSince1970 - Int64(offset)) else {
            return .failure(ValueProblem("in UTC this falls outside years 1 through 9999"))
        }
        return .success(date)
    }

    /// The field of a date that is out of range, if any.
    private static func fieldProblem(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> ValueProblem? {
        if year == 0 { return ValueProblem("year 0000 is out of range (dates have years 0001 through 9999)") }
        if !(1...12).contains(month) { return ValueProblem("there is no month \(month) (months go from 01 to 12)") }
        let length = (28...31).last { PropertyListDate(year: year, month: month, day: $0) != nil }!
        if !(1...length).contains(day) {
            let leap = month == 2 && day == 29 ? ", as \(year) is not a leap year" : ""
            return ValueProblem("there is no day \(day) in \(text(year, 4))-\(text(month, 2)) (it has \(length) days\(leap))")
        }
        if hour > 23 { return ValueProblem("hour \(hour) is out of range (00 through 23)") }
        if minute > 59 { return ValueProblem("minute \(minute) is out of range (00 through 59)") }
        if second > 59 { return ValueProblem("second \(second) is out of range (00 through 59; leap seconds are not stored)") }
        return nil
    }

    /// The offset from UTC in seconds that `zone` names: empty after `T` or `Z` is UTC,
    /// otherwise an optional space and `±HHMM` or `±HH:MM`, as RFC 3339 bounds them (hours
    /// through 23, minutes through 59).
    private static func zoneOffset(_ zone: ArraySlice<UInt8>, afterT: Bool) -> Int? {
        var zone = zone
        if zone.first == UInt8(ascii: " ") { zone = zone.dropFirst() }
        if zone.isEmpty && afterT || zone.elementsEqual("Z".utf8) { return 0 }
        let digits = zone.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), digits.count == 4,
            digits.allSatisfy({ (48...57).contains($0) }),
            zone.count == 5 || (zone.count == 6 && zone[zone.startIndex + 3] == UInt8(ascii: ":"))
        else { return nil }
        let values = digits.map { Int($0 - 48) }
        let (hours, minutes) = (values[0] * 10 + values[1], values[2] * 10 + values[3])
        guard hours <= 23, minutes <= 59 else { return nil }
        let offset = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "+") ? offset : -offset
    }

    private static func text(_ number: Int, _ width: Int) -> String {
        String(number).leftPadded(width)
    }
}
