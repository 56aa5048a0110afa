import Foundation
import StreamTestSupport
import Testing

/// `feedstream discover`: the feeds a page links to; with a URL the transfer stops when the head ends.
@Suite("feedstream discover")
struct DiscoverCommandTests {
    let tool = FeedStreamToolTests()

    static let head = """
        <html><head><title>t</title>
        <link rel="alternate" type="application/rss+xml" title="Posts" href="feed.xml">
        <link rel="alternate" type="application/atom+xml" href="/atom.xml">
        </head><body>
        """

    @Test("A file: one JSON line per feed in every chunk size, resolved against --base-url")
    func file() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let input = Data(Self.head.utf8)
        let whole = try await tool.run(["discover", "--base-url", "https://x.test/a/b", "-"], input: input)
        #expect(whole.status == 0, "\(whole.error)")
        #expect(whole.lines == [
            #"{"source":"head","title":"Posts","type":"application\/rss+xml","url":"https:\/\/x.test\/a\/feed.xml"}"#,
            #"{"source":"head","type":"application\/atom+xml","url":"https:\/\/x.test\/atom.xml"}"#,
        ] || whole.lines == [
            #"{"source":"head","title":"Posts","type":"application/rss+xml","url":"https://x.test/a/feed.xml"}"#,
            #"{"source":"head","type":"application/atom+xml","url":"https://x.test/atom.xml"}"#,
        ], "\(whole.lines)")
        for size in ["1", "13"] {
            let chunked = try await tool.run(["discover", "--chunk-size", size, "--base-url", "https://x.test/a/b", "-"],
                input: input)
            #expect(chunked.output == whole.output)
        }
    }

    @Test("A URL: the head then 50 MB sent slowly; the command stops the transfer after the head")
    func stopsTheTransfer() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let body = Array(Self.head.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 50 << 20)
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in
            .init(contentType: "text/html", body: body, chunkSize: 16_384, pauseMicroseconds: 2000)
        }
        let result = try await tool.run(["discover", server.url("/page").absoluteString])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.lines.count == 2)
        #expect(result.output.contains("127.0.0.1"))
        await server.waitUntilStopped()
        let log = server.snapshot
        #expect(log.clientWentAway)
        #expect(log.bodyBytesSent < 10 << 20, "sent \(log.bodyBytesSent) bytes")
    }
}
