import AtomStream
import FeedStreamNetworking
import Foundation
import StreamCore

extension FeedRefresher {
    /// How long a host that answers 429 or 503 without `Retry-After` is left alone (raised to the shortest
    /// interval).
    static let defaultDeferral: TimeInterval = 600

    /// The schedule's jitter: ±10 % of the wait.
    static let jitterFraction = 0.1

    /// The subscription updated from its transfer's result, and what became of it. `block` hears a host asking to
    /// wait (the run pauses the whole host).
    func settle(
        _ subscription: Subscription, _ result: RefreshTransferResult, now: Date, block: (Date) -> Void
    ) -> (Subscription, RefreshOutcome) {
        var updated = subscription
        // No network at all: nothing the feed did. Handed back as it was.
        if result.isOffline { return (subscription, .offline) }
        if let failure = result.failure {
            // The entries before a fault went out; the stored validators stay those of the last whole answer.
            return failed(updated, failure, now: now)
        }
        guard let head = result.head, let status = head.statusCode else {
            return failed(updated, RefreshFailure(kind: .unreachable, message: "no response"), now: now)
        }
        // A run of 404s ends at any other answer.
        if status != 404 { updated.notFoundSince = nil }
        switch status {
        case 304:
            // The validators are confirmed (a new ETag or date replaces the old): sent again next time.
            updated.etag = head.header("etag") ?? updated.etag
            updated.lastModified = head.header("last-modified") ?? updated.lastModified
            updated.validatorsSaved = updated.etag == nil && updated.lastModified == nil ? nil : now
            updated = succeeded(updated, head: head, feed: nil, rhythm: nil, now: now)
            // A 301 answered by a 304 at its target: the validators were the target's too; the move stands.
            if let movedTo = result.movedTo, movedTo != subscription.url {
                move(&updated, to: movedTo, isCredentialed: result.isCredentialed)
                return (updated, .moved(to: movedTo))
            }
            return (updated, .notModified)
        case 410:
            return (Self.markingGone(updated, now: now), .gone)
        case 200..<300:
            updated.etag = head.header("etag")
            updated.lastModified = head.header("last-modified")
            updated.validatorsSaved = updated.etag == nil && updated.lastModified == nil ? nil : now
            updated.bodyDigest = result.bodyDigest
            // The last body again (`isUnchanged`) decoded nothing: no feed, no dated entries, so the last interval
            // holds, as after a 304.
            updated = succeeded(updated, head: head, feed: result.feed, rhythm: result.rhythm, now: now)
            if let movedTo = result.movedTo, movedTo != subscription.url {
                move(&updated, to: movedTo, isCredentialed: result.isCredentialed)
                return (updated, .moved(to: movedTo))
            }
            if let newFeed = Self.newFeedURL(result.feed, from: subscription.url) {
                // The validators belong to the old URL.
                move(&updated, to: newFeed, isCredentialed: result.isCredentialed)
                updated.etag = nil
                updated.lastModified = nil
                updated.validatorsSaved = nil
                updated.bodyDigest = nil
                updated.nextDue = nil
                return (updated, .moved(to: newFeed))
            }
            return (updated, result.isUnchanged ? .notModified : .updated(entries: result.entries))
        default:
            if RefreshFailure.isChallenge(status: status, headers: head.headers, body: result.start) {
                // A bot wall stands in front of the whole host: its other feeds wait as long as this one.
                let failure = RefreshFailure(
                    kind: .blocked, statusCode: status, message: "HTTP \(status): a bot wall's challenge page")
                var (blocked, outcome) = failed(updated, failure, now: now)
                if let until = blocked.nextDue, until < .distantFuture {
                    blocked.retryAfter = until
                    block(until)
                }
                return (blocked, outcome)
            }
            if status == 429 || status == 503 {
                // The host asked to wait: within the intervals (`Retry-After: 0` would make it due at once, a
                // year-long one silence a host for a year), 10 minutes raised to the shortest interval when it did
                // not say how long. A 429 is not the feed's failure; a 503 is the server's, and counts toward its
                // back-off and error limit, so a host down for weeks is asked less and less often.
                let asked = RetryPolicy(now: { now }).requestedDelay(headers: head.headers) ?? Self.defaultDeferral
                let until = now.addingTimeInterval(min(max(asked, intervals.lowerBound), intervals.upperBound))
                block(until)
                var deferred = Self.deferring(updated, until: until)
                if status == 503 {
                    let failure = RefreshFailure(kind: .httpStatus, statusCode: status, message: "HTTP 503")
                    let (counted, outcome) = failed(updated, failure, now: now)
                    deferred.failures = counted.failures
                    deferred.nextDue = max(counted.nextDue ?? until, until)
                    if counted.disabled != nil {
                        deferred.disabled = counted.disabled
                        return (deferred, outcome)
                    }
                }
                return (deferred, .deferred(until: until))
            }
            if status == 404 {
                updated.notFoundSince = updated.notFoundSince ?? now
                if let limit = goneAfterNotFound, let since = updated.notFoundSince,
                    now.timeIntervalSince(since) >= limit
                {
                    return (Self.markingGone(updated, now: now), .gone)
                }
            }
            let failure = RefreshFailure(kind: .httpStatus, statusCode: status, message: "HTTP \(status)")
            return failed(updated, failure, now: now)
        }
    }

