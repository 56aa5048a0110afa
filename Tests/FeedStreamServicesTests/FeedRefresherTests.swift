import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything a refresh reported, by subscription.
struct RefreshRecord {
    var entries: [URL: [AtomEntry]] = [:]
    var finished: [URL: (Subscription, RefreshOutcome)] = [:]
    var order: [URL] = []
    var costs: [URL: RefreshTransfer] = [:]
    var refused: [URL: FinishRefusal] = [:]

    static func collect(_ reports: AsyncStream<RefreshReport>) async -> RefreshRecord {
        var record = RefreshRecord()
        for await report in reports {
            switch report {
            case .entry(let id, let entry, _): record.entries[id, default: []].append(entry)
            case .finished(let id, let subscription, let outcome, let cost):
                #expect(record.finished[id] == nil, "\(id) finished twice")
                record.finished[id] = (subscription, outcome)
                record.order.append(id)
                if let cost { record.costs[id] = cost }
            case .refused(let id, let refusal): record.refused[id] = refusal
            }
        }
        return record
    }

    func outcome(_ url: URL) -> RefreshOutcome? { finished[url]?.1 }
    func subscription(_ url: URL) -> Subscription? { finished[url]?.0 }
}

/// A small RSS 2.0 channel.
func rssFeed(items: Int, channelExtras: String = "", prefix: String = "item") -> String {
    var text = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/" \
        xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Feed</title>\
        <link>http://example.com/</link>\(channelExtras)
        """
    for index in 1...max(1, items) where items > 0 {
        text += "<item><guid>\(prefix)-\(index)</guid><title>Item \(index)</title>"
        text += "<description>Text of item \(index), long enough to compress well. </description></item>\n"
    }
    return text + "</channel></rss>\n"
}

@Suite("FeedRefresher on a loopback farm")
struct FeedRefresherTests {
    static let transports = TransportKind.allCases

    func refresher(_ kind: TransportKind, concurrency: Int = 8, perHost: Int = 2, timeout: TimeInterval = 30)
        -> FeedRefresher
    {
        FeedRefresher(
            client: FeedClient(transport: kind.make(), limits: TransferLimits(idleTimeout: timeout)),
            concurrency: concurrency, perHost: perHost)
    }

    @Test("Per-host and total concurrency, counted by the servers, never pass their limits", arguments: transports)
    func concurrency(_ kind: TransportKind) async throws {
        let counter = LoopbackInFlightCounter()
        let hosts = try (2...7).map { last in
            try LoopbackFeedHost(address: "127.0.0.\(last)", counter: counter) { request in
                .feed(rssFeed(items: 3, prefix: request.path), latency: 0.05)
            }
        }
        defer { for host in hosts { host.stop() } }
        let subscriptions = hosts.flatMap { host in (1...6).map { Subscription(url: host.url("/feed/\($0)")) } }
        let record = await RefreshRecord.collect(
            refresher(kind, concurrency: 4, perHost: 2).reports(subscriptions))
        #expect(record.finished.count == subscriptions.count)
        for subscription in subscriptions {
            #expect(record.outcome(subscription.url) == .updated(entries: 3))
            #expect(record.entries[subscription.url]?.count == 3)
        }
        for host in hosts {
            #expect(host.maximumInFlight <= 2)
            #expect(host.requests.count == 6)
        }
        #expect(counter.maximum <= 4)
        #expect(counter.maximum >= 2, "the refresh ran transfers side by side")
    }

    @Test(
        "Conditional GET: validators sent, a 304 decodes nothing; stale validators are not sent",
        arguments: transports)
    func conditionalGET(_ kind: TransportKind) async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.2") { request in
            if request.header("If-None-Match") == "\"v1\"" { return .init(status: 304, headers: [("ETag", "\"v1\"")]) }
            return .feed(
                rssFeed(items: 2), headers: [("ETag", "\"v1\""), ("Last-Modified", "Tue, 01 Sep 2026 10:00:00 GMT")])
        }
        defer { host.stop() }
        let url = host.url("/feed")
        let now = Date()
        var engine = refresher(kind)
        engine.clock = { now }
        let first = await RefreshRecord.collect(engine.reports([Subscription(url: url)], now: now))
        let stored = try #require(first.subscription(url))
        #expect(first.outcome(url) == .updated(entries: 2))
        #expect(stored.etag == "\"v1\"")
        #expect(stored.lastModified == "Tue, 01 Sep 2026 10:00:00 GMT")
        #expect(stored.validatorsSaved == now)

        let second = await RefreshRecord.collect(engine.reports([stored], now: now, all: true))
        #expect(second.outcome(url) == .notModified)
        #expect(second.entries[url] == nil)
        #expect(second.costs[url]?.bodyBytes == 0)
        try #require(host.requests.count == 2)
        #expect(host.requests[1].header("If-Modified-Since") == "Tue, 01 Sep 2026 10:00:00 GMT")

        // With a lifetime of a week, eight days on the validators are too old to trust: a full GET. (By default
        // they are sent whenever stored: FeedRefresherUnchangedTests.)
        let later = now.addingTimeInterval(8 * 86_400)
        engine.clock = { later }
        engine.validatorLifetime = 7 * 86_400
        let third = await RefreshRecord.collect(engine.reports([stored], now: later))
        try #require(host.requests.count == 3)
        #expect(host.requests[2].header("If-None-Match") == nil)
        // The 200 brings the body the subscription last decoded: recognised, not decoded again.
        #expect(third.costs[url]?.statusCode == 200)
        #expect(third.outcome(url) == .notModified)
        #expect(third.entries[url] == nil)
    }

    @Test(
        "301 and 308 move the subscription; 302 and 307 do not; 410 is gone; itunes:new-feed-url moves",
        arguments: transports)
    func movesAndGone(_ kind: TransportKind) async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.3") { request in
            switch request.path {
            case "/old301": .init(status: 301, headers: [("Location", "/new301")])
            case "/old308": .init(status: 308, headers: [("Location", "/new308")])
            case "/temp302": .init(status: 302, headers: [("Location", "/new302")])
            case "/temp307": .init(status: 307, headers: [("Location", "/new307")])
            case "/gone": .init(status: 410)
            case "/podcast":
                .feed(rssFeed(items: 1, channelExtras: "<itunes:new-feed-url>/moved-show</itunes:new-feed-url>"))
            default: .feed(rssFeed(items: 2))
            }
        }
        defer { host.stop() }
        let paths = ["/old301", "/old308", "/temp302", "/temp307", "/gone", "/podcast"]
        let record = await RefreshRecord.collect(
            refresher(kind).reports(paths.map { Subscription(url: host.url($0)) }))
        #expect(record.outcome(host.url("/old301")) == .moved(to: host.url("/new301")))
        #expect(record.subscription(host.url("/old301"))?.url == host.url("/new301"))
        #expect(record.subscription(host.url("/old301"))?.movedFrom == [host.url("/old301")])
        #expect(record.entries[host.url("/old301")]?.count == 2)
        #expect(record.outcome(host.url("/old308")) == .moved(to: host.url("/new308")))
        #expect(record.outcome(host.url("/temp302")) == .updated(entries: 2))
        #expect(record.subscription(host.url("/temp302"))?.url == host.url("/temp302"))
        #expect(record.outcome(host.url("/temp307")) == .updated(entries: 2))
        #expect(record.outcome(host.url("/gone")) == .gone)
        #expect(record.subscription(host.url("/gone"))?.gone != nil)
        #expect(record.subscription(host.url("/gone"))?.nextDue == .distantFuture)
        #expect(record.outcome(host.url("/podcast")) == .moved(to: host.url("/moved-show")))
        #expect(record.subscription(host.url("/podcast"))?.url == host.url("/moved-show"))
    }

    @Test(
        "429 with Retry-After: no more requests to that host this run, retryAfter stored; others go on",
        arguments: transports)
    func retryAfter(_ kind: TransportKind) async throws {
        let busy = try LoopbackFeedHost(address: "127.0.0.4") { _ in
            .init(status: 429, headers: [("Retry-After", "120")])
        }
        let calm = try LoopbackFeedHost(address: "127.0.0.5") { _ in .feed(rssFeed(items: 1)) }
        defer {
            busy.stop()
            calm.stop()
        }
        let now = Date()
        let subscriptions = (1...4).map { Subscription(url: busy.url("/f\($0)")) } + [Subscription(url: calm.url("/f"))]
        let record = await RefreshRecord.collect(
            refresher(kind, perHost: 1).reports(subscriptions, now: now))
        #expect(busy.requests.count == 1)
        #expect(record.outcome(calm.url("/f")) == .updated(entries: 1))
        for subscription in subscriptions.prefix(4) {
            let stored = try #require(record.subscription(subscription.url))
            let retryAfter = try #require(stored.retryAfter)
            // 2 minutes asked, raised to the shortest interval (15 minutes).
            #expect(retryAfter >= now.addingTimeInterval(899) && retryAfter <= now.addingTimeInterval(980))
            #expect(record.outcome(subscription.url) == .deferred(until: retryAfter))
            #expect(stored.failures == 0)
        }
        // The next run keeps to it: nothing is sent to that host before the time.
        let stored = subscriptions.compactMap { record.subscription($0.url) }
        let again = await RefreshRecord.collect(
            refresher(kind).reports(stored, now: now.addingTimeInterval(60), all: true))
        #expect(busy.requests.count == 1)
        guard case .deferred(let until)? = again.outcome(busy.url("/f1")) else {
            Issue.record("\(String(describing: again.outcome(busy.url("/f1"))))")
            return
        }
        #expect(until == record.subscription(busy.url("/f1"))?.retryAfter)
    }

    @Test(
        "A stalled host and a malformed feed: each its own one-line failure; the rest are updated",
        arguments: transports)
    func faults(_ kind: TransportKind) async throws {
        let malformed = rssFeed(items: 3).replacingOccurrences(of: "<item><guid>item-3", with: "<item><guid item-3")
        let host = try LoopbackFeedHost(address: "127.0.0.6") { request in
            switch request.path {
            case "/stall":
                var response = LoopbackFeedHost.Response.feed(rssFeed(items: 5))
                response.stallAfter = 300
                return response
            case "/malformed": return .feed(malformed)
            default: return .feed(rssFeed(items: 2))
            }
        }
        defer { host.stop() }
        let urls = [host.url("/stall"), host.url("/malformed"), host.url("/fine")]
        let now = Date()
        let record = await CorelibsURLSessionLane.run(kind) {
            await RefreshRecord.collect(
                // 5 s, not 1: on a loaded machine URLSession's shared libcurl lane let the sound feeds go a second
                // without a byte too (about one full parallel run in four).
                refresher(kind, timeout: 5).reports(urls.map { Subscription(url: $0) }, now: now))
        }
        guard case .failed(let stall)? = record.outcome(urls[0]) else {
            Issue.record("stall: \(String(describing: record.outcome(urls[0])))")
            return
        }
        #expect(stall.kind == .timedOut)
        #expect(stall.message == "timed out after 5 s without a byte")
        guard case .failed(let malformedMessage)? = record.outcome(urls[1]) else {
            Issue.record("malformed: \(String(describing: record.outcome(urls[1])))")
            return
        }
        #expect(malformedMessage.kind == .malformed)
        #expect(!malformedMessage.message.contains("\n") && malformedMessage.message.contains("line"))
        #expect(record.entries[urls[1]]?.count == 2, "the entries before the fault")
        #expect(record.outcome(urls[2]) == .updated(entries: 2))
        let failedOnce = try #require(record.subscription(urls[0]))
        #expect(failedOnce.failures == 1)
        let backoff = try #require(failedOnce.nextDue).timeIntervalSince(now)
        #expect(backoff >= 450 && backoff <= 86_400)
    }

    @Test("gzip and deflate: wire bytes a fraction of body bytes; a bomb is one failed line", arguments: transports)
    func compression(_ kind: TransportKind) async throws {
        let body = rssFeed(items: 300)
        let cut = body.range(of: "</channel>")!.lowerBound
        let prefix = Array(body[..<cut].utf8)
        let bomb = await offPool {
            ContentCompression.gzip.bomb(prefix: prefix, padding: 128 << 20, suffix: Array("</channel></rss>".utf8))
        }
        let host = try LoopbackFeedHost(address: "127.0.0.7") { request in
            if request.path == "/bomb" {
                var response = LoopbackFeedHost.Response(
                    headers: [("Content-Type", "application/rss+xml")], body: bomb.bytes, precompressed: .gzip)
                response.pauseAfter = bomb.prefixEnd
                return response
            }
            return .feed(body, compresses: true)
        }
        defer { host.stop() }
        let urls = [host.url("/feed"), host.url("/bomb")]
        let record = await CorelibsURLSessionLane.run(kind) {
            await RefreshRecord.collect(refresher(kind).reports(urls.map { Subscription(url: $0) }))
        }
        #expect(record.outcome(urls[0]) == .updated(entries: 300))
        let cost = try #require(record.costs[urls[0]])
        #expect(cost.bodyBytes == Int64(body.utf8.count))
        #expect((cost.wireBytes ?? .max) * 3 <= cost.bodyBytes)
        guard case .failed(let message)? = record.outcome(urls[1]) else {
            Issue.record("bomb: \(String(describing: record.outcome(urls[1])))")
            return
        }
        #expect(message.kind == .tooLarge)
        #expect(message.message.contains("100×"))
        #expect(record.entries[urls[1]]?.count == 300)
    }

    @Test("Schedules: not due is notDue (unless all); max-age, ttl, sy:updatePeriod and skipHours set nextDue")
    func schedules() async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.8") { request in
            switch request.path {
            case "/max-age": .feed(rssFeed(items: 1), headers: [("Cache-Control", "public, max-age=7200")])
            case "/ttl": .feed(rssFeed(items: 1, channelExtras: "<ttl>180</ttl>"))
            case "/sy":
                .feed(
                    rssFeed(
                        items: 1,
                        channelExtras:
                            "<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>"))
            case "/huge": .feed(rssFeed(items: 1), headers: [("Cache-Control", "max-age=9999999")])
            default: .feed(rssFeed(items: 1))
            }
        }
        defer { host.stop() }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let future = Subscription(url: host.url("/later"), nextDue: now.addingTimeInterval(60))
        let subscriptions = ["/max-age", "/ttl", "/sy", "/huge", "/plain"].map { Subscription(url: host.url($0)) }
        var engine = refresher(.allCases[0])
        engine.clock = { now }
        let record = await RefreshRecord.collect(engine.reports(subscriptions + [future], now: now))
        #expect(record.outcome(future.url) == .notDue)
        #expect(!host.requests.contains { $0.path == "/later" })
        func wait(_ path: String) -> TimeInterval? {
            record.subscription(host.url(path))?.nextDue.map { $0.timeIntervalSince(now) }
        }
        // Each ±10 % of what it asks, the spread moved inside the intervals at either bound.
        func near(_ path: String, _ asked: TimeInterval) -> Bool {
            guard let wait = wait(path) else { return false }
            let bounded = min(max(asked, 900), 86_400)
            let center = max(min(bounded, 86_400 - bounded / 10), 900 + bounded / 10)
            return wait >= center - bounded / 10 - 1e-6 && wait <= center + bounded / 10 + 1e-6
        }
        #expect(near("/max-age", 7200))
        #expect(near("/ttl", 10_800))
        #expect(near("/sy", 43_200))
        #expect(near("/huge", 86_400))
        #expect(near("/plain", 900))
        let forced = await RefreshRecord.collect(engine.reports([future], now: now, all: true))
        #expect(forced.outcome(future.url) == .updated(entries: 1))

        // 1_800_000_000 is 2027-01-15 08:00:00 UTC: 2 hours on lands in a skipped hour, so 12:00.
        let due = engine.nextDue(head: nil, schedule: FeedUpdateSchedule(ttl: 120, skipHours: [10, 11]), now: now)
        #expect(due == now.addingTimeInterval(4 * 3_600))
    }

    @Test("Shards: a stable FNV-1a of the host; two shards cover a list exactly once, a host in one shard")
    func shards() {
        #expect(FeedRefresher.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
        let subscriptions = (0..<400).map { Subscription(url: URL(string: "https://host\($0 % 37).example/f\($0)")!) }
        let shards = (0..<2).map { FeedRefresher(shard: (index: $0, count: 2)) }
        for subscription in subscriptions {
            #expect(shards.filter { $0.isInShard(subscription) }.count == 1)
        }
        let first = Set(subscriptions.filter(shards[0].isInShard).map { $0.url.host! })
        let second = Set(subscriptions.filter(shards[1].isInShard).map { $0.url.host! })
        #expect(first.isDisjoint(with: second))
        #expect(!first.isEmpty && !second.isEmpty)
    }

    @Test("Cancelling the consumer stops every transfer; a slow consumer makes the transfers wait")
    func cancellation() async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.9") { request in
            var response = LoopbackFeedHost.Response.feed(rssFeed(items: 40))
            if request.path.hasPrefix("/stall") { response.stallAfter = 200 }
            return response
        }
        defer { host.stop() }
        let subscriptions =
            (1...3).map { Subscription(url: host.url("/stall\($0)")) } + [Subscription(url: host.url("/big"))]
        // An idle timeout far longer than the test: only the cancellation can end these transfers.
        var configured = refresher(.allCases[0], perHost: 4, timeout: 600)
        configured.transferDeadline = nil
        let engine = configured
        let task = Task {
            var seen = 0
            for await event in engine.refresh(subscriptions) {
                if case .entry = event { seen += 1 }
            }
            return seen
        }
        // Wait (no deadline asserted) until every transfer has started, then cancel the consumer.
        for _ in 0..<1_500 where host.requests.count < 4 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(host.requests.count == 4)
        task.cancel()
        // The run ends long before any timeout could end it: minutes of margin against 600 s.
        let seen = try await withStallDeadline(seconds: 300, "cancelled refresh") { await task.value }
        #expect(seen <= 40)
        // The stalled transfers were closed by the client: the server's stalls end.
        try await withStallDeadline(seconds: 300, "stalled transfers closed") {
            while host.inFlightNow > 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(host.inFlightNow == 0)
    }
}
