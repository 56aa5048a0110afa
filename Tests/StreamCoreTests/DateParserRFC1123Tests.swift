import Foundation
import StreamCore
import Testing

/// The fixed-place reading of `Www, DD Mmm YYYY HH:MM:SS ZZZ` must agree with the general RFC 822 parser, and
/// anything it does not read must still reach that parser.
@Suite("DateParser RFC 1123 form")
struct DateParserRFC1123Tests {
    @Test(
        "the exact form, with named zones and offsets",
        arguments: [
            ("Tue, 10 Jun 2003 04:00:00 GMT", 1_055_217_600.0),
            ("Sun, 28 Apr 2013 23:18:29 -0500", 1_367_209_109.0),
            ("Sun, 28 Apr 2013 21:05:21 EST", 1_367_201_121.0),
            ("Tue, 29 Feb 2000 23:59:60 UTC", 951_868_800.0),
            ("Sun, 28 Apr 2013 23:09:25 +0130", 1_367_185_165.0),
            ("sun, 28 apr 2013 23:09:25 pst", 1_367_219_365.0),
            // The weekday is not checked against the date, as the general parser does not check it.
            ("Mon, 10 Jun 2003 04:00:00 GMT", 1_055_217_600.0),
        ])
    func exactForm(text: String, expected: Double) throws {
        let rfc822 = try #require(DateParser.parseRFC822(text))
        #expect(rfc822.timeIntervalSince1970 == expected)
        #expect(DateParser.parse(text) == rfc822)
        #expect(DateParser.parseFeedDate(text) == rfc822)
    }

    @Test(
        "near misses the general parser still reads",
        arguments: [
            ("Tue, 10 Jun 2003 04:00:00 +01", 1_055_214_000.0),  // a two-digit offset
            ("Tue, 10 Jun 2003 04:00:00 -05:00", 1_055_235_600.0),  // an offset with a colon
            ("Tue,  10 Jun 2003 04:00:0 GMT", 1_055_217_600.0),  // extra space, one-digit seconds
            ("Tue, 10-Jun-2003 04:00:00 GMT", 1_055_217_600.0),  // RFC 850 dashes
            ("Tuesday, 10 Jun 2003 04:00:00 Z", 1_055_217_600.0),
        ])
    func nearMisses(text: String, expected: Double) throws {
        let date = try #require(DateParser.parseRFC822(text))
        #expect(date.timeIntervalSince1970 == expected)
    }

    @Test(
        "invalid values in the exact form",
        arguments: [
            "Tue, 31 Jun 2003 04:00:00 GMT", "Tue, 00 Jun 2003 04:00:00 GMT", "Tue, 10 Jun 2003 24:00:00 GMT",
            "Tue, 10 Jun 2003 04:60:00 GMT", "Tue, 10 Jun 2003 04:00:61 GMT", "Tue, 10 Jun 2003 04:00:00 +2400",
            "Tue, 10 Jux 2003 04:00:00 GMT", "Tue, 1a Jun 2003 04:00:00 GMT", "Tue, 10 Jun 2003 04:00:00 JJJ",
        ])
    func invalid(text: String) {
        #expect(DateParser.parseRFC822(text) == nil)
    }

    @Test("an unknown zone in the exact form reads as UTC for feeds only")
    func unknownZone() throws {
        #expect(DateParser.parseRFC822("Tue, 10 Jun 2003 04:00:00 JST") == nil)
        let date = try #require(DateParser.parseFeedDate("Tue, 10 Jun 2003 04:00:00 JST"))
        #expect(date.timeIntervalSince1970 == 1_055_217_600)
    }
}
