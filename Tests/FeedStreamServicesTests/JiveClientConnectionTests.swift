import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `JiveClient` keeps one transport for its life: its calls reuse the connection; and it never moves an `https`
/// instance onto `http`.
@Suite("Jive client: connections and the instance's scheme")
struct JiveClientConnectionTests {
    private static let alice = HTTPBasicAuthorizer(username: "alice", password: "wonder-land")

    /// The transports a client can be given here.
    static var transports: [String] { ["default", "urlsession"] }

    /// The default transport on one client for the test's life (``TransportKind/makeOnOneClient()``).
    static func transport(_ name: String) -> any HTTPTransport {
        #if canImport(AsyncHTTPClient)
            if name != "urlsession" { return TransportKind.asyncHTTPClient.makeOnOneClient() }
        #endif
        return name == "urlsession" ? TransportKind.urlSession.makeOnOneClient() : DefaultHTTPTransport()
    }

    @Test("Five calls of one client go over at most two connections", arguments: transports)
    func reusesTheConnection(_ name: String) async throws {
        let simulator = JiveSimulator()
        let server = try simulator.serve(maximumRequests: 5, keepsConnectionsAlive: true)
        simulator.publicBase = server.baseURL.absoluteString
        let jive = JiveClient(instanceURL: server.baseURL, authorizer: Self.alice, transport: Self.transport(name))

        _ = try await jive.version()
        let me = try await jive.me()
        #expect(me.id == "2001")
        for _ in 0..<3 {
            let document = try await jive.content(at: server.url("/api/core/v3/contents/1001"))
            #expect(document.subject == "Team charter")
        }
        await server.waitUntilStopped()
        let log = server.snapshot
        #expect(log.received.count == 5)
        #expect(log.connections >= 1 && log.connections <= 2, "\(log.connections) connections for 5 calls")
    }

    @Test("An https instance that names an http instanceURL stays on https: the http one is never asked")
    func neverDowngradesToHTTP() async throws {
        // The plain-HTTP instance the answer names: it must receive nothing, least of all credentials.
        let plain = JiveSimulator()
        let plainServer = try plain.serve()
        plain.publicBase = plainServer.baseURL.absoluteString
        // The instance typed as https: a loopback server behind a transport that ends TLS for it.
        let front = JiveSimulator()
        let frontServer = try front.serve()
        let typed = URL(string: "https://127.0.0.1:\(frontServer.port)/")!
        front.publicBase = typed.absoluteString
        front.advertisedInstanceURL = plainServer.baseURL.absoluteString
        let jive = JiveClient(
            instanceURL: typed, authorizer: Self.alice, transport: TLSTerminatingTransport(DefaultHTTPTransport()))

        let version = try await jive.version()
        #expect(version.instanceURL?.absoluteString.hasPrefix(plainServer.baseURL.absoluteString) == true)
        #expect(jive.instanceURL == typed)
        let me = try await jive.me()
        #expect(me.id == "2001")

        #expect(plainServer.snapshot.received.isEmpty, "\(plainServer.snapshot.requests)")
        let frontLog = frontServer.snapshot
        #expect(frontLog.received.map(\.path) == ["/api/version", "/api/core/v3/people/@me"])
        #expect(frontLog.received.last?.header("Authorization") != nil)
    }
}

/// Sends `https://127.0.0.1:P/…` to the plain-HTTP loopback server on port P, as a TLS terminator in front of
/// an instance would: the client sees an `https` instance, the test needs no certificate.
private struct TLSTerminatingTransport: HTTPTransport {
    let base: any HTTPTransport

    init(_ base: any HTTPTransport) { self.base = base }

    func send(_ request: URLRequest, limits: TransferLimits) async throws -> HTTPTransportResponse {
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.scheme == "https", components.host == "127.0.0.1"
        else { return try await base.send(request, limits: limits) }
        components.scheme = "http"
        var forwarded = request
        forwarded.url = components.url
        var response = try await base.send(forwarded, limits: limits)
        response.head.url = url
        return response
    }
}
