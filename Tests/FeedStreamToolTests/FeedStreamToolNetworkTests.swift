import Foundation
import StreamTestSupport
import Testing

/// The command line's network faults and origin rules, through both transports.
@Suite("feedstream: network faults and origins")
struct FeedStreamToolNetworkTests {
    let tool = FeedStreamToolTests()

    static var transports: [String] {
        #if os(Linux)
            ["async-http-client", "urlsession"]
        #else
            ["urlsession"]
        #endif
    }

    @Test("A cut transfer: the entries before it, then 'URL: connection closed after B of N bytes', exit 1",
        arguments: transports)
    func cut(_ transport: String) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let (server, cut, total) = try LoopbackHTTPServer.faultyAtomFeed(.close, chunkSize: 128)
        let url = server.url("/feed").absoluteString
        let result = try await tool.run(["atom", "--transport", transport, url])
        #expect(result.status == 1)
        #expect(result.lines.count == 20)
        #expect(result.error == "feedstream: error: \(url): connection closed after \(cut) of \(total) bytes\n")
    }

    @Test("A stalled server with --timeout 1: the entries before it, then 'timed out', exit 1", arguments: transports)
    func stall(_ transport: String) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let (server, _, _) = try LoopbackHTTPServer.faultyAtomFeed(.stall, chunkSize: 128)
        let url = server.url("/feed").absoluteString
        let result = try await tool.run(["atom", "--transport", transport, "--timeout", "1", url])
        #expect(result.status == 1)
        #expect(result.lines.count == 20)
        #expect(result.error == "feedstream: error: \(url): timed out after 1 s without a byte\n")
    }

    @Test("A refused port: 'URL: connection refused', exit 1", arguments: transports)
    func refused(_ transport: String) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let server = try LoopbackHTTPServer(maximumRequests: 0) { _ in .init(text: "") }
        await server.waitUntilStopped()
        let url = server.url("/feed").absoluteString
        let result = try await tool.run(["atom", "--transport", transport, url])
        #expect(result.status == 1)
        #expect(result.error == "feedstream: error: \(url): connection refused\n")
    }

    @Test("--user: a cross-origin redirect loses the password; --allow-host lets paging go on", arguments: transports)
    func origins(_ transport: String) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let other = try LoopbackHTTPServer(maximumRequests: 2, lifetime: 600) { _ in
            .init(contentType: "application/atom+xml", text: atomFeed(entries: 1))
        }
        let redirecting = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in
            .init(status: 302, headers: [("Location", other.url("/feed").absoluteString)], text: "")
        }
        let moved = try await tool.run(
            ["atom", "--transport", transport, "--user", "alice:secret", redirecting.url("/feed").absoluteString])
        #expect(moved.status == 0, "\(moved.error)")
        #expect(redirecting.snapshot.authorizations == ["Basic YWxpY2U6c2VjcmV0"])
        #expect(other.snapshot.authorizations == [nil])

        let paging = try LoopbackHTTPServer(maximumRequests: 2, lifetime: 600) { _ in
            .init(contentType: "application/atom+xml", text: atomFeed(entries: 2, next: other.url("/feed").absoluteString))
        }
        let stopped = try await tool.run(
            ["atom", "--transport", transport, "--user", "alice:secret", "--pages", "2", paging.url("/feed").absoluteString])
        #expect(stopped.status == 1)
        #expect(stopped.lines.count == 2)
        #expect(stopped.error.contains("next page is on another origin"))
        #expect(!stopped.error.contains("secret"))
        let allowed = try await tool.run([
            "atom", "--transport", transport, "--user", "alice:secret", "--pages", "2", "--allow-host", "127.0.0.1",
            paging.url("/feed").absoluteString,
        ])
        #expect(allowed.status == 0, "\(allowed.error)")
        #expect(allowed.lines.count == 3)
        #expect(other.snapshot.authorizations == [nil, "Basic YWxpY2U6c2VjcmV0"])
    }
}
