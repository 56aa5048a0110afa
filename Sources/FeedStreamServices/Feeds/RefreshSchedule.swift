import AtomStream
import Foundation

/// How long a ``FeedRefresher`` waits after a successful refresh before a subscription is due again.
///
/// Whatever the schedule, the wait is raised to what the server (`Cache-Control: max-age`, `Expires`) and the feed
/// (RSS `ttl`, `sy:updatePeriod` / `sy:updateFrequency`) ask for, kept within ``FeedRefresher/intervals``, moved
/// past the feed's `skipHours` / `skipDays`, and jittered by up to ±10 % (so that subscriptions imported together
/// do not stay in lockstep for ever).
public enum RefreshSchedule: Sendable, Hashable, Codable {
    /// From the feed's own publishing rhythm (as Miniflux's entry-frequency scheduler does): the mean gap between
    /// the entries dated within the last week and the refresh — a feed that publishes hourly is asked about
    /// hourly, a daily blog daily. A feed with no entry dated in the last week waits the longest interval; one
    /// whose entries carry no dates at all, the shortest (nothing is known of it).
    case adaptive
    /// The same wait every time.
    case fixed(TimeInterval)
}

/// The dates of the entries one refresh decoded, as far as the adaptive schedule needs them: how many fall in the
/// week before the refresh and the oldest of those. Constant memory, however long the feed.
struct EntryRhythm: Sendable, Hashable {
    /// The window looked at: a week.
    static let window: TimeInterval = 7 * 86_400

    let now: Date
    private(set) var dated = 0
    private(set) var recent = 0
    private(set) var oldestRecent: Date?

    init(now: Date) { self.now = now }

    /// Counts `entry`'s date (published, else updated).
    mutating func record(_ entry: AtomEntry) {
        guard let date = entry.published ?? entry.updated else { return }
        dated += 1
        // A date in the future (a clock off, a scheduled post) counts as now.
        let age = max(0, now.timeIntervalSince(date))
        guard age <= Self.window else { return }
        recent += 1
        let effective = now.addingTimeInterval(-age)
        oldestRecent = min(oldestRecent ?? effective, effective)
    }

    /// The mean gap between the recent entries and now: the span from the oldest of them to the refresh, over
    /// their count. `nil` when no entry had a date; `.infinity` when none is from the last week.
    var meanGap: TimeInterval? {
        guard dated > 0 else { return nil }
        guard recent > 0, let oldestRecent else { return .infinity }
        return max(now.timeIntervalSince(oldestRecent), 1) / Double(recent)
    }
}
