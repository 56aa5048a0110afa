import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

/// A store in memory: hands out due subscriptions a few at a time, remembers what each refresh saw and finished.
private actor MemorySource: RefreshSource {
    var pending: [Subscription]
    let batch: Int
    var seenBefore: [URL: [EntryIdentity: EntryDigest]]
    var claims = 0
    var finished: [URL: (Subscription, RefreshOutcome, [EntryIdentity: EntryDigest])] = [:]

    init(_ subscriptions: [Subscription], batch: Int, seen: [URL: [EntryIdentity: EntryDigest]]) {
        pending = subscriptions
        self.batch = batch
        seenBefore = seen
    }

    func claim(dueBy: Date, limit: Int) async throws -> [Subscription] {
        claims += 1
        let taken = Array(pending.prefix(min(limit, batch)))
        pending.removeFirst(taken.count)
        return taken
    }

    func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] { seenBefore[id] ?? [:] }

    func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        finished[id] = (subscription, outcome, seen)
    }
}

/// An RSS feed whose items are dated `gap` apart, the newest `newest` before `now`.
func datedFeed(items: Int, gap: TimeInterval, now: Date, newest: TimeInterval = 600) -> String {
    datedFeed((0..<items).map { now.addingTimeInterval(-newest - Double($0) * gap) })
}

