import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A next link to another origin ends the run after every item already delivered, unless its host is allowed;
/// same-origin pages keep their credentials. Through every transport.
@Suite("Pager: paging and credentials stay on the first origin")
struct PagerOriginTests {
    /// In a full `swift test` run busy suites can starve the cooperative pool for a minute.
    static let patient = TransferLimits(idleTimeout: 600)

    static let alice = HTTPBasicAuthorizer(username: "alice", password: "secret")

    static func page(_ number: Int, next: String?) -> String {
        atomFeed(entries: 1, first: number, next: next)
    }

    /// The ids of the entries a run delivered, and the error that ended it.
    static func run(_ pager: Pager<ConnectionsPaging>) async -> (ids: [String?], error: (any Error)?) {
        let outcome = await collectUntilError(pager.items())
        return (outcome.items.map(\.id), outcome.error)
    }

    /// Two servers of one page each: the first page's next link points at the other server.
    static func twoOrigins() throws -> (first: LoopbackHTTPServer, other: LoopbackHTTPServer) {
        let other = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in
            .init(contentType: "application/atom+xml", text: Self.page(2, next: nil))
        }
        let first = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in
            .init(contentType: "application/atom+xml", text: Self.page(1, next: other.url("/feed").absoluteString))
        }
        return (first, other)
    }

    @Test("A next link to another origin: page 1's items, then a clear error; the other origin gets nothing",
        arguments: TransportKind.allCases)
    func crossOriginNext(_ kind: TransportKind) async throws {
        let (first, other) = try Self.twoOrigins()
        let pager = Pager(
            request: URLRequest(url: first.url("/feed")), strategy: ConnectionsPaging(), authorizer: Self.alice,
            transport: kind.make(), limits: Self.patient)
        let outcome = await Self.run(pager)
        #expect(outcome.ids == ["urn:1"])
        let error = try #require(outcome.error as? HTTPTransportError)
        #expect(error.kind == .originNotAllowed)
        #expect(error.url == other.url("/feed"))
        #expect(other.snapshot.requests.isEmpty)
    }

    @Test("An allowed host: the next page is followed, with the credentials", arguments: TransportKind.allCases)
    func allowedHost(_ kind: TransportKind) async throws {
        let (first, other) = try Self.twoOrigins()
        let pager = Pager(
            request: URLRequest(url: first.url("/feed")), strategy: ConnectionsPaging(), authorizer: Self.alice,
            transport: kind.make(), limits: Self.patient, originPolicy: OriginPolicy(allowedHosts: ["127.0.0.1"]))
        let outcome = await Self.run(pager)
        #expect(outcome.ids == ["urn:1", "urn:2"])
        #expect(outcome.error == nil)
        #expect(other.snapshot.authorizations == ["Basic YWxpY2U6c2VjcmV0"])
    }

    @Test("A file: next link ends the run after page 1's items", arguments: TransportKind.allCases)
    func fileNext(_ kind: TransportKind) async throws {
        let first = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in
            .init(contentType: "application/atom+xml", text: Self.page(1, next: "file:///etc/passwd"))
        }
        let outcome = await Self.run(
            Pager(request: URLRequest(url: first.url("/feed")), strategy: ConnectionsPaging(), transport: kind.make(), limits: Self.patient))
        #expect(outcome.ids == ["urn:1"])
        #expect((outcome.error as? HTTPTransportError)?.description == "file:///etc/passwd: not an http(s) URL")
    }

    @Test(
        "Same-origin pages all carry the credentials, over at most two connections",
        arguments: TransportKind.allCases)
    func fivePages(_ kind: TransportKind) async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 5, lifetime: 600, keepsConnectionsAlive: true) { request in
            let number = Int(request.queryItems.first { $0.name == "page" }?.value ?? "1") ?? 1
            return .init(
                contentType: "application/atom+xml",
                text: Self.page(number, next: number < 5 ? "feed?page=\(number + 1)" : nil))
        }
        let pager = Pager(
            request: URLRequest(url: server.url("/feed")), strategy: ConnectionsPaging(), authorizer: Self.alice,
            transport: kind.makeOnOneClient(), limits: Self.patient)
        let outcome = await Self.run(pager)
        await server.waitUntilStopped()
        #expect(outcome.ids == (1...5).map { "urn:\($0)" })
        #expect(server.snapshot.authorizations == Array(repeating: "Basic YWxpY2U6c2VjcmV0", count: 5))
        #expect(server.snapshot.connections <= 2, "\(server.snapshot.connections) connections for 5 pages")
    }
}
