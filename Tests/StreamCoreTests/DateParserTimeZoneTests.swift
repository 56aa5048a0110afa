import Foundation
import StreamCore
import Testing

@Suite("DateParser: zone-less times in a time zone")
struct DateParserTimeZoneTests {
    @Test(
        "Zone-less ISO 8601 reads as wall-clock time; offsets and RFC 822 ignore the zone",
        arguments: [
            ("1976-08-13T00:00:00", "America/Chicago", "1976-08-13T05:00:00Z"),
            ("1976-01-13T00:00:00", "America/Chicago", "1976-01-13T06:00:00Z"),
            ("1976-01-13", "Europe/Paris", "1976-01-12T23:00:00Z"),
            ("2021-03-14T03:30:00", "America/New_York", "2021-03-14T07:30:00Z"),
            ("1976-08-13T00:00:00Z", "America/Chicago", "1976-08-13T00:00:00Z"),
            ("1976-08-13T00:00:00+02:00", "Asia/Tokyo", "1976-08-12T22:00:00Z"),
            ("Fri, 13 Aug 1976 00:00:00 GMT", "America/Chicago", "1976-08-13T00:00:00Z"),
            ("1976-08-13T00:00:00", "UTC", "1976-08-13T00:00:00Z"),
        ])
    func zoneless(text: String, zone: String, expected: String) throws {
        let date = try #require(DateParser.parse(text, zonelessIn: TimeZone(identifier: zone)!))
        #expect(DateParser.rfc3339String(date) == expected)
    }

    @Test("Text that is no date stays nil")
    func invalid() {
        #expect(DateParser.parse("13/08/1976", zonelessIn: TimeZone(identifier: "UTC")!) == nil)
        #expect(DateParser.parse("", zonelessIn: TimeZone(identifier: "UTC")!) == nil)
    }
}
