#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Fast timestamp parsing for feeds and API responses, straight off UTF-8 bytes.
///
/// No `DateFormatter` is involved: these run once per date field on the hot path. ``parse(_:)-(String)`` tries
/// RFC 3339 / ISO 8601 first (Atom, Jive, Twitter v2), then the RFC 822 / RFC 1123 family (RSS, HTTP) and
/// Twitter v1's `Wed Aug 27 13:08:45 +0000 2008`. Unparseable text gives `nil`, never a guess.
public enum DateParser {
    /// Parses any supported timestamp form.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Parses any supported timestamp form from UTF-8 bytes.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        let trimmed = bytes.trimmingWhitespace()
        return parseRFC3339(trimmed) ?? parseRFC822(trimmed)
    }

    /// Parses `YYYY-MM-DD[T ]hh:mm[:ss[.fraction]][Z|±hh:mm|±hhmm]` (lowercase `t` and `z` accepted), or a bare
    /// `YYYY-MM-DD` as midnight UTC. A missing offset is read as UTC.
    public static func parseRFC3339(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parseRFC3339(UnsafeRawBufferPointer($0).trimmingWhitespace()) }
    }

    /// Parses the RFC 822 / RFC 1123 family (`Sat, 07 Sep 2002 00:00:01 GMT`, `7 Sep 02 00:00 -0500`, named
    /// North American zones, military zones) and Twitter's `Wed Aug 27 13:08:45 +0000 2008`.
    public static func parseRFC822(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parseRFC822(UnsafeRawBufferPointer($0).trimmingWhitespace()) }
    }

    // MARK: - RFC 3339

    static func parseRFC3339(_ s: UnsafeRawBufferPointer) -> Date? {
        var hasOffset = false
        return parseRFC3339(s, hasOffset: &hasOffset)
    }

    /// Parses RFC 3339 / ISO 8601; `hasOffset` tells whether the text named its offset (`Z` or `±hh:mm`).
    static func parseRFC3339(_ s: UnsafeRawBufferPointer, hasOffset: inout Bool) -> Date? {
        var i = 0
        let n = s.count
        @inline(__always) func digits(_ count: Int) -> Int? {
            guard i + count <= n else { return nil }
            var value = 0
            for k in i..<(i + count) {
                let d = Int(s[k]) &- 0x30
                guard d >= 0 && d <= 9 else { return nil }
                value = value * 10 + d
            }
            i += count
            return value
        }
        @inline(__always) func expect(_ byte: UInt8) -> Bool {
            guard i < n, s[i] == byte else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2) else {
            return nil
        }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        if i == n {
            return makeDate(year: year, month: month, day: day, seconds: 0, fraction: 0, offset: 0)
        }
        guard s[i] == 0x54 || s[i] == 0x74 || s[i] == 0x20 else { return nil }  // T t space
        i += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2) else { return nil }
        var second = 0
        var fraction = 0.0
        if expect(0x3A) {
            guard let value = digits(2) else { return nil }
            second = value
            if i < n, s[i] == 0x2E || s[i] == 0x2C {  // . or ,
                i += 1
                var scale = 0.1
                let start = i
                while i < n, s[i] >= 0x30, s[i] <= 0x39 {
                    fraction += Double(s[i] - 0x30) * scale
                    scale /= 10
                    i += 1
                }
                guard i > start else { return nil }
            }
        }
        guard hour <= 24, minute <= 59, second <= 60 else { return nil }
        var offset = 0
        hasOffset = i < n
        if i < n {
            switch s[i] {
            case 0x5A, 0x7A:  // Z z
                i += 1
            case 0x2B, 0x2D:  // + -
                let sign = s[i] == 0x2D ? -1 : 1
                i += 1
                guard let hours = digits(2) else { return nil }
                _ = expect(0x3A)
                let minutes = digits(2) ?? 0
                guard hours <= 23, minutes <= 59 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            default:
                return nil
            }
        }
        guard i == n else { return nil }
        return makeDate(
            year: year, month: month, day: day, seconds: hour * 3600 + minute * 60 + second, fraction: fraction,
            offset: offset)
    }

    // MARK: - RFC 822 tokens (the parser itself is in DateParser+RFC822.swift)

    static func parseNumber(_ token: Slice<UnsafeRawBufferPointer>) -> Int? {
        parseNumber(UnsafeRawBufferPointer(rebasing: token))
    }

    static func parseNumber(_ token: UnsafeRawBufferPointer) -> Int? {
        guard !token.isEmpty, token.count <= 9 else { return nil }
        var value = 0
        for byte in token {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// Lowercased three-letter prefix of an ASCII word, packed into an integer for switching.
    private static func key(_ token: UnsafeRawBufferPointer) -> UInt32? {
        guard token.count >= 3 else { return nil }
        return (UInt32(token[0] | 0x20) << 16) | (UInt32(token[1] | 0x20) << 8) | UInt32(token[2] | 0x20)
    }

    private static let monthKeys: [UInt32] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
        "oct", "nov", "dec",
    ].map(packed)
    private static let weekdayKeys: [UInt32] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map(packed)

    private static func packed(_ word: String) -> UInt32 {
        word.utf8.reduce(0) { ($0 << 8) | UInt32($1) }
    }

    static func monthNumber(_ token: UnsafeRawBufferPointer) -> Int? {
        guard let key = key(token), let index = monthKeys.firstIndex(of: key) else { return nil }
        return index + 1
    }

    static func isWeekday(_ token: UnsafeRawBufferPointer) -> Bool {
        guard let key = key(token) else { return false }
        return weekdayKeys.contains(key)
    }

    static func namedZoneOffset(_ token: UnsafeRawBufferPointer) -> Int? {
        // Up to four uppercased letters packed into an integer: no `String` per date.
        guard !token.isEmpty, token.count <= 4 else { return nil }
        var name: UInt32 = 0
        for byte in token {
            guard (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A else { return nil }
            name = name << 8 | UInt32(byte & ~0x20)
        }
        let hours: Int
        switch name {
        case zone("GMT"), zone("UT"), zone("UTC"), zone("Z"), zone("WET"): hours = 0
        case zone("BST"), zone("CET"), zone("WEST"): hours = 1
        case zone("CEST"), zone("EET"): hours = 2
        case zone("EEST"): hours = 3
        case zone("ADT"): hours = -3
        case zone("AST"), zone("AT"), zone("EDT"): hours = -4
        case zone("ET"), zone("EST"), zone("CDT"): hours = -5
        case zone("CT"), zone("CST"), zone("MDT"): hours = -6
        case zone("MT"), zone("MST"), zone("PDT"): hours = -7
        case zone("PT"), zone("PST"): hours = -8
        default:
            // RFC 822 military zones; RFC 1123 notes their signs were published reversed, so like most readers
            // we treat the single letters other than Z as UTC rather than guess.
            guard token.count == 1, name != zone("J") else { return nil }
            hours = 0
        }
        return hours * 3600
    }

    /// A zone name packed as ``namedZoneOffset(_:)`` packs the token.
    private static func zone(_ name: StaticString) -> UInt32 {
        var packed: UInt32 = 0
        for index in 0..<name.utf8CodeUnitCount { packed = packed << 8 | UInt32(name.utf8Start[index]) }
        return packed
    }

    // MARK: - Calendar arithmetic

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func makeDate(year: Int, month: Int, day: Int, seconds: Int, fraction: Double, offset: Int)
        -> Date
    {
        let days = daysFromCivil(year: year, month: month, day: day)
        let whole = days * 86_400 + seconds - offset
        return Date(timeIntervalSince1970: Double(whole) + fraction)
    }
}
