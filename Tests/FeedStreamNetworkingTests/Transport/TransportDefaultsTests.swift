import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What every transport adds to a request: a `User-Agent` (the app's own wins), and no local cache between the
/// package's conditional GET and the server.
@Suite("Transport defaults: User-Agent, no local cache")
struct TransportDefaultsTests {
    @Test("A request without a User-Agent carries FeedStream's; an app's own is kept", arguments: TransportKind.allCases)
    func userAgent(_ kind: TransportKind) async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 2) { _ in .init(status: 200, text: "ok") }
        let transport = kind.make()
        _ = try await Self.status(transport, URLRequest(url: server.url("/plain")))
        var named = URLRequest(url: server.url("/named"))
        named.setValue("Reader/2.0", forHTTPHeaderField: "User-Agent")
        _ = try await Self.status(transport, named)
        let received = server.snapshot.received
        #expect(received.count == 2)
        #expect(received.first?.header("User-Agent") == HTTPTransportDefaults.userAgent)
        #expect(HTTPTransportDefaults.userAgent.hasPrefix("FeedStream/\(HTTPTransportDefaults.version) (+https://"))
        #expect(received.last?.header("User-Agent") == "Reader/2.0")
    }

    /// A session with a `URLCache` stores the first answer (200, fresh for an hour); the conditional request that
    /// follows must reach the server and come back as its 304, not as the stored 200.
    @Test("URLSessionTransport: a 304 comes back as a 304 even when the configuration has a URLCache")
    func noLocalCache() async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 2) { request in
            if request.header("If-None-Match") == "\"v1\"" { return .init(status: 304) }
            return .init(
                status: 200, contentType: "application/atom+xml",
                headers: [("ETag", "\"v1\""), ("Cache-Control", "max-age=3600")], text: "<feed/>")
        }
        let configuration = URLSessionConfiguration.patientLoopback
        configuration.urlCache = URLCache(memoryCapacity: 4 << 20, diskCapacity: 0, diskPath: nil)
        configuration.requestCachePolicy = .useProtocolCachePolicy
        let transport = URLSessionTransport(configuration: configuration)
        let url = server.url("/feed")
        #expect(try await Self.status(transport, URLRequest(url: url)) == 200)
        var conditional = URLRequest(url: url)
        conditional.setValue("\"v1\"", forHTTPHeaderField: "If-None-Match")
        #expect(try await Self.status(transport, conditional) == 304)
        #expect(server.snapshot.requests.count == 2, "the second request reached the server")
    }

    /// The response's status, its body read to the end.
    static func status(_ transport: any HTTPTransport, _ request: URLRequest) async throws -> Int? {
        let response = try await transport.send(request, limits: .patientLoopback)
        for try await _ in response.body {}
        return response.head.statusCode
    }
}
