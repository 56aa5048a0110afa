import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An app slower than the network (writing each entry to its database, fetching full text) holds a refresh's
/// transfer back; the transfer deadline times the server, so a fast feed behind it is never `timedOut`.
@Suite("FeedRefresher: a slow consumer is not a slow feed")
struct FeedRefresherSlowConsumerTests {
    /// Five entries of 100 kB, the consumer sleeping 3 s per entry, a 10 s transfer deadline, concurrency 1 (the
    /// channel holds one hand-over, so the transfer waits for the consumer): on the deadline that counted the
    /// app's time, the feed ended as a failure after about 10 s. 10 s, not 4: in the whole suite's busiest minute
    /// the server's own part has taken over 4 s.
    @Test(
        "Sleeping 3 s per entry behind a 10 s transfer deadline: updated, every entry",
        arguments: TransportKind.allCases)
    func slowConsumer(_ kind: TransportKind) async throws {
        let text = atomFeed(entries: 5, padding: 100_000)
        let host = try LoopbackFeedHost(address: "127.0.0.31") { _ in .feed(text) }
        defer { host.stop() }
        var refresher = FeedRefresher(
            client: FeedClient(transport: kind.make(), limits: TransferLimits(idleTimeout: 8)), concurrency: 1)
        refresher.transferDeadline = 10
        let url = host.url("/feed")
        let start = ContinuousClock.now
        var entries = 0
        var outcome: RefreshOutcome?
        for await report in refresher.reports([Subscription(url: url)]) {
            switch report {
            case .entry:
                entries += 1
                try await Task.sleep(for: .seconds(3))
            case .finished(_, _, let finished, _):
                outcome = finished
            case .refused(let id, let refusal):
                Issue.record("\(id) refused: \(refusal)")
            }
        }
        #expect(outcome == .updated(entries: 5), "\(String(describing: outcome))")
        #expect(entries == 5)
        #expect(ContinuousClock.now - start > .seconds(12))
    }
}
