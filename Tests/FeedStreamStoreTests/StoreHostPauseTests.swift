import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import FeedStreamStore
import Foundation
import StreamTestSupport
import Testing

/// A host's pause outlasts the run on every store: the next run, its other subscriptions (one added since too) are
/// not fetched before the host's `Retry-After`, while other hosts are.
@Suite("Stores keep a host's pause for every subscription of the host")
struct StoreHostPauseTests {
    @Test("A 429's pause holds the next run for the host's other subscriptions", arguments: StoreKind.testable)
    func pauseOutlastsTheRun(_ kind: StoreKind) async throws {
        let busy = try LoopbackFeedHost(address: "127.0.0.47") { _ in
            .init(status: 429, headers: [("Retry-After", "3600")])
        }
        let calm = try LoopbackFeedHost(address: "127.0.0.48") { _ in .feed(Self.feed) }
        defer {
            busy.stop()
            calm.stop()
        }
        let store = try await kind.make()
        try await store.add([Subscription(url: busy.url("/first")), Subscription(url: calm.url("/a"))])
        let refresher = FeedRefresher(
            client: FeedClient(
                transport: TransportKind.asyncHTTPClient.make(), limits: TransferLimits(idleTimeout: 30)),
            perHost: 1)
        let first = try await Self.outcomes(refresher.refresh(store: store, worker: "w1"))
        #expect(busy.requests.count == 1)
        guard case .deferred(let until)? = first[busy.url("/first")] else {
            Issue.record("expected deferred, got \(String(describing: first[busy.url("/first")]))")
            return
        }
        #expect(until > Date().addingTimeInterval(3000))
        // Added after the pause, due at once: they wait for the host all the same; the other host's new one goes.
        try await store.add([
            Subscription(url: busy.url("/second")), Subscription(url: busy.url("/third")),
            Subscription(url: calm.url("/b")),
        ])
        let second = try await Self.outcomes(refresher.refresh(store: store, worker: "w2"))
        #expect(busy.requests.count == 1, "the paused host is asked nothing: \(busy.requests.map(\.path))")
        #expect(second[calm.url("/b")] == .updated(entries: 1))
        #expect(second[busy.url("/second")] == nil || second[busy.url("/second")] == .deferred(until: until))
    }

    static let feed = """
        <rss version="2.0"><channel><title>t</title><item><guid>1</guid><title>one</title></item></channel></rss>
        """

    static func outcomes(_ events: AsyncStream<RefreshEvent>) async throws -> [URL: RefreshOutcome] {
        var outcomes: [URL: RefreshOutcome] = [:]
        for await event in events {
            if case .finished(let id, _, let outcome) = event { outcomes[id] = outcome }
        }
        return outcomes
    }
}