    /// A refresh that went well: the schedule from the response, the feed and its entries' dates.
    private func succeeded(
        _ subscription: Subscription, head: HTTPResponseInfo, feed: AtomFeed?, rhythm: EntryRhythm?, now: Date
    ) -> Subscription {
        var updated = subscription
        updated.failures = 0
        updated.retryAfter = nil
        updated.gone = nil
        updated.disabled = nil
        updated.lastRefreshed = now
        let wait = self.wait(
            head: head, schedule: feed?.updateSchedule, rhythm: rhythm, previous: subscription.refreshInterval,
            now: now)
        updated.refreshInterval = wait
        updated.nextDue = nextDue(
            after: wait, schedule: feed?.updateSchedule, now: now,
            jitter: Double.random(in: -Self.jitterFraction...Self.jitterFraction))
        if updated.title == nil, let title = feed?.title?.value, !title.isEmpty { updated.title = title }
        return updated
    }

    /// Moves `subscription` to `target`, its credentials staying with the origin they were given for: after a move
    /// to an origin that may not receive them (another host the origin policy does not allow, or `https` to
    /// `http`), ``Subscription/credentialsOrigin`` names the old one, so that no later refresh signs the new host
    /// however the app keys its ``authorization``. A move back home clears it.
    package func move(_ subscription: inout Subscription, to target: URL, isCredentialed: Bool) {
        let pinned = subscription.credentialsOrigin.flatMap(Origin.init)
        let trusted = pinned ?? Origin(subscription.url)
        subscription.move(to: target)
        guard let trusted, isCredentialed || pinned != nil else { return }
        if Origin(target) == trusted {
            subscription.credentialsOrigin = nil
        } else if !client.originPolicy.mayReceiveCredentials(target, trusted: trusted) {
            subscription.credentialsOrigin = trusted.url
        }
    }

    /// Gone for good (a 410, or a 404 that lasted ``goneAfterNotFound``): not asked again until the app clears it.
    static func markingGone(_ subscription: Subscription, now: Date) -> Subscription {
        var gone = subscription
        gone.failures = 0
        gone.retryAfter = nil
        gone.gone = now
        gone.nextDue = .distantFuture
        return gone
    }

    /// A failure: counted, and `nextDue` backed off exponentially from the shortest interval, with jitter; at the
    /// ``errorLimit``, ``Subscription/disabled`` (a 404 counts toward back-off only: it ends in gone).
    private func failed(_ subscription: Subscription, _ failure: RefreshFailure, now: Date)
        -> (Subscription, RefreshOutcome)
    {
        var updated = subscription
        updated.failures += 1
        updated.nextDue = now.addingTimeInterval(backoff(failures: updated.failures))
        if let errorLimit, failure.statusCode != 404, updated.failures >= max(1, errorLimit) {
            updated.disabled = now
            updated.nextDue = .distantFuture
        }
        return (updated, .failed(failure))
    }

    /// The wait after `failures` failures in a row: ``backoffCeiling(failures:)``, then "equal jitter" (half fixed,
    /// half random) so that feeds that failed together spread out, within ``intervals``.
    package func backoff(failures: Int, using generator: inout some RandomNumberGenerator) -> TimeInterval {
        let exponential = backoffCeiling(failures: failures)
        let jittered = exponential / 2 + Double.random(in: 0...(exponential / 2), using: &generator)
        return min(max(jittered, intervals.lowerBound), intervals.upperBound)
    }

    /// The longest wait after `failures` failures in a row: the shortest interval (a minute at least) doubled per
    /// failure after the first, capped at the longest.
    package func backoffCeiling(failures: Int) -> TimeInterval {
        let base = max(intervals.lowerBound, 60)
        return min(intervals.upperBound, base * pow(2, Double(min(max(failures - 1, 0), 30))))
    }

