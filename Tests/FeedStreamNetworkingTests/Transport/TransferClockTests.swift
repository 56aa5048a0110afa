import AtomStream
import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The idle clock and the deadline time the server, not the app: a consumer that holds a fast transfer back for
/// longer than the deadline still gets every entry.
@Suite("Transfer clocks stop while the consumer holds the transfer back")
struct TransferClockTests {
    /// Five entries of 100 kB (several network reads each, so the transfer is still under way while the consumer
    /// sleeps), 3 s of sleep per entry against a 10 s deadline: on the clock that counted the consumer, the
    /// transfer ended as `deadlineExceeded` after three or four entries. 10 s, not less: in the whole suite's
    /// busiest minute (hundreds of tests on two cores) the server's own part has taken over 4 s.
    @Test(
        "A consumer sleeping 3 s per entry behind a 10 s deadline: every entry, no timeout",
        arguments: TransportKind.allCases)
    func slowConsumer(_ kind: TransportKind) async throws {
        let text = atomFeed(entries: 5, padding: 100_000)
        let host = try LoopbackFeedHost { _ in .feed(text) }
        defer { host.stop() }
        let limits = TransferLimits(idleTimeout: 8, deadline: 10)
        let start = ContinuousClock.now
        var ids: [String] = []
        var failure: (any Error)?
        do {
            for try await entry in kind.make().parsedItems(
                for: URLRequest(url: host.url("/feed")), limits: limits, parser: { _ in AtomParser() })
            {
                ids.append(entry.id ?? "")
                try await Task.sleep(for: .seconds(3))
            }
        } catch {
            failure = error
        }
        #expect(failure == nil, "\(String(describing: failure)) after \(ids.count) entries")
        #expect(ids == (1...5).map { "urn:\($0)" })
        // The consumer alone held the transfer past the deadline: the test proves what it claims.
        #expect(ContinuousClock.now - start > .seconds(12))
    }
}
