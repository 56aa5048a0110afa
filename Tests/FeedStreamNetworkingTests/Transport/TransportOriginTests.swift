import AtomStream
import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Credentials stay on their origin, through every transport: the loopback servers record the `Authorization`
/// header each received.
@Suite("Transports: credentials stay on their origin")
struct TransportOriginTests {
    static let alice = HTTPBasicAuthorizer(username: "alice", password: "secret")
    static let aliceHeader = "Basic YWxpY2U6c2VjcmV0"

    static func feedServer(requests: Int = 1) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(maximumRequests: requests, lifetime: 600) { _ in
            .init(contentType: "application/atom+xml", text: atomFeed(entries: 2))
        }
    }

    static func redirect(_ status: Int = 302, to target: URL) -> LoopbackHTTPServer.Route {
        .init(status: status, contentType: "text/plain", headers: [("Location", target.absoluteString)], text: "moved")
    }

    static func ids(_ items: AsyncThrowingStream<AtomEntry, any Error>) async throws -> [String?] {
        var ids: [String?] = []
        for try await entry in items { ids.append(entry.id) }
        return ids
    }

    @Test("A redirect to another origin is followed without the credentials", arguments: TransportKind.allCases)
    func crossOriginRedirect(_ kind: TransportKind) async throws {
        let other = try Self.feedServer()
        let first = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in Self.redirect(to: other.url("/feed")) }
        let items = kind.make().parsedItems(
            for: URLRequest(url: first.url("/feed")), authorizer: Self.alice) { _ in AtomParser() }
        #expect(try await Self.ids(items) == ["urn:1", "urn:2"])
        #expect(first.snapshot.authorizations == [Self.aliceHeader])
        #expect(other.snapshot.authorizations == [nil])
    }

    @Test("An Authorization header the caller set is dropped on a cross-origin redirect too",
        arguments: TransportKind.allCases)
    func callerHeaderDropped(_ kind: TransportKind) async throws {
        let other = try Self.feedServer()
        let first = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in Self.redirect(307, to: other.url("/feed")) }
        var request = URLRequest(url: first.url("/feed"))
        request.setValue("Bearer TOKEN-42", forHTTPHeaderField: "Authorization")
        let items = kind.make().parsedItems(for: request) { _ in AtomParser() }
        #expect(try await Self.ids(items).count == 2)
        #expect(first.snapshot.authorizations == ["Bearer TOKEN-42"])
        #expect(other.snapshot.authorizations == [nil])
    }

    @Test("A same-origin redirect keeps the credentials", arguments: TransportKind.allCases)
    func sameOriginRedirect(_ kind: TransportKind) async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 2, lifetime: 600) { request in
            request.path == "/old"
                ? .init(status: 301, headers: [("Location", "/feed")], text: "moved")
                : .init(contentType: "application/atom+xml", text: atomFeed(entries: 2))
        }
        let items = kind.make().parsedItems(
            for: URLRequest(url: server.url("/old")), authorizer: Self.alice) { _ in AtomParser() }
        #expect(try await Self.ids(items).count == 2)
        #expect(server.snapshot.requests == ["/old", "/feed"])
        #expect(server.snapshot.authorizations == [Self.aliceHeader, Self.aliceHeader])
    }

    @Test("Refusing credential-leaving redirects: the other origin receives nothing", arguments: TransportKind.allCases)
    func refusedRedirect(_ kind: TransportKind) async throws {
        let other = try Self.feedServer()
        let first = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in Self.redirect(to: other.url("/feed")) }
        let items = kind.make().parsedItems(
            for: URLRequest(url: first.url("/feed")), authorizer: Self.alice,
            originPolicy: OriginPolicy(refusesCredentialLeavingRedirects: true)) { _ in AtomParser() }
        await #expect { _ = try await Self.ids(items) } throws: { error in
            (error as? HTTPTransportError)?.kind == .redirectRefused
        }
        #expect(other.snapshot.requests.isEmpty)
    }

    @Test("A redirect loop ends with 'too many redirects'", arguments: TransportKind.allCases)
    func redirectLoop(_ kind: TransportKind) async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 4, lifetime: 600) { _ in
            .init(status: 302, headers: [("Location", "/loop")], text: "again")
        }
        let items = kind.make().parsedItems(
            for: URLRequest(url: server.url("/loop")), originPolicy: OriginPolicy(maximumRedirects: 3)
        ) { _ in AtomParser() }
        await #expect { _ = try await Self.ids(items) } throws: { error in
            guard let error = error as? HTTPTransportError else { return false }
            return error.kind == .tooManyRedirects(limit: 3) && error.description.hasSuffix("too many redirects (more than 3)")
        }
        #expect(server.snapshot.requests.count == 4)
    }

    @Test("A redirect to a file: URL is refused, nothing read", arguments: TransportKind.allCases)
    func fileRedirect(_ kind: TransportKind) async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in
            .init(status: 302, headers: [("Location", "file:///etc/passwd")], text: "")
        }
        let items = kind.make().parsedItems(for: URLRequest(url: server.url("/feed"))) { _ in AtomParser() }
        await #expect { _ = try await Self.ids(items) } throws: { error in
            (error as? HTTPTransportError)?.description == "file:///etc/passwd: not an http(s) URL"
        }
    }

    @Test("The policy: https to http never carries credentials, allowed hosts do on https")
    func downgradeRule() throws {
        let trusted = try #require(Origin(URL(string: "https://example.com/feed")!))
        let policy = OriginPolicy(allowedHosts: ["CDN.example.com"])
        #expect(policy.mayReceiveCredentials(URL(string: "https://example.com:443/next")!, trusted: trusted))
        #expect(!policy.mayReceiveCredentials(URL(string: "http://example.com/next")!, trusted: trusted))
        #expect(!policy.mayReceiveCredentials(URL(string: "https://example.com:8443/next")!, trusted: trusted))
        #expect(!policy.mayReceiveCredentials(URL(string: "https://evil.example.net/")!, trusted: trusted))
        #expect(policy.mayReceiveCredentials(URL(string: "https://cdn.example.com/x")!, trusted: trusted))
        #expect(!policy.mayReceiveCredentials(URL(string: "http://cdn.example.com/x")!, trusted: trusted))
        #expect(!policy.mayReceiveCredentials(URL(string: "file:///etc/passwd")!, trusted: trusted))
    }

    @Test("A URL's password never appears in a transport error")
    func redactedURL() {
        let error = HTTPTransportError(.connectionRefused, url: URL(string: "http://bob:hunter2@127.0.0.1:1/feed"))
        #expect(error.description == "http://127.0.0.1:1/feed: connection refused")
    }
}
