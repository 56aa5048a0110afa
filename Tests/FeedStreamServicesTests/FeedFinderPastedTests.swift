import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

/// ``FeedFinder`` on what people paste, against loopback sites: a YouTube-shaped channel page, a blog under a path,
/// typeless feed links, several feeds to rank, a feed pasted as `feed://`, and a feed whose home page gives the icon.
@Suite("FeedFinder: pasted pages", .serialized)
struct FeedFinderPastedTests {
    static let rss = FeedFinderTests.rss
    static let html = "text/html; charset=utf-8"

    static func site(_ pages: [String: LoopbackHTTPServer.Route], requests: Int = 30) throws -> LoopbackHTTPServer {
        try FeedFinderTests.site(pages, requests: requests)
    }

    static func rss(home: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Home feed</title><link>\(home)</link>
            <item><title>i</title></item></channel></rss>
            """.utf8)
    }

    @Test("A YouTube-shaped channel page: its feed from the body's link, and an icon")
    func youTubeChannel() async throws {
        let server = try Self.site([
            "/@channel": .init(
                contentType: Self.html,
                body: Array(
                    FeedLinkParserPagesTestsShape.youTube(feed: "/feeds/videos.xml?channel_id=UC1", filler: 300_000)
                        .utf8),
                chunkSize: 16_384, pauseMicroseconds: 0)
        ])
        let found = try await FeedFinder().find(server.url("/@channel"))
        #expect(
            found.feeds == [
                DiscoveredFeed(
                    url: server.url("/feeds/videos.xml?channel_id=UC1").absoluteString, type: "application/rss+xml",
                    title: "RSS")
            ])
        #expect(found.page?.bestIcon()?.url == server.url("/img/favicon_144x144.png").absoluteString)
        #expect(found.requests == 1)
    }

    @Test("A blog under a path that names no feed: /blog/feed found before the root's paths are tried")
    func blogUnderAPath() async throws {
        let server = try Self.site([
            "/blog/": .init(
                contentType: Self.html, text: "<html><head><title>Blog</title></head><body>x</body></html>"),
            "/blog/index.html": .init(contentType: Self.html, text: "<html><head></head><body>x</body></html>"),
            "/blog/feed": .init(contentType: "application/rss+xml", body: Self.rss),
            "/feed": .init(contentType: "application/rss+xml", body: Self.rss),
        ])
        let found = try await FeedFinder().find(server.url("/blog/"))
        #expect(
            found.feeds == [
                DiscoveredFeed(
                    url: server.url("/blog/feed").absoluteString, type: "application/rss+xml", source: .guess)
            ])
        let paths = server.snapshot.requests
        #expect(paths.count == 5, "\(paths)")
        #expect(!paths.contains("/feed"))
        #expect(found.requests == 5)
        // A page inside the directory guesses there too.
        let inside = try await FeedFinder().find(server.url("/blog/index.html"))
        #expect(inside.feeds.map(\.url) == [server.url("/blog/feed").absoluteString])
    }

    @Test("Typeless links: confirmed by their first bytes, typed, and dropped when they are pages")
    func typelessLinks() async throws {
        let page = """
            <html><head><title>T</title>
            <link rel="alternate" href="/feed.xml"><link rel="alternate" href="/other.html">
            </head><body></body></html>
            """
        let server = try Self.site([
            "/": .init(contentType: Self.html, text: page),
            "/feed.xml": .init(contentType: "text/xml", body: Self.rss),
            "/other.html": .init(contentType: Self.html, text: "<html><body>no</body></html>"),
        ])
        let found = try await FeedFinder().find(server.url("/"))
        #expect(
            found.feeds == [DiscoveredFeed(url: server.url("/feed.xml").absoluteString, type: "application/rss+xml")])
        #expect(found.requests == 3)
    }

    @Test("Several feeds ranked: the main feed before comments and per-category feeds")
    func ranked() async throws {
        let page = """
            <html><head>
            <link rel="alternate" type="application/rss+xml" title="Site » Comments Feed" href="/comments/feed/">
            <link rel="alternate" type="application/rss+xml" title="Site » News Category" href="/category/news/feed/">
            <link rel="alternate" type="application/rss+xml" title="Site » Feed" href="/feed/">
            </head><body></body></html>
            """
        let server = try Self.site(["/": .init(contentType: Self.html, text: page)])
        let found = try await FeedFinder().find(server.url("/"))
        // Main 45 (50, +5 for /feed/), category 40 (-5 for its place, -10), comments 35 (-10 twice, title too).
        #expect(
            found.feeds.map(\.url)
                == ["/feed/", "/category/news/feed/", "/comments/feed/"].map {
                    server.url($0).absoluteString
                })
        let ranked = DiscoveredFeed.ranked([
            DiscoveredFeed(url: "https://s.test/podcast.xml", type: "application/rss+xml"),
            DiscoveredFeed(url: "https://s.test/index.xml", type: "application/rss+xml"),
            DiscoveredFeed(url: "https://s.test/x", type: "application/rss+xml", source: .self),
        ])
        #expect(ranked.map(\.url) == ["https://s.test/x", "https://s.test/index.xml", "https://s.test/podcast.xml"])
    }

    @Test("A feed pasted as feed://: source self; its home page's head gives the title and icon")
    func feedSchemeWithHomePage() async throws {
        let homeServer = try Self.site([
            "/": .init(
                contentType: Self.html,
                text: """
                    <html><head><title>Home</title><link rel="icon" sizes="32x32" href="/i32.png">
                    <link rel="apple-touch-icon" sizes="180x180" href="/touch.png"></head><body></body></html>
                    """)
        ])
        let feedSite = try Self.site([
            "/rss": .init(
                contentType: "application/rss+xml", body: Self.rss(home: homeServer.url("/").absoluteString))
        ])
        let pasted =
            " <" + feedSite.url("/rss").absoluteString.replacingOccurrences(of: "http://", with: "feed://")
            + "> "
        let found = try await FeedFinder().find(pasted)
        #expect(
            found.feeds == [
                DiscoveredFeed(url: feedSite.url("/rss").absoluteString, type: "application/rss+xml", source: .self)
            ])
        #expect(found.page?.title == "Home")
        #expect(found.page?.bestIcon()?.url == homeServer.url("/touch.png").absoluteString)
        #expect(found.requests == 2)
        #expect(homeServer.snapshot.requests == ["/"])
    }

    @Test("A host pasted with no scheme: https cannot be reached on a plain server, so http is tried")
    func noScheme() async throws {
        let server = try Self.site(["/feed": .init(contentType: "application/rss+xml", body: Self.rss)])
        let address = server.url("/feed").absoluteString.replacingOccurrences(of: "http://", with: "")
        let found = try await FeedFinder().find("  \(address)\n")
        #expect(found.feeds.map(\.url) == [server.url("/feed").absoluteString])
        #expect(found.feeds.map(\.source) == [.self])
        await #expect(throws: HTTPTransportError.self) { try await FeedFinder().find("ftp://example.org/feed") }
    }
}

/// The YouTube-shaped page, with the feed and icons on the serving site.
enum FeedLinkParserPagesTestsShape {
    static func youTube(feed: String, filler: Int) -> String {
        """
        <!DOCTYPE html><html><head><title>Channel - YouTube</title>
        <link rel="shortcut icon" href="/img/favicon.ico" type="image/x-icon">
        <link rel="icon" href="/img/favicon_32x32.png" sizes="32x32">
        <link rel="icon" href="/img/favicon_144x144.png" sizes="144x144">
        </head><body><script>var a = "\(String(repeating: "z", count: filler))";</script>
        <link rel="alternate" media="handheld" href="/m/">
        <link rel="alternate" type="application/rss+xml" title="RSS" href="\(feed)">
        <link rel="alternate" href="android-app://com.google.android.youtube/http/x">
        <script>var b = "\(String(repeating: "q", count: filler))";</script></body></html>
        """
    }
}
