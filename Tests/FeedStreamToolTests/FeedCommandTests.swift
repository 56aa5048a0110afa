import Foundation
import StreamTestSupport
import Testing

/// `feedstream feed`: RSS and Atom, sniffed, with the same contract as `atom`.
@Suite("feedstream feed")
struct FeedCommandTests {
    static let rss = """
        <?xml version="1.0"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Channel</title>
        <atom:link rel="next" href="http://example.com/feed?page=2"/>
        <item><title>One</title><guid>http://example.com/1</guid><pubDate>Thu, 01 Jan 2004 19:48:21 GMT</pubDate>
        <enclosure url="http://example.com/1.mp3" length="100" type="audio/mpeg"/></item>
        <item><title>Two &eacute;</title><author>me@example.com (Me)</author></item>
        </channel></rss>
        """

    let tool = FeedStreamToolTests()

    @Test("RSS: one JSON line per item in every chunk size, --metadata names the format and the next page")
    func rssItems() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let input = Data(Self.rss.utf8)
        let whole = try await tool.run(["feed", "--metadata", "-"], input: input)
        #expect(whole.status == 0, "\(whole.error)")
        #expect(whole.lines.count == 3)
        for size in ["1", "7", "64"] {
            let chunked = try await tool.run(["feed", "--metadata", "--chunk-size", size, "-"], input: input)
            #expect(chunked.output == whole.output, "chunk size \(size)")
        }
        let first = try JSONSerialization.jsonObject(with: Data(whole.lines[0].utf8)) as? [String: Any]
        #expect(first?["id"] as? String == "http://example.com/1")
        #expect(first?["published"] as? String == "2004-01-01T19:48:21Z")
        let links = first?["links"] as? [[String: Any]]
        #expect(links?.first?["rel"] as? String == "enclosure")
        #expect(links?.first?["length"] as? Int == 100)
        let second = try JSONSerialization.jsonObject(with: Data(whole.lines[1].utf8)) as? [String: Any]
        #expect((second?["title"] as? [String: Any])?["value"] as? String == "Two é")
        let metadata = try JSONSerialization.jsonObject(with: Data(whole.lines[2].utf8)) as? [String: Any]
        let feed = metadata?["feed"] as? [String: Any]
        #expect(feed?["format"] as? String == "rss2.0")
        #expect(feed?["nextURL"] as? String == "http://example.com/feed?page=2")

        let count = try await tool.run(["feed", "--count", "-"], input: input)
        #expect(count.output == "{\"items\":2,\"bytes\":\(input.count)}\n")
    }

    @Test("Atom through feed prints what atom prints")
    func atomThroughFeed() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        // `atom` keeps markup as the feed wrote it, as `feed --raw-html` does.
        let viaFeed = try await tool.run(["feed", "--raw-html", "--metadata", FeedStreamToolTests.sample.path])
        let viaAtom = try await tool.run(["atom", "--metadata", FeedStreamToolTests.sample.path])
        #expect(viaFeed.status == 0)
        #expect(viaFeed.output == viaAtom.output)
        // Sanitized, the relative link in an entry's html title resolves against the feed's xml:base.
        let sanitized = try await tool.run(["feed", FeedStreamToolTests.sample.path])
        #expect(sanitized.output.contains(#"<a href=\"https://connections.example.com/news/profiles/html/"#))
        #expect(!viaFeed.output.contains(#"<a href=\"https://connections.example.com/news/profiles/html/"#))
    }

    @Test("Not a feed: exit 1 with the positioned error; --recover repairs a broken item")
    func errorsAndRecover() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let html = try await tool.run(["feed", "-"], input: Data("<html><body/></html>".utf8))
        #expect(html.status == 1)
        #expect(html.error.hasPrefix("feedstream: error: line 1, column 6, byte 5: the root element <html>"))
        #expect(html.error.contains("not an Atom or RSS feed"))

        let broken = Data("<rss version=\"2.0\"><channel><item><title>A & B</title></item></channel></rss>".utf8)
        let strict = try await tool.run(["feed", "-"], input: broken)
        #expect(strict.status == 1)
        let repaired = try await tool.run(["feed", "--recover", "-"], input: broken)
        #expect(repaired.status == 0)
        #expect(repaired.lines.count == 1)
        #expect(!repaired.error.isEmpty, "each repair is listed on standard error")
    }

    /// An RSS 2.0 page whose `atom:link rel="next"` (relative, resolved against the response URL) names the next.
    static func rssPage(_ page: Int, of pages: Int) -> String {
        let next = page < pages ? "<atom:link rel=\"next\" href=\"feed?page=\(page + 1)\"/>" : ""
        let items = (1...2).map { "<item><guid>urn:p\(page)i\($0)</guid><title>p\(page) i\($0)</title></item>" }
        return "<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\"><channel><title>t</title>\(next)"
            + items.joined() + "</channel></rss>"
    }

    @Test("feed URL --pages all follows atom:link rel=\"next\" through an RSS feed")
    func rssPages() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let server = try LoopbackHTTPServer(maximumRequests: 3, lifetime: 600) { request in
            let page = Int(request.queryItems.first { $0.name == "page" }?.value ?? "1") ?? 1
            return .init(contentType: "application/rss+xml", text: Self.rssPage(page, of: 3))
        }
        let all = try await tool.run(["feed", "--pages", "all", "--metadata", server.url("/feed").absoluteString])
        #expect(all.status == 0, "\(all.error)")
        let objects = all.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.compactMap { $0["id"] as? String } == (1...3).flatMap { p in ["urn:p\(p)i1", "urn:p\(p)i2"] })
        #expect((objects.last?["feed"] as? [String: Any])?["format"] as? String == "rss2.0")
        #expect(server.snapshot.requests == ["/feed", "/feed?page=2", "/feed?page=3"])
    }
}
