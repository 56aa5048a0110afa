import Foundation
import StreamCore
import Testing

@Suite("DateParser")
struct DateParserTests {
    private func seconds(_ text: String) -> Double? {
        DateParser.parse(text)?.timeIntervalSince1970
    }

    @Test(
        "RFC 3339 forms",
        arguments: [
            ("2003-12-13T18:30:02Z", 1_071_340_202.0),
            ("2003-12-13t18:30:02z", 1_071_340_202.0),
            ("2003-12-13T18:30:02.25Z", 1_071_340_202.25),
            ("2003-12-13T18:30:02+01:00", 1_071_336_602.0),
            ("2003-12-13T18:30:02-0500", 1_071_358_202.0),
            ("2003-12-13 18:30:02Z", 1_071_340_202.0),
            ("2003-12-13T18:30Z", 1_071_340_200.0),
            ("2003-12-13", 1_071_273_600.0),
            ("  2012-11-14T21:09:37.611+0000 ", 1_352_927_377.611),
            ("1969-12-31T23:59:59Z", -1.0),
            ("2000-02-29T00:00:00Z", 951_782_400.0),
        ])
    func rfc3339(text: String, expected: Double) throws {
        let value = try #require(seconds(text))
        #expect(abs(value - expected) < 0.0005)
    }

    @Test(
        "RFC 822, RFC 1123 and Twitter forms",
        arguments: [
            ("Sat, 07 Sep 2002 00:00:01 GMT", 1_031_356_801.0),
            ("Sat, 07 Sep 2002 00:00:01 +0000", 1_031_356_801.0),
            ("7 Sep 2002 00:00 EST", 1_031_374_800.0),
            ("Sat, 07 Sep 02 00:00:01 PDT", 1_031_382_001.0),
            ("Wed Aug 27 13:08:45 +0000 2008", 1_219_842_525.0),
            ("Mon Sep 24 03:35:21 +0000 2012", 1_348_457_721.0),
            ("sat, 07 sep 2002 00:00:01 gmt", 1_031_356_801.0),
        ])
    func rfc822(text: String, expected: Double) throws {
        #expect(try #require(seconds(text)) == expected)
    }

    @Test(
        "Rejects what is not a date",
        arguments: [
            "", "yesterday", "2003-13-01T00:00:00Z", "2003-02-29T00:00:00Z", "2003-12-13T25:00:00Z",
            "2003-12-13T18:30:02+", "2003-12-13T18:30:02Zjunk", "Sat, 32 Sep 2002 00:00:01 GMT", "Sep 2002",
            "2003-12-13T18:30:02.Z",
        ])
    func rejects(text: String) {
        #expect(DateParser.parse(text) == nil)
    }

    @Test("RFC 3339 output: UTC with Z, milliseconds only when present")
    func formatting() throws {
        #expect(DateParser.rfc3339String(Date(timeIntervalSince1970: 1_071_340_202)) == "2003-12-13T18:30:02Z")
        #expect(DateParser.rfc3339String(Date(timeIntervalSince1970: 1_352_927_377.611)) == "2012-11-14T21:09:37.611Z")
        #expect(DateParser.rfc3339String(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        for text in ["2000-02-29T00:00:00Z", "1999-12-31T23:59:59.5Z", "2038-01-19T03:14:08Z"] {
            let date = try #require(DateParser.parse(text))
            let printed = DateParser.rfc3339String(date)
            #expect(DateParser.parse(printed) == date)
        }
    }
}
