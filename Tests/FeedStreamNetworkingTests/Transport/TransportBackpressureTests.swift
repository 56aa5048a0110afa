import AtomStream
import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A consumer that stops pulling makes the transfer wait: counted, not timed.
@Suite("Transports: a slow consumer makes the transfer wait")
struct TransportBackpressureTests {
    /// The transports that can make a transfer wait here (not URLSession on Linux: FoundationNetworking cannot).
    static var waitingKinds: [TransportKind] {
        #if canImport(Darwin)
            TransportKind.allCases
        #else
            TransportKind.allCases.filter { $0 != .urlSession }
        #endif
    }

    @Test("A consumer that takes 1 or 256 items and stops: bytes buffered stay under the mark, the server held back",
        arguments: waitingKinds, [1, 256])
    func heldBack(_ kind: TransportKind, taking taken: Int) async throws {
        // 64 MiB of entries, sent as fast as the socket takes them.
        let body = Array(atomFeed(entries: 16 * 1024, padding: 4000).utf8)
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600, holdTimeout: 30) { _ in
            .init(
                contentType: "application/atom+xml", body: body, framing: .contentLength, chunkSize: 64 << 10,
                pauseMicroseconds: 0)
        }
        let statistics = TransferStatistics()
        var limits = TransferLimits(idleTimeout: 60, bufferHighWaterMark: 256 << 10)
        limits.statistics = statistics
        var iterator = kind.make().parsedItems(
            for: URLRequest(url: server.url("/feed")), limits: limits
        ) { _ in AtomParser() }.makeAsyncIterator()
        for index in 1...taken {
            let entry = try await iterator.next()
            #expect(entry?.id == "urn:\(index)")
        }
        // Give the server every chance to push what it can while nobody pulls.
        var sent = 0
        for _ in 0..<20 {
            try await Task.sleep(for: .milliseconds(100))
            sent = server.snapshot.bodyBytesSent
        }
        // What left the server is bounded by the socket buffers and the transport's mark, not by the body.
        #expect(sent < 24 << 20, "the server sent \(sent) of \(body.count) bytes to a consumer that took \(taken)")
        #expect(statistics.maximumBufferedBytes <= (256 << 10) + statistics.largestChunkBytes)
        // Pulling again drains the rest, in order.
        var count = taken
        while let entry = try await iterator.next() {
            count += 1
            if count == 16 * 1024 { #expect(entry.id == "urn:16384") }
        }
        #expect(count == 16 * 1024)
        #expect(server.snapshot.bodyBytesSent == body.count)
    }
}
