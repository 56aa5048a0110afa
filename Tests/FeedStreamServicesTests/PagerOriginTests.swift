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
    enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case urlSession
        #if canImport(AsyncHTTPClient)
            case asyncHTTPClient
        #endif
        var description: String { rawValue }
        func make() -> any HTTPTransport {
            switch self {
            case .urlSession: URLSessionTransport(configuration: .patientLoopback)
            #if canImport(AsyncHTTPClient)
                case .asyncHTTPClient: AsyncHTTPClientTransport()
            #endif
            }
        }
    }

    /// In a full `swift test` run busy suites can starve the cooperative pool for a minute.
    static let patient = TransferLimits(idleTimeout: 600)

    static let alice = HTTPBasicAuthorizer(username: "alice", password: "secret")

    static func page(_ number: Int, next: String?) -> String {
        let link = next.map { "<link rel=\"next\" href=\"\($0)\"/>" } ?? ""
        return """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>\(link)\
            <entry><id>urn:\(number)</id><title>e\(number)</title></entry></feed>
            """
    }

    static func run(_ pager: Pager<ConnectionsPaging>) async -> (ids: [String?], error: (any Error)?) {
        var ids: [String?] = []
        do {
            for try await entry in pager.items() { ids.append(entry.id) }
            return (ids, nil)
        } catch {
            return (ids, error)
        }
    }

    @Test("A next link to another origin: page 1's items, then a clear error; the other origin gets nothing",
        arguments: Kind.allCases)
    func crossOriginNext(_ kind: Kind) async throws {
        let other = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 300) { _ in
            .init(contentType: "application/atom+xml", text: Self.page(2, next: nil))
        }
        let first = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 300) { _ in
            .init(contentType: "application/atom+xml", text: Self.page(1, next: other.url("/feed").absoluteString))
        }
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

    @Test("An allowed host: the next page is followed, with the credentials", arguments: Kind.allCases)
    func allowedHost(_ kind: Kind) async throws {
        let other = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 300) { _ in
            .init(contentType: "application/atom+xml", text: Self.page(2, next: nil))
        }
        let first = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 300) { _ in
            .init(contentType: "application/atom+xml", text: Self.page(1, next: other.url("/feed").absoluteString))
        }
        let pager = Pager(
            request: URLRequest(url: first.url("/feed")), strategy: ConnectionsPaging(), authorizer: Self.alice,
            transport: kind.make(), limits: Self.patient, originPolicy: OriginPolicy(allowedHosts: ["127.0.0.1"]))
        let outcome = await Self.run(pager)
        #expect(outcome.ids == ["urn:1", "urn:2"])
        #expect(outcome.error == nil)
        #expect(other.snapshot.authorizations == ["Basic YWxpY2U6c2VjcmV0"])
    }

    @Test("A file: next link ends the run after page 1's items", arguments: Kind.allCases)
    func fileNext(_ kind: Kind) async throws {
        let first = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 300) { _ in
            .init(contentType: "application/atom+xml", text: Self.page(1, next: "file:///etc/passwd"))
        }
        let outcome = await Self.run(
            Pager(request: URLRequest(url: first.url("/feed")), strategy: ConnectionsPaging(), transport: kind.make(), limits: Self.patient))
        #expect(outcome.ids == ["urn:1"])
        #expect((outcome.error as? HTTPTransportError)?.description == "file:///etc/passwd: not an http(s) URL")
    }

    @Test("Same-origin pages all carry the credentials, over at most two connections", arguments: Kind.allCases)
    func fivePages(_ kind: Kind) async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 5, lifetime: 300, keepsConnectionsAlive: true) { request in
            let number = Int(request.queryItems.first { $0.name == "page" }?.value ?? "1") ?? 1
            return .init(
                contentType: "application/atom+xml",
                text: Self.page(number, next: number < 5 ? "feed?page=\(number + 1)" : nil))
        }
        let pager = Pager(
            request: URLRequest(url: server.url("/feed")), strategy: ConnectionsPaging(), authorizer: Self.alice,
            transport: kind.make(), limits: Self.patient)
        let outcome = await Self.run(pager)
        await server.waitUntilStopped()
        #expect(outcome.ids == (1...5).map { "urn:\($0)" })
        #expect(server.snapshot.authorizations == Array(repeating: "Basic YWxpY2U6c2VjcmV0", count: 5))
        #expect(server.snapshot.connections <= 2, "\(server.snapshot.connections) connections for 5 pages")
    }
}
