import AtomStream
import FeedStreamNetworking
import Foundation
import StreamCore

extension FeedRefresher {
    /// The subscription updated from its transfer's result, and what became of it.
    func settle(
        _ subscription: Subscription, _ result: RefreshTransferResult, now: Date, block: (Date) -> Void
    ) -> (Subscription, RefreshOutcome) {
        var updated = subscription
        guard let head = result.head, let status = head.statusCode else {
            return failed(updated, RefreshFailure(kind: .unreachable, message: result.failure ?? "no response"), now: now)
        }
        if let failure = result.failure {
            // The entries before the fault went out; the stored validators stay those of the last whole answer.
            return failed(updated, RefreshFailure(kind: .malformed, statusCode: status, message: failure), now: now)
        }
        switch status {
        case 304:
            updated.etag = head.header("etag") ?? updated.etag
            updated.lastModified = head.header("last-modified") ?? updated.lastModified
            return (succeeded(updated, head: head, feed: nil, now: now), .notModified)
        case 410:
            updated.failures = 0
            updated.retryAfter = nil
            updated.nextDue = now.addingTimeInterval(intervals.upperBound)
            return (updated, .gone)
        case 200..<300:
            updated.etag = head.header("etag")
            updated.lastModified = head.header("last-modified")
            updated.validatorsSaved = updated.etag == nil && updated.lastModified == nil ? nil : now
            updated = succeeded(updated, head: head, feed: result.feed, now: now)
            if let movedTo = result.movedTo, movedTo != subscription.url {
                updated.movedFrom.append(subscription.url)
                updated.url = movedTo
                return (updated, .moved(to: movedTo))
            }
            if let newFeed = Self.newFeedURL(result.feed, from: subscription.url) {
                // The validators belong to the old URL.
                updated.movedFrom.append(subscription.url)
                updated.url = newFeed
                updated.etag = nil
                updated.lastModified = nil
                updated.validatorsSaved = nil
                updated.nextDue = nil
                return (updated, .moved(to: newFeed))
            }
            return (updated, .updated(entries: result.entries))
        default:
            var message = "HTTP \(status)"
            if status == 429 || status == 503,
                let delay = RetryPolicy(now: { now }).requestedDelay(headers: head.headers)
            {
                let until = now.addingTimeInterval(delay)
                block(until)
                updated.retryAfter = until
                message += ", retry after \(Self.rfc3339(until))"
                let (backedOff, outcome) = failed(
                    updated, RefreshFailure(kind: .httpStatus, statusCode: status, message: message), now: now)
                var waiting = backedOff
                waiting.nextDue = max(backedOff.nextDue ?? until, until)
                return (waiting, outcome)
            }
            return failed(updated, RefreshFailure(kind: .httpStatus, statusCode: status, message: message), now: now)
        }
    }

    /// A refresh that went well: the schedule from the response and the feed.
    private func succeeded(_ subscription: Subscription, head: HTTPResponseInfo, feed: AtomFeed?, now: Date)
        -> Subscription
    {
        var updated = subscription
        updated.failures = 0
        updated.retryAfter = nil
        updated.lastRefreshed = now
        updated.nextDue = nextDue(head: head, schedule: feed?.updateSchedule, now: now)
        if updated.title == nil, let title = feed?.title?.value, !title.isEmpty { updated.title = title }
        return updated
    }

    /// A failure: counted, and `nextDue` backed off exponentially from the shortest interval, with jitter.
    private func failed(_ subscription: Subscription, _ failure: RefreshFailure, now: Date)
        -> (Subscription, RefreshOutcome)
    {
        var updated = subscription
        updated.failures += 1
        updated.nextDue = now.addingTimeInterval(backoff(failures: updated.failures))
        return (updated, .failed(failure))
    }

    /// The wait after `failures` failures in a row: the shortest interval doubled per failure, capped at the
    /// longest, then "equal jitter" (half fixed, half random) so that feeds that failed together spread out.
    func backoff(failures: Int, using generator: inout some RandomNumberGenerator) -> TimeInterval {
        let base = max(intervals.lowerBound, 60)
        let exponential = min(intervals.upperBound, base * pow(2, Double(min(max(failures - 1, 0), 30))))
        let jittered = exponential / 2 + Double.random(in: 0...(exponential / 2), using: &generator)
        return min(max(jittered, intervals.lowerBound), intervals.upperBound)
    }

    private func backoff(failures: Int) -> TimeInterval {
        var generator = SystemRandomNumberGenerator()
        return backoff(failures: failures, using: &generator)
    }

    /// When a feed is due again: the longest of what the response (`Cache-Control: max-age`, `Expires`) and the
    /// feed (`ttl`, `sy:updatePeriod` / `sy:updateFrequency`) ask for, or the shortest interval when they say
    /// nothing; clamped to ``intervals``; then moved past the feed's `skipHours` and `skipDays`.
    package func nextDue(head: HTTPResponseInfo?, schedule: FeedUpdateSchedule?, now: Date) -> Date {
        var hints: [TimeInterval] = []
        if let head {
            if let maxAge = Self.maxAge(head.header("cache-control")) { hints.append(maxAge) }
            if let expires = head.header("expires").flatMap(DateParser.parseRFC822) {
                hints.append(expires.timeIntervalSince(now))
            }
        }
        if let interval = schedule?.interval { hints.append(interval) }
        let wait = min(max(hints.max() ?? intervals.lowerBound, intervals.lowerBound), intervals.upperBound)
        let due = now.addingTimeInterval(wait)
        guard let schedule, !schedule.skipHours.isEmpty || !schedule.skipDays.isEmpty else { return due }
        return min(schedule.firstAllowedTime(from: due), now.addingTimeInterval(intervals.upperBound))
    }

    /// `max-age` of a `Cache-Control` value, unless `no-store` or `no-cache` forbid reusing the answer.
    static func maxAge(_ cacheControl: String?) -> TimeInterval? {
        guard let cacheControl else { return nil }
        var maxAge: TimeInterval?
        for directive in cacheControl.lowercased().split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            switch parts[0] {
            case "no-store", "no-cache": return nil
            case "max-age" where parts.count == 2:
                maxAge = TimeInterval(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
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