@Suite("FeedRefresher over a RefreshSource; schedules, moves, jitter")
struct FeedRefresherSourceTests {
    @Test("Batches claimed until empty; entries classified against what was seen; every subscription finished")
    func source() async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.16") { request in
            .feed(rssFeed(items: 3, prefix: request.path == "/changed" ? "renamed" : "item"))
        }
        defer { host.stop() }
        let urls = (1...7).map { host.url("/f\($0)") } + [host.url("/changed")]
        // What an earlier refresh of /f1 saw: the same three entries.
        let earlier = await RefreshRecord.collect(FeedRefresher().reports([Subscription(url: urls[0])]))
        #expect(earlier.entries[urls[0]]?.count == 3)
        var seen: [EntryIdentity: EntryDigest] = [:]
        for entry in earlier.entries[urls[0]] ?? [] { seen[entry.identity] = entry.digest }
        let source = MemorySource(
            urls.map { Subscription(url: $0) }, batch: 3, seen: [urls[0]: seen, urls[7]: seen])
        var changes: [URL: [EntryChange]] = [:]
        var finished: [URL] = []
        for await report in FeedRefresher().reports(from: source) {
            switch report {
            case .entry(let id, _, let change): changes[id, default: []].append(change)
            case .finished(let id, _, _, _):
                let stored = await source.finished[id] != nil
                #expect(stored, "finished in the source before it is reported")
                finished.append(id)
            case .refused(let id, let refusal): Issue.record("\(id) refused: \(refusal)")
            }
        }
        #expect(Set(finished) == Set(urls))
        #expect(await source.claims == 4, "three batches of up to 3, then an empty claim")
        #expect(changes[urls[0]] == [.unchanged, .unchanged, .unchanged])
        #expect(changes[urls[1]] == [.new, .new, .new])
        #expect(changes[urls[7]] == [.new, .new, .new], "other ids and other links")
        let stored = await source.finished
        // What this refresh saw, for the store: three identities, and each entry's link (an RSS guid is a permalink
        // unless it says otherwise) as a `.link` identity.
        #expect(stored[urls[1]]?.2.count == 6, "what this refresh saw, for the store")
        #expect(stored[urls[1]]?.1 == .updated(entries: 3))
    }

    @Test("Adaptive schedule: an hourly feed is due in about an hour, a monthly one after the longest interval")
    func adaptive() async throws {
        let now = Date()
        let host = try LoopbackFeedHost(address: "127.0.0.17") { request in
            request.path == "/hourly"
                ? .feed(datedFeed(items: 20, gap: 3_600, now: now))
                : .feed(datedFeed(items: 12, gap: 30 * 86_400, now: now, newest: 20 * 86_400))
        }
        defer { host.stop() }
        var engine = FeedRefresher(intervals: 600...86_400)
        engine.clock = { now }
        let record = await RefreshRecord.collect(
            engine.reports([Subscription(url: host.url("/hourly")), Subscription(url: host.url("/monthly"))], now: now))
        let hourly = try #require(record.subscription(host.url("/hourly"))?.nextDue).timeIntervalSince(now)
        let monthly = try #require(record.subscription(host.url("/monthly"))?.nextDue).timeIntervalSince(now)
        // 20 entries over 19 h 10 min, none older than a week: 19 gaps of 60.5 min, ±10 % jitter.
        #expect(hourly >= 3_631.6 * 0.9 - 1 && hourly <= 3_631.6 * 1.1 + 1, "\(hourly)")
        // The longest interval, the jitter's spread below it.
        #expect(monthly >= 86_400 * 0.8 && monthly <= 86_400, "\(monthly)")
        // A fixed schedule ignores the rhythm.
        engine.schedule = .fixed(7_200)
        let fixed = await RefreshRecord.collect(engine.reports([Subscription(url: host.url("/hourly"))], now: now))
        let wait = try #require(fixed.subscription(host.url("/hourly"))?.nextDue).timeIntervalSince(now)
        #expect(wait >= 7_200 * 0.9 && wait <= 7_200 * 1.1, "\(wait)")
    }

    @Test("Jitter: subscriptions refreshed together are not due together")
    func jitter() async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.18") { _ in .feed(rssFeed(items: 1)) }
        defer { host.stop() }
        let now = Date()
        var engine = FeedRefresher()
        engine.schedule = .fixed(3_600)
        engine.clock = { now }
        let subscriptions = (1...20).map { Subscription(url: host.url("/f\($0)")) }
        let record = await RefreshRecord.collect(engine.reports(subscriptions, now: now))
        let waits = subscriptions.compactMap { record.subscription($0.url)?.nextDue?.timeIntervalSince(now) }
        #expect(waits.count == 20)
        #expect(Set(waits).count > 15)
        #expect(
            waits.allSatisfy { $0 >= 3_240 && $0 <= 3_960 },
            "\(waits.map { Int($0) }); outcomes \(subscriptions.map { record.outcome($0.url).map { "\($0)" } ?? "none" })")
    }

    @Test("A 301 answered by a 304 at its target is a move; movedFrom keeps the last eight URLs")
    func movesThrough304() async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.19") { request in
            if request.path == "/old" { return .init(status: 301, headers: [("Location", "/new")]) }
            if request.header("If-None-Match") == "\"v\"" { return .init(status: 304, headers: [("ETag", "\"v\"")]) }
            return .feed(rssFeed(items: 1), headers: [("ETag", "\"v\"")])
        }
        defer { host.stop() }
        let now = Date()
        let old = Subscription(url: host.url("/old"), etag: "\"v\"", validatorsSaved: now)
        let record = await RefreshRecord.collect(FeedRefresher().reports([old], now: now))
        #expect(record.outcome(old.url) == .moved(to: host.url("/new")))
        #expect(record.subscription(old.url)?.url == host.url("/new"))
        #expect(record.subscription(old.url)?.movedFrom == [old.url])

        var bouncing = Subscription(url: URL(string: "http://a.example/0")!)
        for step in 1...20 { bouncing.move(to: URL(string: "http://a.example/\(step)")!) }
        #expect(bouncing.movedFrom.count == Subscription.movedFromLimit)
        #expect(bouncing.movedFrom.last == URL(string: "http://a.example/19")!)
        let decoded = try JSONDecoder().decode(Subscription.self, from: Data("{\"url\": \"http://a.example/\"}".utf8))
        #expect(decoded.gone == nil && decoded.refreshInterval == nil)
    }
}