    private func backoff(failures: Int) -> TimeInterval {
        var generator = SystemRandomNumberGenerator()
        return backoff(failures: failures, using: &generator)
    }

    /// When a feed is due again, without jitter: ``wait(head:schedule:rhythm:previous:now:)`` from `now`, past the
    /// feed's `skipHours` and `skipDays`.
    package func nextDue(head: HTTPResponseInfo?, schedule: FeedUpdateSchedule?, now: Date) -> Date {
        nextDue(
            after: wait(head: head, schedule: schedule, rhythm: nil, previous: nil, now: now), schedule: schedule,
            now: now, jitter: 0)
    }

    /// `now` plus `wait` stretched by `jitter` (a fraction of it, within ±``jitterFraction``), then moved past the
    /// feed's `skipHours` and `skipDays`. The spread, ±10 % of the wait clamped to ``intervals``, is moved inside
    /// them rather than cut at them: a wait at the longest interval lands anywhere in the 20 % below it, where
    /// clamping would put every draw above it on the bound itself, and the feeds at the bound in lockstep.
    package func nextDue(after wait: TimeInterval, schedule: FeedUpdateSchedule?, now: Date, jitter: Double) -> Date {
        let bounded = min(max(wait, intervals.lowerBound), intervals.upperBound)
        let spread = bounded * Self.jitterFraction
        let center = max(min(bounded, intervals.upperBound - spread), intervals.lowerBound + spread)
        let offset = bounded * min(max(jitter, -Self.jitterFraction), Self.jitterFraction)
        let jittered = min(max(center + offset, intervals.lowerBound), intervals.upperBound)
        let due = now.addingTimeInterval(jittered)
        guard let schedule, !schedule.skipHours.isEmpty || !schedule.skipDays.isEmpty else { return due }
        return min(schedule.firstAllowedTime(from: due), now.addingTimeInterval(intervals.upperBound))
    }

    /// The wait after a successful refresh: ``schedule``'s (for ``RefreshSchedule/adaptive``, the spacing of the
    /// feed's recent entries, `EntryRhythm`; without dated entries, the `previous` wait, else the shortest), raised to
    /// the longest of what the response (`Cache-Control: max-age`, `Expires`) and the feed (`ttl`,
    /// `sy:updatePeriod` / `sy:updateFrequency`) ask for, clamped to ``intervals``.
    func wait(
        head: HTTPResponseInfo?, schedule feedSchedule: FeedUpdateSchedule?, rhythm: EntryRhythm?,
        previous: TimeInterval?, now: Date
    ) -> TimeInterval {
        var asked: TimeInterval = 0
        if let head {
            if let maxAge = Self.maxAge(head.header("cache-control")) { asked = max(asked, maxAge) }
            if let expires = head.header("expires").flatMap(DateParser.parseRFC822) {
                asked = max(asked, expires.timeIntervalSince(now))
            }
        }
        if let interval = feedSchedule?.interval { asked = max(asked, interval) }
        let own: TimeInterval =
            switch schedule {
            case .fixed(let interval): interval
            case .adaptive: rhythm?.meanGap ?? previous ?? intervals.lowerBound
            }
        return min(max(own, asked, intervals.lowerBound), intervals.upperBound)
    }

    /// `max-age` of a `Cache-Control` value, unless `no-store` or `no-cache` forbid reusing the answer.
    static func maxAge(_ cacheControl: String?) -> TimeInterval? {
        guard let cacheControl else { return nil }
        var maxAge: TimeInterval?
        for directive in cacheControl.lowercased().split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingSpacesAndTabs() }
            switch parts[0] {
            case "no-store", "no-cache": return nil
            case "max-age" where parts.count == 2:
                maxAge = TimeInterval(parts[1].trimming(while: { $0 == "\"" }))
            default: break
            }
        }
        return maxAge.map { max(0, $0) }
    }

    /// A podcast's `itunes:new-feed-url`, when it names another http(s) URL than the one fetched.
    static func newFeedURL(_ feed: AtomFeed?, from url: URL) -> URL? {
        guard let text = feed?.podcast?.newFeedURL, let target = URL(string: text, relativeTo: url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil,
            target.absoluteString != url.absoluteString
        else { return nil }
        return target
    }

    /// RFC 3339 in UTC, to the second.
    static func rfc3339(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
