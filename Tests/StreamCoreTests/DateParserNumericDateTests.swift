import Foundation
import StreamCore
import Testing

/// Numeric dates (`01/10/2020`, `2020/01/10 10:00`) in ``DateParser/parseFeedDate(_:order:)-(String,_)``, and how a
/// ``DayMonthOrder`` settles whether the day or the month comes first.
@Suite("DateParser numeric dates")
struct DateParserNumericDateTests {
    /// Seconds since 1970 of a UTC date and time.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0)
        -> Double
    {
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (hour, minute, second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)!.timeIntervalSince1970
    }

    @Test(
        "Every form, month first when nothing says otherwise",
        arguments: [
            ("01/10/2020", utc(2020, 1, 10)),
            ("1/10/2020", utc(2020, 1, 10)),
            ("2020/01/10 10:00", utc(2020, 1, 10, 10)),
            ("2020/1/5", utc(2020, 1, 5)),
            ("2020/01/10 10:00:30", utc(2020, 1, 10, 10, 0, 30)),
            ("2020/01/10T10:00:30Z", utc(2020, 1, 10, 10, 0, 30)),
            ("01/10/2020 10:00", utc(2020, 1, 10, 10)),
            ("1/10/2020 10:00:00 AM", utc(2020, 1, 10, 10)),
            ("1/10/2020 12:00:00 AM", utc(2020, 1, 10, 0)),
            ("1/10/2020 12:30 PM", utc(2020, 1, 10, 12, 30)),
            ("1/10/2020 3:05:09 pm", utc(2020, 1, 10, 15, 5, 9)),
            ("1/10/2020 3:05 p.m.", utc(2020, 1, 10, 15, 5)),
            ("01/10/2020 10:00 +0100", utc(2020, 1, 10, 9)),
            ("01/10/2020 10:00:00-05:00", utc(2020, 1, 10, 15)),
            ("01/10/2020 10:00 GMT", utc(2020, 1, 10, 10)),
            ("01/10/2020 10:00 EST", utc(2020, 1, 10, 15)),
            ("01/10/2020 10:00 IST", utc(2020, 1, 10, 10)),
            ("01/10/2020, 10:00", utc(2020, 1, 10, 10)),
            ("01/10/20", utc(2020, 1, 10)),
            ("01/10/99", utc(1999, 1, 10)),
            ("10.01.2020", utc(2020, 10, 1)),
            ("10-01-2020 08:15", utc(2020, 10, 1, 8, 15)),
            ("25/12/2020", utc(2020, 12, 25)),
            ("12/25/2020", utc(2020, 12, 25)),
            ("  02/29/2020  ", utc(2020, 2, 29)),
        ])
    func forms(text: String, expected: Double) throws {
        let value = try #require(DateParser.parseFeedDate(text)).timeIntervalSince1970
        #expect(value == expected)
    }

    @Test(
        "What is not a numeric date stays unread",
        arguments: [
            "02/30/2020", "13/13/2020", "00/10/2020", "01/00/2020", "01/10/202", "01/10/2020 25:00",
            "01/10/2020 13:00 PM", "01/10/2020 0:30 AM", "01/10/2020 10:00 +0100 +0200", "01/10/2020 x10:00",
            "01/10/2020 10:00 notazone", "01/10", "2020/13/01", "123/10/2020", "01/10/2020 10:00 AM PM",
        ])
    func rejects(text: String) {
        #expect(DateParser.parseFeedDate(text) == nil)
    }

    @Test("A day above 12 settles the order for the dates after it; a date already read keeps its reading")
    func settledByTheDocument() {
        var order = DayMonthOrder()
        #expect(DateParser.parseFeedDate("03/04/2020", order: &order)?.timeIntervalSince1970 == Self.utc(2020, 3, 4))
        #expect(DateParser.parseFeedDate("25/04/2020", order: &order)?.timeIntervalSince1970 == Self.utc(2020, 4, 25))
        #expect(order.settledByDates == .dayFirst)
        #expect(DateParser.parseFeedDate("03/04/2020", order: &order)?.timeIntervalSince1970 == Self.utc(2020, 4, 3))
        // A later date that contradicts the order does not unsettle it: it is read as it must be.
        #expect(DateParser.parseFeedDate("04/25/2020", order: &order)?.timeIntervalSince1970 == Self.utc(2020, 4, 25))
        #expect(order.settledByDates == .dayFirst)
        #expect(DateParser.parseFeedDate("05/06/2020", order: &order)?.timeIntervalSince1970 == Self.utc(2020, 6, 5))

        var monthFirst = DayMonthOrder()
        monthFirst.noteLanguage("fr-FR")
        _ = DateParser.parseFeedDate("12/31/2020 10:00", order: &monthFirst)
        #expect(monthFirst.order == .monthFirst)
        #expect(
            DateParser.parseFeedDate("01/10/2020", order: &monthFirst)?.timeIntervalSince1970 == Self.utc(2020, 1, 10))
    }

    @Test(
        "The language decides until a date does",
        arguments: [
            ("en-us", DayMonthOrder.Order.monthFirst), ("en-US", .monthFirst), ("en_US", .monthFirst),
            ("en", .monthFirst), ("es-US", .monthFirst), ("en-ph", .monthFirst), ("en-gb", .dayFirst),
            ("en-AU", .dayFirst), ("fr", .dayFirst), ("de-DE", .dayFirst), ("pt-br", .dayFirst), ("", .monthFirst),
        ])
    func language(tag: String, expected: DayMonthOrder.Order) {
        var order = DayMonthOrder()
        order.noteLanguage(tag)
        #expect(order.order == expected)
        let date = DateParser.parseFeedDate("01/10/2020", order: &order)?.timeIntervalSince1970
        #expect(date == (expected == .monthFirst ? Self.utc(2020, 1, 10) : Self.utc(2020, 10, 1)))
    }

    @Test("RFC 822 and RFC 3339 dates neither need nor change the order")
    func otherFormsLeaveTheOrderAlone() {
        var order = DayMonthOrder()
        order.noteLanguage("de")
        #expect(DateParser.parseFeedDate("Thu, 01 Jan 2004 19:48:21 GMT", order: &order) != nil)
        #expect(DateParser.parseFeedDate("2004-01-13T19:48:21Z", order: &order) != nil)
        #expect(order.settledByDates == nil)
        #expect(order.order == .dayFirst)
    }
}
