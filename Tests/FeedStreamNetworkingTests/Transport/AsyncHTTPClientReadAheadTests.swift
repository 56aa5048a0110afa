#if canImport(AsyncHTTPClient)
    import AtomStream
    import FeedStreamNetworking
    import Foundation
    import StreamTestSupport
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Past its first 512 KiB an AsyncHTTPClient body is read ahead of its consumer, up to the high-water mark: the
    /// same entries in the same order, faults after the entries before them, the connection closed when the
    /// consumer goes. The bound on memory and on the sender is `TransportBackpressureTests`' (a consumer that stops
    /// after 256 items). Counted, not timed.
    @Suite("AsyncHTTPClientTransport: a long body read ahead of its consumer")
    struct AsyncHTTPClientReadAheadTests {
        /// `count` entries of about 4 kB each (128 of them past the read-ahead's start), whose summaries are hex
        /// digits of a pseudo-random sequence: gzip halves them, so a compressed body is long on the wire too.
        static func body(entries count: Int) -> [UInt8] {
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            var text = "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title>"
            for index in 1...count {
                var summary = ""
                summary.reserveCapacity(4_000)
                for _ in 0..<250 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    summary += String(state >> 1, radix: 16).prefix(16)
                }
                text += "<entry><id>urn:\(index)</id><title>e\(index)</title><summary>\(summary)</summary></entry>"
            }
            return Array((text + "</feed>").utf8)
        }

        /// The ids `body` decodes to, read whole from memory.
        static func ids(decoding body: [UInt8]) throws -> [String?] {
            let parser = AtomParser()
            var ids = try parser.parse(Data(body)).map(\.id)
            try parser.finish { ids.append($0.id) }
            return ids
        }

        @Test(
            "A 4 MB body, plain or gzip, by length or chunked: the entries of the whole document, in order",
            arguments: [(false, false), (false, true), (true, false), (true, true)])
        func sameEntries(compressed: Bool, chunked: Bool) async throws {
            let plain = Self.body(entries: 1_000)
            let body = compressed ? ContentCompression.gzip.compress(plain) : plain
            let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in
                .init(
                    contentType: "application/atom+xml",
                    headers: compressed ? [("Content-Encoding", "gzip")] : [], body: body,
                    framing: chunked ? .chunked : .contentLength, chunkSize: 16 << 10, pauseMicroseconds: 0)
            }
            let statistics = TransferStatistics()
            var limits = TransferLimits(idleTimeout: 60)
            limits.statistics = statistics
            var ids: [String?] = []
            for try await entry in AsyncHTTPClientTransport().parsedItems(
                for: URLRequest(url: server.url("/feed")), limits: limits, parser: { _ in AtomParser() })
            {
                ids.append(entry.id)
            }
            #expect(try ids == Self.ids(decoding: plain))
            #expect(statistics.maximumBufferedBytes <= limits.bufferHighWaterMark + statistics.largestChunkBytes)
        }

        @Test("A body cut after the read-ahead started: the entries before the cut, then 'connection closed'")
        func cut() async throws {
            let body = Self.body(entries: 1_000)
            let cut = 2 << 20
            var route = LoopbackHTTPServer.Route(
                contentType: "application/atom+xml", body: body, framing: .contentLength, chunkSize: 16 << 10,
                pauseMicroseconds: 0)
            route.fault = .close
            route.faultAfter = cut
            let faulty = route
            let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600, holdTimeout: 20) { _ in faulty }
            let outcome = await collectUntilError(
                AsyncHTTPClientTransport().parsedItems(for: URLRequest(url: server.url("/feed"))) { _ in
                    AtomParser()
                })
            let error = try #require(outcome.error as? HTTPTransportError, "\(String(describing: outcome.error))")
            guard case .connectionClosed(let received, let expected) = error.kind else {
                Issue.record("expected connectionClosed, got \(error.kind)")
                return
            }
            #expect(expected == Int64(body.count))
            // At most the cut: AsyncHTTPClient drops the bytes of the read that also carries the close, which a busy
            // machine makes larger (then the read-ahead may not have started at all; on a quiet one it has).
            #expect(received <= Int64(cut))
            let completed = TransportFaultTests.entriesCompleted(in: body[..<Int(received)])
            #expect(outcome.items.map(\.id) == (0..<completed).map { "urn:\($0 + 1)" })
            let message = "\(server.url("/feed")): connection closed after \(received) of \(body.count) bytes"
            #expect(error.description == message)
        }

        @Test("A consumer that goes after the read-ahead started: the connection is closed, the rest never sent")
        func consumerGoes() async throws {
            let body = Self.body(entries: 4_000)
            let holdAfter = 3 << 20
            let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600, holdTimeout: 20) { _ in
                .init(
                    contentType: "application/atom+xml", body: body, framing: .contentLength, chunkSize: 64 << 10,
                    pauseMicroseconds: 0, holdAfter: holdAfter, awaitsClientCloseAfterHold: true)
            }
            let taken = try await { () async throws -> Int in
                var taken = 0
                for try await _ in AsyncHTTPClientTransport().parsedItems(
                    for: URLRequest(url: server.url("/feed")), limits: TransferLimits(idleTimeout: 60),
                    parser: { _ in AtomParser() })
                {
                    taken += 1
                    if taken == 256 { break }
                }
                return taken
            }()
            #expect(taken == 256)
            await server.expectAbandoned(after: holdAfter)
        }
    }
#endif
