import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The pages of one `Pager` run share one `URLSession`, so a server that keeps connections alive serves them all
/// over the connection the first page opened.
@Suite("Pager: pages over one connection")
struct PagerConnectionReuseTests {
    static func page(_ number: Int, of count: Int) -> String {
        atomFeed(entries: 1, first: number, next: number < count ? "feed?page=\(number + 1)" : nil)
    }

    @Test("Four pages, in order, over one kept-alive connection")
    func pagesReuseTheConnection() async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 4, lifetime: 600, keepsConnectionsAlive: true) { request in
            let number = Int(request.queryItems.first { $0.name == "page" }?.value ?? "1") ?? 1
            return .init(contentType: "application/atom+xml", text: Self.page(number, of: 4))
        }
        let pager = Pager(
            request: URLRequest(url: server.url("/feed")), strategy: ConnectionsPaging(),
            configuration: .patientLoopback)
        var ids: [String?] = []
        for try await entry in pager.items() { ids.append(entry.id) }
        await server.waitUntilStopped()
        #expect(ids == ["urn:1", "urn:2", "urn:3", "urn:4"])
        #expect(server.snapshot.requests == ["/feed", "/feed?page=2", "/feed?page=3", "/feed?page=4"])
        #expect(server.snapshot.connections == 1)
    }
}
