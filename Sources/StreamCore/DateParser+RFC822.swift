#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The RFC 822 family, token by token: real feeds write its parts in several orders, with or without weekday,
/// seconds, zone or century, and glue zones to clocks.
extension DateParser {
    /// - Parameter readsUnknownZonesAsUTC: whether a zone name this parser does not know (`IST`, `JST`, `AEST`, a
    ///   stray `pm`) after the time, or a second zone name, reads as UTC and is otherwise ignored, as feedparser
    ///   reads them, instead of making the date unreadable. Feed dates only: an HTTP date has one exact form.
    static func parseRFC822(
        _ s: UnsafeRawBufferPointer, requiringTime: Bool = true, readsUnknownZonesAsUTC: Bool = false
    ) -> Date? {
        if let date = parseRFC1123(s) { return date }
        var fields = RFC822Fields(readsUnknownZonesAsUTC: readsUnknownZonesAsUTC)
        var i = 0
        let n = s.count
        while i < n {
            if isRFC822Separator(s, i) {
                i += 1
                continue
            }
            // An RFC 822 comment, `(UTC)`, says nothing the other tokens do not.
            if s[i] == 0x28 {
                while i < n, s[i] != 0x29 { i += 1 }
                i += 1
                continue
            }
            var end = i + 1
            while end < n, !isRFC822Separator(s, end) { end += 1 }
            guard fields.take(UnsafeRawBufferPointer(rebasing: s[i..<end])) else { return nil }
            i = end
        }
        guard let day = fields.day, let month = fields.month, let year = fields.year else { return nil }
        guard fields.time != nil || !requiringTime else { return nil }
        let time = fields.time ?? (0, 0, 0)
        guard day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        guard time.hour <= 23, time.minute <= 59, time.second <= 60 else { return nil }
        return makeDate(
            year: year, month: month, day: day, seconds: time.hour * 3600 + time.minute * 60 + time.second,
            fraction: 0, offset: fields.offset ?? 0)
    }

