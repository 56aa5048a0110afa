import AtomStream
import Foundation

/// How long a ``FeedRefresher`` waits after a successful refresh before a subscription is due again.
///
/// Whatever the schedule, the wait is raised to what the server (`Cache-Control: max-age`, `Expires`) and the feed
/// (RSS `ttl`, `sy:updatePeriod` / `sy:updateFrequency`) ask for, kept within ``FeedRefresher/intervals``, moved
/// past the feed's `skipHours` / `skipDays`, and jittered by ±10 % (so that subscriptions imported together do not
/// stay in lockstep for ever) — both ways even at a bound: a wait at the longest interval is spread over the 20 %
/// below it rather than half of them landing on the bound itself.
public enum RefreshSchedule: Sendable, Hashable, Codable {
    /// From the feed's own publishing rhythm, as Miniflux's entry-frequency scheduler does: the last week divided
    /// by the entries dated within it — a feed that publishes hourly is asked about hourly, a weekly blog that has
    /// just posted waits the longest interval, not a few minutes. A document too short to reach a week back (the
    /// last 20 items of an hourly feed) gives the span it does cover divided by the entries after its oldest. A
    /// feed with no entry dated in the last week waits the longest interval; one whose entries carry no dates at
    /// all, the previous wait or the shortest (nothing is known of it).
    case adaptive
    /// The same wait every time.
    case fixed(TimeInterval)
}

/// The dates of the entries one refresh decoded, as far as the adaptive schedule needs them: how many fall in the
/// week before the refresh, the oldest of those, and whether the document reaches further back. Constant memory,
/// however long the feed.
struct EntryRhythm: Sendable, Hashable {
    /// The window looked at: a week.
    static let window: TimeInterval = 7 * 86_400

    let now: Date
    private(set) var dated = 0
    private(set) var recent = 0
    private(set) var oldestRecent: Date?
    /// Some dated entry is older than the window: the document covers the whole week.
    private(set) var reachesPastWindow = false

    init(now: Date) { self.now = now }

    /// Counts `entry`'s date (published, else updated).
    mutating func record(_ entry: AtomEntry) {
        guard let date = entry.published ?? entry.updated else { return }
        dated += 1
        // A date in the future (a clock off, a scheduled post) counts as now.
        let age = max(0, now.timeIntervalSince(date))
        guard age <= Self.window else {
            reachesPastWindow = true
            return
        }
        recent += 1
        let effective = now.addingTimeInterval(-age)
        oldestRecent = min(oldestRecent ?? effective, effective)
    }

    /// The feed's spacing: the week over the entries dated in it (Miniflux's weekly count) when the document
    /// reaches further back; otherwise the document is all there is to go by (a feed that keeps its last 20
    /// items), and its span from the oldest entry to the refresh over the entries after that oldest one. `nil`
    /// when no entry had a date; `.infinity` when none is from the last week, or a lone one says nothing of the
    /// spacing.
    var meanGap: TimeInterval? {
        guard dated > 0 else { return nil }
        guard recent > 0, let oldestRecent else { return .infinity }
        if reachesPastWindow { return Self.window / Double(recent) }
        guard recent > 1 else { return .infinity }
        return max(now.timeIntervalSince(oldestRecent), 1) / Double(recent - 1)
    }
}
