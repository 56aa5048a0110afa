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
        #expect(
            whole.lines == [
                #"{"source":"head","title":"Posts","type":"application\/rss+xml","url":"https:\/\/x.test\/a\/feed.xml"}"#,
                #"{"source":"head","type":"application\/atom+xml","url":"https:\/\/x.test\/atom.xml"}"#,
            ]
                || whole.lines == [
                    #"{"source":"head","title":"Posts","type":"application/rss+xml","url":"https://x.test/a/feed.xml"}"#,
                    #"{"source":"head","type":"application/atom+xml","url":"https://x.test/atom.xml"}"#,
                ], "\(whole.lines)")
        for size in ["1", "13"] {
            let chunked = try await tool.run(
                ["discover", "--chunk-size", size, "--base-url", "https://x.test/a/b", "-"],
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

    @Test("What people paste, end to end: a channel page's body link, feed://, no scheme; each with an icon")
    func pastedPages() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let channel = """
            <!DOCTYPE html><html><head><title>Channel</title>
            <link rel="icon" href="/img/favicon_144.png" sizes="144x144"></head>
            <body><script>var a = "\(String(repeating: "z", count: 100_000))";</script>
            <link rel="alternate" type="application/rss+xml" title="RSS" href="/feeds/videos.xml?channel_id=UC1">
            </body></html>
            """
        let feed = #"<?xml version="1.0"?><rss version="2.0"><channel><title>F</title><link>/</link></channel></rss>"#
        let server = try LoopbackHTTPServer(maximumRequests: 20, lifetime: 600) { request in
            switch request.path {
            case "/@channel": .init(contentType: "text/html", text: channel)
            case "/feed.xml": .init(contentType: "application/rss+xml", text: feed)
            case "/":
                .init(contentType: "text/html", text: "<html><head><title>Site</title></head><body></body></html>")
            default: .init(status: 404, contentType: "text/html", text: "no")
            }
        }
        let page = try await tool.run(["discover", server.url("/@channel").absoluteString, "--metadata"])
        #expect(page.status == 0, "\(page.error)")
        #expect(page.lines.count == 2, "\(page.lines)")
        #expect(page.lines.first?.contains("videos.xml?channel_id=UC1") == true, "\(page.lines)")
        #expect(page.lines.last?.contains(#""icon":{"#) == true && page.lines.last?.contains("favicon_144.png") == true)

        let pasted = server.url("/feed.xml").absoluteString.replacingOccurrences(of: "http://", with: "feed://")
        let fed = try await tool.run(["discover", " <\(pasted)> ", "--metadata"])
        #expect(fed.status == 0, "\(fed.error)")
        #expect(fed.lines.first?.contains(#""source":"self""#) == true, "\(fed.lines)")
        #expect(fed.lines.last?.contains("favicon.ico") == true, "\(fed.lines)")
        #expect(fed.lines.last?.contains(#""title":"Site""#) == true, "\(fed.lines)")

        let bare = server.url("/feed.xml").absoluteString.replacingOccurrences(of: "http://", with: "")
        let schemeless = try await tool.run(["discover", bare])
        #expect(schemeless.status == 0, "\(schemeless.error)")
        #expect(schemeless.lines == fed.lines.dropLast().map { $0 }, "\(schemeless.lines)")
    }
}
