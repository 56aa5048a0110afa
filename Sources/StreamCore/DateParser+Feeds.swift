#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DateParser {
    /// Parses a date as syndication feeds write it: everything ``parse(_:)-(String)`` reads, plus the forms RSS and
    /// Atom 0.3 publishers produce in practice and feed readers (feedparser among them) accept — RFC 822 without a
    /// time (midnight), W3C-DTF's reduced precisions (`2003`, `2003-12`), compact ISO 8601 (`20031231T101455Z`),
    /// slashes for dashes (`2003/12/31 10:14:55`), and a space or a zone name after an ISO time
    /// (`2003-12-31 10:14:55 +0100`, `2003-12-31 10:14:55 GMT`). An RFC 822 zone name it does not know reads as UTC,
    /// as feedparser reads it (the date is kept; the zone is the one guess made).
    ///
    /// Numeric dates are read too: `01/10/2020`, `1/10/2020 10:00:00 AM`, `2020/01/10 10:00`, `10.01.2020`
    /// (separators `/`, `.` or `-`; a time, `AM`/`PM` and a zone may follow). Whether `01/10/2020` is January 10
    /// or 1 October is settled by a ``DayMonthOrder``: by a date of the same document whose first or second
    /// number is above 12, else by the document's language (`en-us` month first, most others day first), else
    /// month first; this form, with no document around it, reads month first unless a number above 12 says
    /// otherwise. Text that fits none of these gives `nil`.
    public static func parseFeedDate(_ text: String) -> Date? {
        var order = DayMonthOrder()
        return parseFeedDate(text, order: &order)
    }

    /// Parses a feed date (see ``parseFeedDate(_:)-(String)``), numeric dates in the day and month order of the
    /// document they come from; a numeric date with a day above 12 settles `order` for the dates after it.
    public static func parseFeedDate(_ text: String, order: inout DayMonthOrder) -> Date? {
        var text = text
        return text.withUTF8 { parseFeedDate(UnsafeRawBufferPointer($0), order: &order) }
    }

    /// Parses a feed date (see ``parseFeedDate(_:)-(String)``) from UTF-8 bytes.
    public static func parseFeedDate(_ bytes: UnsafeRawBufferPointer) -> Date? {
        var order = DayMonthOrder()
        return parseFeedDate(bytes, order: &order)
    }

    /// Parses a feed date (see ``parseFeedDate(_:order:)-(String,_)``) from UTF-8 bytes.
    public static func parseFeedDate(_ bytes: UnsafeRawBufferPointer, order: inout DayMonthOrder) -> Date? {
        let s = bytes.trimmingWhitespace()
        guard !s.isEmpty, s.count <= 64 else { return nil }
        if let date = parseRFC3339(s) ?? parseRFC822(s, requiringTime: false, readsUnknownZonesAsUTC: true)
            ?? parseReducedW3C(s) ?? parseNumericDate(s, order: &order)
        {
            return date
        }
        return parseLooseISO(Array(s))
    }

    /// W3C-DTF's `YYYY` and `YYYY-MM`: the first instant of that year or month, in UTC.
    static func parseReducedW3C(_ s: UnsafeRawBufferPointer) -> Date? {
        guard s.count == 4 || s.count == 7, let year = parseNumber(s[0..<4]) else { return nil }
        var month = 1
        if s.count == 7 {
            guard s[4] == 0x2D, let value = parseNumber(s[5..<7]), (1...12).contains(value) else { return nil }
            month = value
        }
        return makeDate(year: year, month: month, day: 1, seconds: 0, fraction: 0, offset: 0)
    }

    /// ISO 8601 written loosely: compact (`20031231T101455Z`), with slashes and an offset or zone the numeric
    /// dates do not read, or with a space or a zone name before the offset. Rewritten into RFC 3339 and read as such.
    private static func parseLooseISO(_ input: [UInt8]) -> Date? {
        var s = input
        var zoneShift = 0
        // A trailing zone name: `… 10:14:55 GMT`, `… 10:14:55 EST`.
        if let space = s.lastIndex(of: 0x20), space > 0 {
            let name = Array(s[(space + 1)...])
            let shift = name.withUnsafeBytes { namedZoneOffset($0) }
            if let shift, name.count > 1 || name == [0x5A] || name == [0x7A] {
                zoneShift = shift
                s.removeSubrange(space...)
            }
        }
        if s.count >= 8, s[0..<8].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            s = expandCompact(s)
        }
        for index in s.indices.prefix(10) where s[index] == 0x2F { s[index] = 0x2D }
        // A space between the time and its offset: `10:14:55 +0100`, `10:14:55 Z`.
        if let space = s.lastIndex(of: 0x20), space > 10, space + 1 < s.count,
            s[space + 1] == 0x2B || s[space + 1] == 0x2D || s[space + 1] | 0x20 == 0x7A
        {
            s.remove(at: space)
        }
        guard s != input || zoneShift != 0 else { return nil }
        let date = s.withUnsafeBytes { parseRFC3339($0) }
        return date.map { $0.addingTimeInterval(TimeInterval(-zoneShift)) }
    }

    /// `YYYYMMDD[Thhmm[ss]][zone]` → `YYYY-MM-DD[Thh:mm[:ss]][zone]`.
    private static func expandCompact(_ s: [UInt8]) -> [UInt8] {
        var out = Array(s[0..<4]) + [0x2D] + Array(s[4..<6]) + [0x2D] + Array(s[6..<8])
        var i = 8
        guard i < s.count, s[i] == 0x54 || s[i] == 0x74 else { return out + s[i...] }
        out.append(0x54)
        i += 1
        var pairs = 0
        while pairs < 3, i + 1 < s.count, s[i] >= 0x30, s[i] <= 0x39, s[i + 1] >= 0x30, s[i + 1] <= 0x39 {
            if pairs > 0 { out.append(0x3A) }
            out += s[i...(i + 1)]
            i += 2
            pairs += 1
        }
        return out + s[i...]
    }
}