    /// The form nearly every RSS date and every HTTP date takes, `Tue, 10 Jun 2003 04:00:00 GMT` or
    /// `Wed, 28 Apr 2013 23:18:29 -0500`, read at fixed places: tokenising it costs several times more. The same
    /// checks as the general parser's apply; `nil` for anything else, which the general parser then reads.
    private static func parseRFC1123(_ s: UnsafeRawBufferPointer) -> Date? {
        guard s.count == 29 || s.count == 31, s[3] == 0x2C, s[4] == 0x20, s[7] == 0x20, s[11] == 0x20,
            s[16] == 0x20, s[19] == 0x3A, s[22] == 0x3A, s[25] == 0x20
        else { return nil }
        @inline(__always) func field(_ start: Int, _ count: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: s[start..<(start + count)])
        }
        @inline(__always) func twoDigits(_ start: Int) -> Int? {
            let tens = Int(s[start]) &- 0x30
            let units = Int(s[start + 1]) &- 0x30
            guard tens >= 0, tens <= 9, units >= 0, units <= 9 else { return nil }
            return tens * 10 + units
        }
        guard isWeekday(field(0, 3)), let day = twoDigits(5), let month = monthNumber(field(8, 3)),
            let century = twoDigits(12), let yearOfCentury = twoDigits(14), let hour = twoDigits(17),
            let minute = twoDigits(20), let second = twoDigits(23)
        else { return nil }
        let zone = field(26, s.count - 26)
        // A three-letter zone is never a weekday or a month name, so the general parser reads it as a zone too.
        guard let offset = s.count == 31 ? parseOffset(zone) : namedZoneOffset(zone) else { return nil }
        let year = century * 100 + yearOfCentury
        guard day >= 1, day <= daysInMonth(year: year, month: month), hour <= 23, minute <= 59, second <= 60 else {
            return nil
        }
        return makeDate(
            year: year, month: month, day: day, seconds: hour * 3600 + minute * 60 + second, fraction: 0,
            offset: offset)
    }

    /// Spaces, commas and tabs separate RFC 822 tokens, and so does a dash inside `01-Jan-2004` (RFC 850); a dash
    /// that starts a token is the sign of a zone offset.
    private static func isRFC822Separator(_ s: UnsafeRawBufferPointer, _ i: Int) -> Bool {
        switch s[i] {
        case 0x20, 0x2C, 0x09, 0x0A, 0x0D: return true
        case 0x2D:
            guard i > 0, i + 1 < s.count else { return false }
            let before = s[i - 1] | 0x20
            let after = s[i + 1] | 0x20
            let letterBefore = before >= 0x61 && before <= 0x7A
            let letterAfter = after >= 0x61 && after <= 0x7A
            let digitBefore = s[i - 1] >= 0x30 && s[i - 1] <= 0x39
            return (digitBefore && letterAfter) || (letterBefore && s[i + 1] >= 0x30 && s[i + 1] <= 0x39)
        default: return false
        }
    }

    /// The fields of an RFC 822 date as its tokens arrive, in any order real feeds write them.
    private struct RFC822Fields {
        let readsUnknownZonesAsUTC: Bool
        var day: Int?
        var month: Int?
        var year: Int?
        var time: (hour: Int, minute: Int, second: Int)?
        var offset: Int?

        /// Takes one token; `false` when it fits nowhere.
        mutating func take(_ token: UnsafeRawBufferPointer) -> Bool {
            if time == nil, let (clock, rest) = DateParser.parseClock(token) {
                time = clock
                guard !rest.isEmpty else { return true }
                // `19:48:21+0100`, `19:48:21Z`: a zone glued to the clock.
                let zone = DateParser.parseOffset(rest) ?? DateParser.namedZoneOffset(rest)
                guard offset == nil, let zone else { return false }
                offset = zone
                return true
            }
            if let value = DateParser.parseNumber(token) {
                if token.count == 4, year == nil, day != nil || month != nil {
                    year = value
                } else if day == nil, token.count <= 2 {
                    day = value
                } else if year == nil, token.count == 2 {
                    year = value < 50 ? 2000 + value : 1900 + value
                } else if year == nil, token.count == 4 {
                    year = value
                } else {
                    return false
                }
                return true
            }
            if token[0] == 0x2B || token[0] == 0x2D {
                guard offset == nil, let zone = DateParser.parseOffset(token) else { return false }
                offset = zone
                return true
            }
            if month == nil, let m = DateParser.monthNumber(token) {
                month = m
                return true
            }
            if DateParser.isWeekday(token) { return true }
            // `GMT+0100`, `UTC-05:00`: a named zone with an offset from it.
            if offset == nil, token.count > 3,
                let zone = DateParser.namedZoneOffset(UnsafeRawBufferPointer(rebasing: token[..<3])),
                let shift = DateParser.parseOffset(UnsafeRawBufferPointer(rebasing: token[3...]))
            {
                offset = zone + shift
                return true
            }
            if offset == nil, let zone = DateParser.namedZoneOffset(token) {
                offset = zone
                return true
            }
            let isWord = token.count <= 5 && token.allSatisfy { $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A }
            if readsUnknownZonesAsUTC, time != nil, isWord {
                if offset == nil { offset = 0 }
                return true
            }
            return false
        }
    }

    /// `+hhmm`, `-hh:mm`, `+hh`: seconds east of UTC.
    static func parseOffset(_ token: UnsafeRawBufferPointer) -> Int? {
        guard token.count >= 2, token[0] == 0x2B || token[0] == 0x2D else { return nil }
        let sign = token[0] == 0x2D ? -1 : 1
        let body = UnsafeRawBufferPointer(rebasing: token[1...])
        let hours: Int
        let minutes: Int
        switch body.count {
        case 2:
            guard let h = parseNumber(body) else { return nil }
            (hours, minutes) = (h, 0)
        case 4:
            guard let hhmm = parseNumber(body) else { return nil }
            (hours, minutes) = (hhmm / 100, hhmm % 100)
        case 5:
            guard body[2] == 0x3A, let h = parseNumber(body[0..<2]), let m = parseNumber(body[3..<5]) else {
                return nil
            }
            (hours, minutes) = (h, m)
        default:
            return nil
        }
        guard hours <= 23, minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// `h:mm`, `hh:mm`, `hh:mm:ss`, `h:m:s` (a fraction of a second is dropped), and whatever follows it in the
    /// token.
    static func parseClock(_ token: UnsafeRawBufferPointer)
        -> ((hour: Int, minute: Int, second: Int), UnsafeRawBufferPointer)?
    {
        var i = 0
        func number(_ maximumDigits: Int) -> Int? {
            let start = i
            var value = 0
            while i < token.count, i - start < maximumDigits, token[i] >= 0x30, token[i] <= 0x39 {
                value = value * 10 + Int(token[i] - 0x30)
                i += 1
            }
            return i > start ? value : nil
        }
        guard let hour = number(2), i < token.count, token[i] == 0x3A else { return nil }
        i += 1
        // Minutes and seconds of one digit (`4:0:0`) come from feeds that format clocks by hand.
        guard let minute = number(2) else { return nil }
        var second = 0
        if i < token.count, token[i] == 0x3A {
            i += 1
            guard let value = number(2) else { return nil }
            second = value
            if i < token.count, token[i] == 0x2E {
                i += 1
                while i < token.count, token[i] >= 0x30, token[i] <= 0x39 { i += 1 }
            }
        }
        return ((hour, minute, second), UnsafeRawBufferPointer(rebasing: token[i...]))
    }
}
