#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Dates written with numbers only, as feeds made by hand or by general-purpose software write them:
/// `01/10/2020`, `1/10/2020 10:00:00 AM`, `2020/01/10 10:00`, `10.01.2020 10:00 +0100`.
extension DateParser {
    /// Parses a numeric date: `A/B/YYYY` (or `A/B/YY`) with the day and month in `order`'s order, unless one of
    /// `A` and `B` is above 12 and so can only be the day (which then settles `order` for the rest of the
    /// document), or `YYYY/M/D`; the separators `/`, `.` or `-`, the same one twice. A time may follow, after a
    /// space, a comma or a `T`: `h:mm`, `h:mm:ss` (a fraction of a second is dropped), then `AM`/`PM`, then a zone
    /// (`+0100`, `-05:00`, `Z`, `GMT`, `EST`, …; an unknown zone name reads as UTC, as in RFC 822 feed dates). No
    /// time is midnight; no zone is UTC. Anything else gives `nil`.
    ///
    /// Reached only after RFC 3339 and RFC 822 have failed, so their fast paths pay nothing for it.
    static func parseNumericDate(_ s: UnsafeRawBufferPointer, order: inout DayMonthOrder) -> Date? {
        let n = s.count
        var i = 0
        /// Up to `maximum` digits; how many there were.
        func number(_ maximum: Int) -> (value: Int, digits: Int)? {
            let start = i
            var value = 0
            while i < n, i - start < maximum, s[i] >= 0x30, s[i] <= 0x39 {
                value = value * 10 + Int(s[i] - 0x30)
                i += 1
            }
            return i > start ? (value, i - start) : nil
        }
        guard let first = number(4), i < n else { return nil }
        let separator = s[i]
        guard separator == 0x2F || separator == 0x2E || separator == 0x2D else { return nil }
        i += 1
        guard let second = number(2), i < n, s[i] == separator else { return nil }
        i += 1
        let year: Int
        let month: Int
        let day: Int
        if first.digits == 4 {
            guard let third = number(2) else { return nil }
            (year, month, day) = (first.value, second.value, third.value)
        } else {
            guard first.digits <= 2, let third = number(4), third.digits == 2 || third.digits == 4 else { return nil }
            year = third.digits == 4 ? third.value : third.value < 50 ? 2000 + third.value : 1900 + third.value
            order.note(first: first.value, second: second.value)
            let dayFirst: Bool
            if first.value > 12 {
                dayFirst = true
            } else if second.value > 12 {
                dayFirst = false
            } else {
                dayFirst = order.order == .dayFirst
            }
            (month, day) = dayFirst ? (second.value, first.value) : (first.value, second.value)
        }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        guard i == n || s[i] == 0x20 || s[i] == 0x2C || s[i] == 0x09 || s[i] | 0x20 == 0x74 else { return nil }
        if i < n, s[i] | 0x20 == 0x74 { i += 1 }
        guard let (seconds, offset) = numericDateTime(UnsafeRawBufferPointer(rebasing: s[i...])) else { return nil }
        return makeDate(year: year, month: month, day: day, seconds: seconds, fraction: 0, offset: offset)
    }

    /// What may follow a numeric date: nothing, or a clock, then `AM`/`PM`, then a zone, each separated by spaces
    /// (or a comma); the seconds since midnight and the zone's offset.
    private static func numericDateTime(_ s: UnsafeRawBufferPointer) -> (seconds: Int, offset: Int)? {
        var time: (hour: Int, minute: Int, second: Int)?
        var meridiem: Int?  // 0 for AM, 12 for PM
        var offset: Int?
        var i = 0
        let n = s.count
        while i < n {
            if s[i] == 0x20 || s[i] == 0x2C || s[i] == 0x09 {
                i += 1
                continue
            }
            var end = i + 1
            while end < n, s[end] != 0x20, s[end] != 0x2C, s[end] != 0x09 { end += 1 }
            var token = UnsafeRawBufferPointer(rebasing: s[i..<end])
            i = end
            if time == nil {
                guard let (clock, rest) = parseClock(token) else { return nil }
                time = clock
                token = rest
                if token.isEmpty { continue }
            }
            if let value = Self.meridiem(token) {
                guard meridiem == nil, offset == nil else { return nil }
                meridiem = value
                continue
            }
            guard offset == nil else { return nil }
            if let zone = parseOffset(token) ?? namedZoneOffset(token) {
                offset = zone
            } else if token.count <= 5, token.allSatisfy({ $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A }) {
                offset = 0
            } else {
                return nil
            }
        }
        guard let time else { return (0, 0) }
        var hour = time.hour
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + meridiem
        }
        guard hour <= 23, time.minute <= 59, time.second <= 60 else { return nil }
        return (hour * 3600 + time.minute * 60 + time.second, offset ?? 0)
    }

    /// `AM` → 0, `PM` → 12 (any case, dotted `a.m.` too); `nil` for anything else.
    private static func meridiem(_ token: UnsafeRawBufferPointer) -> Int? {
        let letters = token.filter { $0 != 0x2E }
        guard letters.count == 2, letters[1] | 0x20 == 0x6D else { return nil }
        switch letters[0] | 0x20 {
        case 0x61: return 0
        case 0x70: return 12
        default: return nil
        }
    }
}
