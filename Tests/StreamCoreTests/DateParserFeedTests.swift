import Foundation
import StreamCore
import Testing

/// The date forms real RSS and Atom 0.3 feeds write (``DateParser/parseFeedDate(_:)-(String)``): RFC 822 in all
/// its variants, W3C-DTF at every precision, and the loose ISO forms feedparser also accepts.
@Suite("DateParser feed dates")
struct DateParserFeedTests {
    // 2004-01-01T19:48:21Z
    static let reference = 1_072_986_501.0

    @Test(
        "RFC 822 variants",
        arguments: [
            ("Thu, 01 Jan 2004 19:48:21 GMT", reference),
            ("Thu, 01 Jan 2004 19:48:21 UT", reference),
            ("Thu, 01 Jan 2004 19:48:21 UTC", reference),
            ("Thu, 01 Jan 2004 19:48:21 Z", reference),
            ("Thu, 01 Jan 2004 14:48:21 EST", reference),
            ("Thu, 01 Jan 2004 15:48:21 EDT", reference),
            ("Thu, 01 Jan 2004 13:48:21 CST", reference),
            ("Thu, 01 Jan 2004 14:48:21 CDT", reference),
            ("Thu, 01 Jan 2004 12:48:21 MST", reference),
            ("Thu, 01 Jan 2004 13:48:21 MDT", reference),
            ("Thu, 01 Jan 2004 11:48:21 PST", reference),
            ("Thu, 01 Jan 2004 12:48:21 PDT", reference),
            ("Thu, 01 Jan 2004 20:48:21 +0100", reference),
            ("Thu, 01 Jan 2004 20:48:21 +01:00", reference),
            ("Thu, 01 Jan 2004 18:48:21 -01", reference),
            ("Thu, 01 Jan 2004 20:48:21 GMT+0100", reference),
            ("Thu, 01 Jan 2004 19:48:21 z", reference),
            ("01 Jan 2004 19:48:21 GMT", reference),
            ("Thu,01 Jan 2004 19:48:21 GMT", reference),
            ("Thu,  1   Jan  2004   19:48:21   GMT", reference),
            ("thu, 01 jan 2004 19:48:21 gmt", reference),
            ("THU, 01 JAN 2004 19:48:21 GMT", reference),
            ("Thursday, 01 January 2004 19:48:21 GMT", reference),
            ("Thu, 01 Jan 04 19:48:21 GMT", reference),
            ("Thu, 01 Jan 2004 19:48:21", reference),
            ("Thu, 01 Jan 2004 19:48:21.000 GMT", reference),
            ("Thu, 01-Jan-2004 19:48:21 GMT", reference),
            ("Thu Jan 01 19:48:21 GMT 2004", reference),
            ("Thu, 01 Jan 2004 19:48:21+0000", reference),
            ("Thu, 01 Jan 2004 19:48 GMT", reference - 21),
            ("Thu, 1 Jan 2004 9:48:21 GMT", reference - 36_000),
            ("Thu, 01 Jan 2004", 1_072_915_200),
            ("Thu, 01 Jan 2004 19:48:21 A", reference),
            ("Thu, 01 Jan 2004 19:48:21 +0000 (UTC)", reference),
            ("Thu, 01 Jan 2004 19:48:21 GMT (Coordinated Universal Time)", reference),
            ("Thu, 1 Jan 2004 19:48:21 GMT GMT", reference),
            ("Thu, 1 Jan 2004 19:4:3 GMT", reference - 44 * 60 - 18),
            // Zone names feedparser does not know either read as UTC, as feedparser reads them.
            ("Thu, 01 Jan 2004 19:48:21 XYZ", reference),
            ("Thu, 01 Jan 2004 19:48:21 IST", reference),
            ("Thu, 01 Jan 2004 19:48:21 pm", reference),
        ])
    func rfc822(text: String, expected: Double) throws {
        #expect(try #require(DateParser.parseFeedDate(text)).timeIntervalSince1970 == expected)
    }

    @Test(
        "W3C-DTF at every precision, and loose ISO 8601",
        arguments: [
            ("2003", 1_041_379_200.0),
            ("2003-12", 1_070_236_800),
            ("2003-12-31", 1_072_828_800),
            ("2003-12-31T10:14Z", 1_072_865_640),
            ("2003-12-31T10:14+01:00", 1_072_862_040),
            ("2003-12-31T10:14:55Z", 1_072_865_695),
            ("2003-12-31T10:14:55.25-08:00", 1_072_894_495.25),
            ("2003-12-31T10:14:55", 1_072_865_695),
            ("20031231T101455Z", 1_072_865_695),
            ("20031231", 1_072_828_800),
            ("2003/12/31 10:14:55", 1_072_865_695),
            ("2003-12-31 10:14:55 +0100", 1_072_862_095),
            ("2003-12-31 10:14:55 GMT", 1_072_865_695),
            ("2003-12-31T10:14:55 EST", 1_072_883_695),
        ])
    func w3c(text: String, expected: Double) throws {
        let value = try #require(DateParser.parseFeedDate(text)).timeIntervalSince1970
        #expect(abs(value - expected) < 0.001)
    }

    @Test(
        "Still rejects what is not a date",
        arguments: [
            "", "yesterday", "2003-13", "2003-12-32", "Thu, 32 Jan 2004 19:48:21 GMT", "Thu, 01 Foo 2004",
            "12345", "2003-12-31T25:00:00Z", "Thu, 01 Jan 2004 19:48:21 NOTAZONE", "Thu, 01 Jan 2004 XYZ",
            "13/13/2003", "01/02/2003/04", "01/02-2003",
        ])
    func rejects(text: String) {
        #expect(DateParser.parseFeedDate(text) == nil)
    }

    @Test("The strict parser keeps refusing reduced precision")
    func strictStaysStrict() {
        #expect(DateParser.parse("2003") == nil)
        #expect(DateParser.parse("2003-12") == nil)
        #expect(DateParser.parse("Thu, 01 Jan 2004") == nil)
        #expect(DateParser.parse("Thu, 01 Jan 2004 20:48:21 +01:00") == Date(timeIntervalSince1970: Self.reference))
    }
}
