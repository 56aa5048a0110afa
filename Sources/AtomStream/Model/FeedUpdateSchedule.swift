#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When a feed says it is worth fetching again: RSS 2.0's `ttl`, `skipHours` and `skipDays`, and the Syndication
/// module's `sy:updatePeriod` and `sy:updateFrequency` (RSS 1.0 and 2.0).
public struct FeedUpdateSchedule: Sendable, Hashable, Codable {
    /// `ttl`: minutes the channel may be cached before it is fetched again.
    public var ttl: Int?
    /// `sy:updatePeriod`: `hourly`, `daily`, `weekly`, `monthly` or `yearly`.
    public var updatePeriod: String?
    /// `sy:updateFrequency`: updates per ``updatePeriod`` (1 when absent).
    public var updateFrequency: Int?
    /// `skipHours`: hours of the day (0–23, GMT) in which the feed should not be fetched.
    public var skipHours: [Int]
    /// `skipDays`: days (`Monday` … `Sunday`, GMT) on which the feed should not be fetched.
    public var skipDays: [String]

    /// Creates a schedule.
    public init(
        ttl: Int? = nil, updatePeriod: String? = nil, updateFrequency: Int? = nil, skipHours: [Int] = [],
        skipDays: [String] = []
    ) {
        self.ttl = ttl
        self.updatePeriod = updatePeriod
        self.updateFrequency = updateFrequency
        self.skipHours = skipHours
        self.skipDays = skipDays
    }

    /// The seconds in each `sy:updatePeriod`.
    public static let periods: [String: TimeInterval] = [
        "hourly": 3_600, "daily": 86_400, "weekly": 604_800, "monthly": 2_592_000, "yearly": 31_536_000,
    ]

    /// The days `skipDays` names, in RSS 2.0's spelling, Sunday first (as `Calendar` numbers weekdays).
    public static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The longest of the intervals the feed states (`ttl`, and the update period divided by its frequency), or
    /// `nil` when it states none.
    public var interval: TimeInterval? {
        var intervals: [TimeInterval] = []
        if let ttl { intervals.append(TimeInterval(ttl) * 60) }
        if let updatePeriod, let seconds = Self.periods[updatePeriod] {
            intervals.append(seconds / TimeInterval(max(1, updateFrequency ?? 1)))
        }
        return intervals.max()
    }
}
