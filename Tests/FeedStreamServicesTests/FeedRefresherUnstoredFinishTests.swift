import AtomStream
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

/// A source that fails to keep one subscription's finish (its store lost the connection, say) and keeps the others.
private actor FailingFinishSource: RefreshSource {
    struct LostConnection: Error {}

    var pending: [Subscription]
    let failing: URL
    var kept: Set<URL> = []

    init(_ subscriptions: [Subscription], failing: URL) {
        pending = subscriptions
        self.failing = failing
    }

    func claim(dueBy: Date, limit: Int) async throws -> [Subscription] {
        defer { pending = [] }
        return pending
    }

    func seen(_ id: Subscription.ID) async throws -> [EntryIdentity: EntryDigest] { [:] }

    func finish(
        _ id: Subscription.ID, as subscription: Subscription, outcome: RefreshOutcome,
        seen: [EntryIdentity: EntryDigest]
    ) async throws {
        if id == failing { throw LostConnection() }
        kept.insert(id)
    }
}

/// An outcome is reported only once the source has kept it: in a fleet, a finish the store lost is reported by the
/// worker that refreshes the subscription after its lease ran out, not by both (the chaos run found a feed reported
/// `updated` by a worker whose store had lost the connection, and again by the worker that took it over).
@Suite("FeedRefresher: a finish the source did not keep is not reported")
struct FeedRefresherUnstoredFinishTests {
    @Test("The finish that failed gives no outcome; those kept before it are reported")
    func unstoredFinish() async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.17") { _ in .feed(rssFeed(items: 2)) }
        defer { host.stop() }
        let urls = (1...3).map { host.url("/f\($0)") }
        let source = FailingFinishSource(urls.map { Subscription(url: $0) }, failing: urls[1])
        var refresher = FeedRefresher()
        refresher.concurrency = 1
        let record = await RefreshRecord.collect(refresher.reports(from: source))
        #expect(record.finished[urls[1]] == nil, "reported though not stored")
        #expect(record.refused[urls[1]] == nil)
        let kept = await source.kept
        #expect(Set(record.finished.keys) == kept, "every outcome reported was kept, and only those")
        #expect(kept.contains(urls[0]))
    }
}
