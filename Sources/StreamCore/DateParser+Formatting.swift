#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DateParser {
    /// Formats a date as RFC 3339 in UTC with a `Z`, with milliseconds only when they are not zero:
    /// `2005-07-31T12:29:29Z`, `2012-04-23T18:25:43.511Z`.
    public static func rfc3339String(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendRFC3339(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the RFC 3339 form of ``rfc3339String(_:)`` as UTF-8 bytes, without making a `String`: for
    /// writers that print many dates.
    public static func appendRFC3339(_ date: Date, to bytes: inout [UInt8]) {
        let totalMilliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        var seconds = Int(totalMilliseconds / 1000)
        var milliseconds = Int(totalMilliseconds - Double(seconds) * 1000)
        if milliseconds < 0 {
            milliseconds += 1000
            seconds -= 1
        }
        let (days, secondOfDay) = daysAndSecond(of: seconds)
        let (year, month, day) = civil(fromDays: days)
        appendPadded(year, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(day, 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendTime(secondOfDay, to: &bytes)
        if milliseconds != 0 {
            bytes.append(UInt8(ascii: "."))
            appendPadded(milliseconds, 3, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Formats a date as RFC 822 in GMT, whole seconds, as RSS and OPML write dates: `Sun, 31 Jul 2005 12:29:29 GMT`
    /// (what `DateFormatter` writes with `EEE, dd MMM yyyy HH:mm:ss 'GMT'` in `en_US_POSIX`).
    package static func rfc822String(_ date: Date) -> String {
        let (days, secondOfDay) = daysAndSecond(of: Int((date.timeIntervalSince1970).rounded(.down)))
        let (year, month, day) = civil(fromDays: days)
        // 1 January 1970 was a Thursday.
        let weekday = ((days % 7) + 7 + 4) % 7
        var bytes = Array(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday].utf8)
        bytes += Array(", ".utf8)
        appendPadded(day, 2, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes += Array(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1].utf8)
        bytes.append(UInt8(ascii: " "))
        appendPadded(year, 4, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        appendTime(secondOfDay, to: &bytes)
        bytes += Array(" GMT".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Seconds since 1970 as whole days since 1970 and the second of the day, rounded down (before 1970 too).
    private static func daysAndSecond(of seconds: Int) -> (days: Int, secondOfDay: Int) {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        return (days, secondOfDay)
    }

    /// Appends `HH:mm:ss`.
    private static func appendTime(_ secondOfDay: Int, to bytes: inout [UInt8]) {
        appendPadded(secondOfDay / 3600, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay / 60 % 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay % 60, 2, to: &bytes)
    }

    /// The inverse of `daysFromCivil` (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Appends `value` in decimal, zero-padded to `width` digits (a minus sign first for negative years).
    private static func appendPadded(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            appendPadded(-value, width, to: &bytes)
            return
        }
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        for _ in digits..<max(width, digits) { bytes.append(UInt8(ascii: "0")) }
        let end = bytes.count + digits
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var remaining = value
        for index in stride(from: end - 1, through: end - digits, by: -1) {
            bytes[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
    }
}
