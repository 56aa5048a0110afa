import AtomStream
import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 27, item 3: the `URLSession` statics are deprecated forwards to ``URLSessionTransport``, kept for source
/// compatibility. Deprecated themselves, so that calling them here warns nobody.
@Suite("URLSession statics: deprecated forwards to URLSessionTransport")
struct DeprecatedURLSessionStaticsTests {
    @available(*, deprecated, message: "tests the deprecated statics")
    @Test("parsedItems, parsedEvents and dataChunks give what the transport gives")
    func forwards() async throws {
        let body = Array(atomFeed(entries: 5).utf8)
        let server = try LoopbackHTTPServer(maximumRequests: 3) { _ in
            .init(contentType: "application/atom+xml", body: body, chunkSize: 100)
        }
        let request = URLRequest(url: server.url("/feed"))
        var ids: [String?] = []
        for try await entry in URLSession.parsedItems(
            for: request, configuration: .patientLoopback,
            parser: { _ in
                AtomParser()
            })
        {
            ids.append(entry.id)
        }
        #expect(ids == (1...5).map { "urn:\($0)" })
        var feed: AtomFeed?
        var eventItems = 0
        for try await event in URLSession.parsedEvents(
            for: request, configuration: .patientLoopback, parser: { _ in AtomParser() }, summary: { $0.feed })
        {
            if case .items(let items) = event { eventItems += items.count }
            if case .finished(let summary) = event { feed = summary }
        }
        #expect(eventItems == 5)
        #expect(feed != nil)
        var bytes = Data()
        for try await chunk in URLSession.dataChunks(for: request, configuration: .patientLoopback) { bytes += chunk }
        #expect(Array(bytes) == body)
        await server.waitUntilStopped()
    }

    @available(*, deprecated, message: "tests the deprecated statics")
    @Test("Network faults are the transport's typed error, not a URLError")
    func typedErrors() async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 0) { _ in .init(text: "") }
        await server.waitUntilStopped()
        let outcome = await collectUntilError(
            URLSession.parsedItems(for: URLRequest(url: server.url("/feed")), configuration: .patientLoopback) { _ in
                AtomParser()
            })
        #expect(outcome.items.isEmpty)
        #expect(
            (outcome.error as? HTTPTransportError)?.kind == .connectionRefused, "\(String(describing: outcome.error))")
    }

    @Test("The configuration's request timeout becomes the idle timeout")
    func timeoutCarriesOver() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 42
        #expect(TransferLimits(sessionConfiguration: configuration).idleTimeout == 42)
    }
}
