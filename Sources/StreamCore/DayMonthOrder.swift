/// Which of a numeric date's first two numbers is the month, for one document: `01/10/2020` is January 10 in the
/// United States and 1 October nearly everywhere else, and a feed never says which it means.
///
/// Settled, in this order of precedence:
/// 1. by the document's own dates: once a numeric date whose first number is above 12 (`25/12/2020`, so day
///    first) or whose second is (`12/25/2020`, so month first) has been read, every later numeric date of the
///    document is read in that order;
/// 2. by the document's language (RSS `language`, JSON Feed and RSS-in-JSON `language`): month first for
///    United States English and the other places that write the month first (`en`, `en-us`, any `-us`,
///    `en-ph`, `fil`), day first for every other language;
/// 3. month first when the document gives neither: feeds that write bare numeric dates are mostly made by
///    software formatting dates in its US default (`.NET`'s `1/10/2020 10:00:00 AM`).
///
/// A feed is read as it streams, so a date settles only the dates after it: an entry already returned keeps the
/// date it was given. Year-first dates (`2020/01/10`) are never ambiguous and settle nothing.
public struct DayMonthOrder: Sendable, Hashable {
    /// An order of day and month.
    public enum Order: Sendable, Hashable {
        /// `MM/DD/YYYY`.
        case monthFirst
        /// `DD/MM/YYYY`.
        case dayFirst
    }

    /// The order an unambiguous date of the document showed; it outranks the language.
    public private(set) var settledByDates: Order?
    /// The order the document's language implies.
    public private(set) var impliedByLanguage: Order?

    /// An order nothing has settled yet (month first until something does).
    public init() {}

    /// The order numeric dates are read in now.
    public var order: Order { settledByDates ?? impliedByLanguage ?? .monthFirst }

    /// Takes the document's language tag (`en-us`, `en_GB`, `fr`): see the type's discussion for what it implies.
    public mutating func noteLanguage(_ tag: some StringProtocol) {
        let parts = tag.lowercased().split { $0 == "-" || $0 == "_" }.map(String.init)
        guard let language = parts.first, !language.isEmpty else { return }
        let region = parts.dropFirst().first { $0.count == 2 }
        let monthFirst: Bool
        switch (language, region) {
        case ("en", nil), ("en", "ph"?), ("fil", _), (_, "us"?): monthFirst = true
        default: monthFirst = false
        }
        impliedByLanguage = monthFirst ? .monthFirst : .dayFirst
    }

    /// Records the order a date's two numbers show, when one of them can only be a day.
    mutating func note(first: Int, second: Int) {
        guard settledByDates == nil else { return }
        if first > 12, second <= 12 {
            settledByDates = .dayFirst
        } else if second > 12, first <= 12 {
            settledByDates = .monthFirst
        }
    }
}
