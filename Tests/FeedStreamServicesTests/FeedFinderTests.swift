import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

/// ``FeedFinder`` against loopback sites of each kind: the address is a feed, the head links feeds, only the body
/// does, only a well-known path answers, and a page that trickles 50 MB and links nothing.
@Suite("FeedFinder", .serialized)
struct FeedFinderTests {
    static let rss = Array(
        #"<?xml version="1.0"?><rss version="2.0"><channel><title>R</title><item><title>i</title></item></channel></rss>"#
            .utf8)
    /// Every transport: FeedFinder cancels each transfer once its first bytes have answered.
    static let transports: [TransportKind] = TransportKind.allCases

    static let notFound = LoopbackHTTPServer.Route(status: 404, contentType: "text/html", text: "<h1>no</h1>")

    /// A site: `pages` maps paths to responses; everything else is a 404.
    static func site(_ pages: [String: LoopbackHTTPServer.Route], requests: Int = 20) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(maximumRequests: requests, lifetime: 600) { request in
            pages[request.path] ?? notFound
        }
    }

    @Test("The address itself is a feed: source self, after its first bytes", arguments: Self.transports)
    func addressIsAFeed(transport: TransportKind) async throws {
        // Room for a transport that opens a second connection after cancelling the first.
        let server = try Self.site(["/feed": .init(contentType: "text/xml", body: Self.rss)], requests: 3)
        let found = try await FeedFinder(transport: transport.make()).find(server.url("/feed"))
        #expect(
            found.feeds == [
                DiscoveredFeed(url: server.url("/feed").absoluteString, type: "application/rss+xml", source: .self)
            ])
        // The feed names no home page: the site's root stands for it, whose /favicon.ico is the icon.
        #expect(found.page?.url == server.url("/").absoluteString)
        #expect(found.page?.title == "R")
        #expect(found.page?.bestIcon()?.url == server.url("/favicon.ico").absoluteString)
        #expect(found.requests == 1)
        #expect(found.bytesFetched <= Self.rss.count)
    }

    @Test("A feed behind redirects: the URL permanent ones end at, not past a temporary one (NetNewsWire's rule)",
        arguments: Self.transports)
    func redirectedFeed(transport: TransportKind) async throws {
        func redirect(_ status: Int, to path: String) -> LoopbackHTTPServer.Route {
            .init(status: status, contentType: "text/html", headers: [("Location", path)], text: "moved")
        }
        let server = try Self.site(
            [
                "/feed": .init(contentType: "text/xml", body: Self.rss), "/old": redirect(301, to: "/older"),
                "/older": redirect(308, to: "/feed"), "/temporary": redirect(302, to: "/feed"),
                "/moved-then-temporary": redirect(301, to: "/temporary"),
            ], requests: 60)
        for (path, expected) in [
            ("/old", "/feed"), ("/temporary", "/temporary"), ("/moved-then-temporary", "/temporary"),
        ] {
            let found = try await FeedFinder(transport: transport.make()).find(server.url(path))
            #expect(found.feeds.map(\.url) == [server.url(expected).absoluteString], "\(path)")
            #expect(found.feeds.map(\.source) == [.self])
            // Where the bytes came from, the base for the page's relative links.
            #expect(found.url == server.url("/feed"))
        }
    }

    @Test("Head links win, with the page's metadata; the body is not read", arguments: Self.transports)
    func headLinks(transport: TransportKind) async throws {
        let page = """
            <html><head><title>Site</title><link rel="icon" href="/i.png">
            <link rel="alternate" type="application/atom+xml" href="/atom.xml" title="Posts"></head>
            <body><a href="/feed.rss">rss</a>
            """
        let body = Array(page.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 20 << 20)
        let server = try Self.site(
            ["/": .init(contentType: "text/html; charset=utf-8", body: body, chunkSize: 8192, pauseMicroseconds: 500)],
            requests: 1)
        let found = try await CorelibsURLSessionLane.run(transport) {
            try await FeedFinder(transport: transport.make()).find(server.url("/"))
        }
        #expect(found.feeds.map(\.url) == [server.url("/atom.xml").absoluteString])
        #expect(found.feeds.map(\.source) == [.head])
        #expect(found.feeds.first?.title == "Posts")
        #expect(found.page?.title == "Site")
        #expect(found.page?.icons.map(\.url) == [server.url("/i.png").absoluteString])
        #expect(found.bytesFetched < 1 << 20)
        await server.waitUntilStopped()
        #expect(server.snapshot.bodyBytesSent < 10 << 20)
    }

    @Test("Only a body link: found in the body, confirmed by its first bytes, same site first")
    func bodyLinkOnly() async throws {
        let other = try Self.site([:], requests: 1)
        let page = """
            <html><head><title>Only body</title></head><body>
            <p><a href="/about">About</a> <a href="\(other.url("/elsewhere/feed").absoluteString)">Other site</a>
            <a href="/subscribe/rss">Subscribe</a> <a href="/old/rss.xml">Gone</a></p></body></html>
            """
        let server = try Self.site([
            "/": .init(contentType: "text/html", text: page),
            "/subscribe/rss": .init(contentType: "application/rss+xml", body: Self.rss),
        ])
        let found = try await FeedFinder().find(server.url("/"))
        #expect(
            found.feeds == [
                DiscoveredFeed(
                    url: server.url("/subscribe/rss").absoluteString, type: "application/rss+xml", source: .body)
            ])
        let paths = server.snapshot.requests
        #expect(paths.first == "/")
        #expect(Set(paths.dropFirst()) == ["/subscribe/rss", "/old/rss.xml"])
        #expect(!paths.contains("/feed"))
        #expect(found.requests == 4)
        #expect(other.snapshot.requests == ["/elsewhere/feed"])
    }

    @Test("A site that links nothing but serves /feed: a guess")
    func wellKnownPathOnly() async throws {
        let server = try Self.site([
            "/blog/": .init(
                contentType: "text/html", text: "<html><head><title>B</title></head><body>hi</body></html>"),
            "/feed": .init(contentType: "application/atom+xml", text: #"<feed xmlns="http://www.w3.org/2005/Atom"/>"#),
        ])
        let found = try await FeedFinder().find(server.url("/blog/"))
        #expect(
            found.feeds == [
                DiscoveredFeed(url: server.url("/feed").absoluteString, type: "application/atom+xml", source: .guess)
            ])
        #expect(found.page?.title == "B")
        // The blog's own directory first, four at a time, then the root: the batch holding /feed is the last.
        let paths = server.snapshot.requests
        let underBlog = FeedFinder.defaultWellKnownPaths.map { "/blog" + $0 }
        #expect(paths.first == "/blog/")
        #expect(Set(paths.dropFirst().prefix(8)) == Set(underBlog.prefix(8)))
        #expect(Set(paths.dropFirst(9)) == Set([underBlog[8]] + FeedFinder.defaultWellKnownPaths.prefix(3)))
        #expect(found.requests == 13)
    }

    @Test("A page that trickles 50 MB and links nothing: read up to the budget, then the paths; bounded")
    func tricklingPage() async throws {
        let body =
            Array("<html><head><title>Slow</title></head><body>".utf8)
            + [UInt8](repeating: UInt8(ascii: "y"), count: 50 << 20)
        let server = try Self.site(
            ["/": .init(contentType: "text/html", body: body, chunkSize: 4096, pauseMicroseconds: 200)])
        let budget = FeedFinder.Budget(maximumPageBytes: 256 << 10)
        let found = try await FeedFinder(budget: budget).find(server.url("/"))
        #expect(found.feeds.isEmpty)
        #expect(found.page?.title == "Slow")
        #expect(found.bytesFetched <= (256 << 10) + FeedFinder.defaultWellKnownPaths.count * 100)
        #expect(found.requests == 1 + FeedFinder.defaultWellKnownPaths.count)
        let log = server.snapshot
        #expect(log.requests.count == 1 + FeedFinder.defaultWellKnownPaths.count)
        #expect(log.clientWentAway)
    }

    @Test("An address that cannot be fetched is a transport error naming it")
    func unreachable() async throws {
        let server = try Self.site([:], requests: 1)
        await #expect(throws: (any Error).self) { try await FeedFinder().find(server.url("/missing")) }
    }
}
