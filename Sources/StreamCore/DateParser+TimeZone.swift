#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DateParser {
    /// Parses any supported timestamp form, reading an ISO 8601 date or date-time that names no offset
    /// (`1976-08-13T00:00:00`, `1976-08-13`) as wall-clock time in `timeZone`.
    ///
    /// Services such as Fellowship One send zone-less timestamps meaning the local time of the organisation;
    /// ``parse(_:)-(UnsafeRawBufferPointer)`` reads those as UTC. Texts with an offset ignore `timeZone`.
    public static func parse(_ bytes: UnsafeRawBufferPointer, zonelessIn timeZone: TimeZone) -> Date? {
        let trimmed = bytes.trimmingWhitespace()
        var hasOffset = false
        guard let wallClock = parseRFC3339(trimmed, hasOffset: &hasOffset) else { return parseRFC822(trimmed) }
        if hasOffset { return wallClock }
        return wallClock.addingTimeInterval(-Double(offset(of: timeZone, atWallClock: wallClock)))
    }

    /// Parses any supported timestamp form, reading zone-less ISO 8601 text in `timeZone`.
    public static func parse(_ text: String, zonelessIn timeZone: TimeZone) -> Date? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0), zonelessIn: timeZone) }
    }

    /// The offset from UTC in force at a wall-clock time (given as if it were UTC). The offset at the instant
    /// found with a first guess decides, so times next to a daylight-saving change land on the right side; a
    /// wall-clock time skipped by a change reads with the offset before it.
    private static func offset(of timeZone: TimeZone, atWallClock wallClock: Date) -> Int {
        let guess = timeZone.secondsFromGMT(for: wallClock)
        let corrected = timeZone.secondsFromGMT(for: wallClock.addingTimeInterval(-Double(guess)))
        return corrected
    }
}
