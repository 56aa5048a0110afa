import AtomStream
import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Compressed transfers through every transport: gzip and deflate asked for and inflated as they arrive, wire and
/// body bytes reported, and a body that inflates past the limits ended with one typed error after the items
/// before it.
@Suite("Compressed transfers: gzip, deflate, bombs")
struct CompressedTransferTests {
    static let cases: [(TransportKind, ContentCompression)] = TransportKind.allCases.flatMap { kind in
        ContentCompression.allCases.map { (kind, $0) }
    }

    @Test(
        "Accept-Encoding asked, the body inflated, the same entries; wire bytes well under body bytes",
        arguments: cases)
    func inflates(_ kind: TransportKind, _ coding: ContentCompression) async throws {
        let text = atomFeed(entries: 200, padding: 200)
        let expected = try AtomParser().parseAll(Array(text.utf8))
        let host = try LoopbackFeedHost { request in
            // The coding under test only, whatever else the client accepts.
            var response = LoopbackFeedHost.Response.feed(text)
            response.body = coding.compress(response.body)
            response.precompressed = coding
            return response
        }
        defer { host.stop() }
        var entries: [AtomEntry] = []
        var last: TransferProgress?
        let events = kind.make().parsedEvents(
            for: URLRequest(url: host.url("/feed")), parser: { _ in AtomParser() }, summary: { _ in () })
        for try await event in events {
            switch event {
            case .items(let items): entries += items
            case .progress(let progress): last = progress
            default: break
            }
        }
        #expect(entries == expected)
        let accepted = host.requests.first?.header("Accept-Encoding")?.lowercased() ?? ""
        #expect(accepted.contains("gzip") && accepted.contains("deflate"), "sent: \(accepted)")
        let wire = Int64(host.bytesServed.wire)
        #expect(last?.receivedBytes == Int64(text.utf8.count))
        #expect(last?.wireBytes == wire)
        #expect(wire * 3 <= Int64(text.utf8.count), "wire \(wire) of \(text.utf8.count) body bytes")
    }

    @Test(
        "A bomb: the entries before it, then 'inflated past 100×', with memory held to a few chunks",
        arguments: cases)
    func bomb(_ kind: TransportKind, _ coding: ContentCompression) async throws {
        let whole = atomFeed(entries: 3)
        let cut = whole.range(of: "</feed>")!.lowerBound
        let prefix = Array(whole[..<cut].utf8)
        let bomb = await offPool { coding.bomb(prefix: prefix, padding: 256 << 20, suffix: Array("</feed>".utf8)) }
        let host = try LoopbackFeedHost { _ in
            var response = LoopbackFeedHost.Response(
                headers: [("Content-Type", "application/atom+xml")], body: bomb.bytes, precompressed: coding)
            // The items arrive before the bomb: AsyncHTTPClient drops what arrived in the same read as a
            // decompression fault.
            response.pauseAfter = bomb.prefixEnd
            return response
        }
        defer { host.stop() }
        var limits = TransferLimits()
        let statistics = TransferStatistics()
        limits.statistics = statistics
        let (entries, error) = await CorelibsURLSessionLane.run(kind) {
            await collectUntilError(
                kind.make().parsedItems(for: URLRequest(url: host.url("/bomb")), limits: limits) { _ in AtomParser() })
        }
        #expect(entries.count == 3)
        let transportError = try #require(error as? HTTPTransportError, "\(String(describing: error))")
        #expect(transportError.kind == .inflationRatioExceeded(limit: 100))
        #expect(!transportError.description.contains("\n"))
        #expect(transportError.message.contains("100×"))
        // What the consumer was handed at once stays chunk-sized, nowhere near the 256 MiB the bomb holds.
        #expect(statistics.largestChunkBytes < 16 << 20)
    }

    @Test(
        "maximumBodyBytes: a compressed body inflating past it ends with 'inflated past N bytes'",
        arguments: TransportKind.allCases)
    func bodyLimit(_ kind: TransportKind) async throws {
        let text = atomFeed(entries: 400, padding: 400)
        let host = try LoopbackFeedHost { _ in .feed(text, compresses: true) }
        defer { host.stop() }
        let limits = TransferLimits(maximumBodyBytes: 64 << 10)
        let (entries, error) = await collectUntilError(
            kind.make().parsedItems(for: URLRequest(url: host.url("/big")), limits: limits) { _ in AtomParser() })
        #expect(entries.count < 400)
        let transportError = try #require(error as? HTTPTransportError, "\(String(describing: error))")
        #expect(transportError.kind == .bodyTooLarge(limit: 64 << 10))
    }

    @Test("An uncompressed body is not bounded by maximumBodyBytes", arguments: TransportKind.allCases)
    func identityUnbounded(_ kind: TransportKind) async throws {
        let text = atomFeed(entries: 400, padding: 400)
        let host = try LoopbackFeedHost { _ in .feed(text) }
        defer { host.stop() }
        let limits = TransferLimits(maximumBodyBytes: 64 << 10)
        var count = 0
        for try await _ in kind.make().parsedItems(
            for: URLRequest(url: host.url("/plain")), limits: limits, parser: { _ in AtomParser() })
        {
            count += 1
        }
        #expect(count == 400)
    }

    #if canImport(AsyncHTTPClient)
        @Test("AsyncHTTPClient: a corrupt gzip body is 'gzip-compressed body is corrupt'")
        func corrupt() async throws {
            var body = ContentCompression.gzip.compress(Array(atomFeed(entries: 50).utf8))
            for index in stride(from: 40, to: body.count - 10, by: 7) { body[index] ^= 0x5A }
            let corrupted = body
            let host = try LoopbackFeedHost { _ in
                LoopbackFeedHost.Response(
                    headers: [("Content-Type", "application/atom+xml")], body: corrupted, precompressed: .gzip)
            }
            defer { host.stop() }
            let (_, error) = await collectUntilError(
                AsyncHTTPClientTransport().parsedItems(for: URLRequest(url: host.url("/corrupt"))) { _ in
                    AtomParser()
                })
            let transportError = try #require(error as? HTTPTransportError, "\(String(describing: error))")
            #expect(transportError.kind == .corruptCompression(encoding: "gzip"))
        }
    #endif
}
