import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

/// Pauses and limits that outlast the run: a host's `Retry-After` kept by every subscription of the host, its floor
/// and cap, 503s counted, a bot wall pausing its host, the error limit, and a lasting 404 becoming gone.
@Suite("FeedRefresher: pauses and limits that last")
struct FeedRefresherPauseTests {
    func refresher(perHost: Int = 1, now: Date) -> FeedRefresher {
        var refresher = FeedRefresher(
            client: FeedClient(
                transport: TransportKind.asyncHTTPClient.make(), limits: TransferLimits(idleTimeout: 30)),
            perHost: perHost)
        refresher.clock = { now }
        return refresher
    }

    @Test("A 429 pauses the whole host: those not due are handed back deferred; next run, one added since waits")
    func hostPauseOnTheArray() async throws {
        let paused = try LoopbackFeedHost(address: "127.0.0.40") { _ in
            .init(status: 429, headers: [("Retry-After", "3600")])
        }
        let other = try LoopbackFeedHost(address: "127.0.0.41") { _ in .feed(rssFeed(items: 1)) }
        defer {
            paused.stop()
            other.stop()
        }
        let now = Date()
        let engine = refresher(now: now)
        let until = now.addingTimeInterval(3600)
        let due = Subscription(url: paused.url("/due"))
        let later = Subscription(url: paused.url("/later"), nextDue: now.addingTimeInterval(7200))
        let soon = Subscription(url: paused.url("/soon"), nextDue: now.addingTimeInterval(60))
        let elsewhere = Subscription(url: other.url("/feed"))
        let record = await RefreshRecord.collect(engine.reports([due, later, soon, elsewhere], now: now))
        #expect(paused.requests.count == 1)
        #expect(record.outcome(due.url) == .deferred(until: until))
        // Not due, but its host asked to wait past its next refresh: deferred, to store, not `notDue`.
        #expect(record.outcome(soon.url) == .deferred(until: until))
        #expect(record.subscription(soon.url)?.retryAfter == until)
        #expect(record.subscription(soon.url)?.nextDue == until)
        #expect(record.outcome(later.url) == .deferred(until: until))
        #expect(record.subscription(later.url)?.nextDue == now.addingTimeInterval(7200), "a later due date stays")
        #expect(record.outcome(elsewhere.url) == .updated(entries: 1))

        // The next run, an hour not yet over: a subscription added to the host since waits with the others.
        let added = Subscription(url: paused.url("/added"))
        let stored = [due, later, soon].compactMap { record.subscription($0.url) } + [added]
        let next = await RefreshRecord.collect(
            engine.reports(stored, now: now.addingTimeInterval(600), all: true))
        #expect(paused.requests.count == 1, "the paused host is asked nothing")
        #expect(next.outcome(added.url) == .deferred(until: until))
        #expect(next.subscription(added.url)?.failures == 0)
    }

    @Test("Retry-After has a floor (the shortest interval) and a cap (the longest)")
    func retryAfterBounds() async throws {
        let zero = try LoopbackFeedHost(address: "127.0.0.42") { _ in
            .init(status: 429, headers: [("Retry-After", "0")])
        }
        defer { zero.stop() }
        let now = Date()
        let engine = refresher(now: now)
        let record = await RefreshRecord.collect(engine.reports([Subscription(url: zero.url("/f"))], now: now))
        let floor = now.addingTimeInterval(engine.intervals.lowerBound)
        #expect(record.outcome(zero.url("/f")) == .deferred(until: floor), "Retry-After: 0 is not due at once")
    }

    @Test("503s count toward back-off and the error limit; a 429 does not")
    func unavailableCounts() async throws {
        let down = try LoopbackFeedHost(address: "127.0.0.43") { request in
            request.path == "/busy" ? .init(status: 429) : .init(status: 503)
        }
        defer { down.stop() }
        var now = Date()
        var subscriptions = [Subscription(url: down.url("/down")), Subscription(url: down.url("/busy"))]
        for run in 1...3 {
            var engine = refresher(now: now)
            engine.errorLimit = 3
            // One subscription per run, so the host's pause from the other does not hide it.
            let index = run == 2 ? 1 : 0
            let record = await RefreshRecord.collect(engine.reports([subscriptions[index]], now: now, all: true))
            let updated = try #require(record.subscription(subscriptions[index].url))
            subscriptions[index] = updated
            now = max(now, updated.retryAfter ?? now).addingTimeInterval(1)
        }
        let failing = subscriptions[0]
        #expect(failing.failures == 2)
        #expect(failing.disabled == nil)
        #expect(subscriptions[1].failures == 0, "a 429 is the client's pace, not the feed's failure")
        // The third 503 in a row reaches the limit.
        var engine = refresher(now: now)
        engine.errorLimit = 3
        let last = await RefreshRecord.collect(engine.reports([failing], now: now, all: true))
        let disabled = try #require(last.subscription(failing.url))
        guard case .failed(let failure)? = last.outcome(failing.url) else {
            Issue.record("expected failed, got \(String(describing: last.outcome(failing.url)))")
            return
        }
        #expect(failure.statusCode == 503)
        #expect(disabled.failures == 3)
        #expect(disabled.disabled == now)
        #expect(disabled.nextDue == .distantFuture)
        // A disabled subscription is asked nothing, even with `all`, until the app clears it.
        let before = down.requests.count
        let month = now.addingTimeInterval(86_400 * 30)
        let after = await RefreshRecord.collect(engine.reports([disabled], now: month, all: true))
        #expect(down.requests.count == before)
        #expect(after.outcome(failing.url) == .notDue)
        var cleared = disabled
        cleared.disabled = nil
        _ = await RefreshRecord.collect(engine.reports([cleared], now: month, all: true))
        #expect(down.requests.count == before + 1)
    }

    @Test("The error limit disables a failing feed; a success before it resets the count")
    func errorLimit() async throws {
        let failing = ManagedFlag()
        let host = try LoopbackFeedHost(address: "127.0.0.44") { _ in
            failing.isSet ? .init(status: 500) : .feed(rssFeed(items: 1))
        }
        defer { host.stop() }
        failing.set(true)
        var subscription = Subscription(url: host.url("/feed"))
        var now = Date()
        var engine = refresher(now: now)
        engine.errorLimit = 2
        for step in 0..<4 {
            // Fails, succeeds, fails, fails: the success in between starts the count again.
            failing.set(step != 1)
            let at = now
            engine.clock = { at }
            let record = await RefreshRecord.collect(engine.reports([subscription], now: now, all: true))
            subscription = try #require(record.subscription(subscription.url))
            #expect((subscription.disabled != nil) == (step == 3), "step \(step)")
            now = now.addingTimeInterval(3600)
        }
        #expect(subscription.failures == 2)
        #expect(host.requests.count == 4)
    }

    @Test("A 404 that lasts goneAfterNotFound makes the subscription gone; any other answer ends the run of 404s")
    func lastingNotFound() async throws {
        let missing = ManagedFlag()
        let host = try LoopbackFeedHost(address: "127.0.0.45") { _ in
            missing.isSet ? .init(status: 404) : .feed(rssFeed(items: 1))
        }
        defer { host.stop() }
        let start = Date()
        var engine = refresher(now: start)
        engine.goneAfterNotFound = 7 * 86_400
        func refresh(_ subscription: Subscription, at now: Date) async throws -> (Subscription, RefreshOutcome?) {
            engine.clock = { now }
            let record = await RefreshRecord.collect(engine.reports([subscription], now: now, all: true))
            return (try #require(record.subscription(subscription.url)), record.outcome(subscription.url))
        }
        missing.set(true)
        var (subscription, outcome) = try await refresh(Subscription(url: host.url("/feed")), at: start)
        #expect(subscription.notFoundSince == start)
        #expect(subscription.gone == nil)
        // Found again after 6 days: the count starts over.
        missing.set(false)
        (subscription, _) = try await refresh(subscription, at: start.addingTimeInterval(6 * 86_400))
        #expect(subscription.notFoundSince == nil)
        missing.set(true)
        let second = start.addingTimeInterval(7 * 86_400)
        (subscription, outcome) = try await refresh(subscription, at: second)
        #expect(subscription.notFoundSince == second)
        (subscription, outcome) = try await refresh(subscription, at: second.addingTimeInterval(6 * 86_400))
        #expect(subscription.gone == nil, "six days of 404s")
        (subscription, outcome) = try await refresh(subscription, at: second.addingTimeInterval(7 * 86_400))
        #expect(outcome == .gone)
        #expect(subscription.gone == second.addingTimeInterval(7 * 86_400))
        #expect(subscription.nextDue == .distantFuture)
        #expect(subscription.disabled == nil, "404s end in gone, not in the error limit")
    }

    @Test("A bot wall pauses its whole host, not only the feed behind it")
    func botWallPausesTheHost() async throws {
        let challenge = "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>"
            + "<script src=\"/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1\"></script></body></html>"
        let walled = try LoopbackFeedHost(address: "127.0.0.46") { _ in
            .init(status: 403, headers: [("cf-mitigated", "challenge")], body: Array(challenge.utf8))
        }
        defer { walled.stop() }
        let now = Date()
        let engine = refresher(perHost: 1, now: now)
        let subscriptions = (1...3).map { Subscription(url: walled.url("/f\($0)")) }
        let record = await RefreshRecord.collect(engine.reports(subscriptions, now: now))
        #expect(walled.requests.count == 1)
        let blocked = try #require(subscriptions.first { walled.requests[0].path == $0.url.path })
        guard case .failed(let failure)? = record.outcome(blocked.url) else {
            Issue.record("expected failed")
            return
        }
        #expect(failure.kind == .blocked)
        let until = try #require(record.subscription(blocked.url)?.nextDue)
        #expect(record.subscription(blocked.url)?.retryAfter == until)
        for subscription in subscriptions where subscription.url != blocked.url {
            #expect(record.outcome(subscription.url) == .deferred(until: until), "\(subscription.url)")
        }
    }
}

/// A flag a loopback host's handler reads while the test sets it.
final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set(_ newValue: Bool) { lock.withLock { value = newValue } }
}
