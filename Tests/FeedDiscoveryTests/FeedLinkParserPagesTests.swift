import FeedDiscovery
import Foundation
import StreamTestSupport
import Testing

/// ``FeedLinkParser`` on the pages people paste, after NetNewsWire's `HTMLMetadataTests` (our own generated pages,
/// shaped as the real ones are): a YouTube channel whose feed link is in the body, typeless alternates, language
/// variants, icons written with `src`. Each checked identical in every chunking.
@Suite struct FeedLinkParserPagesTests {
    typealias Icon = FeedLinkParser.PageMetadata.Icon

    func readEveryWay(
        _ page: String, baseURL: String?, readsBody: Bool = false
    ) -> (feeds: [DiscoveredFeed], page: FeedLinkParser.PageMetadata)? {
        // The same check as PageMetadataTests', on the page's UTF-8 bytes.
        PageMetadataTests().readEveryWay(Array(page.utf8), baseURL: baseURL, readsBody: readsBody)
    }

    /// A YouTube channel page as YouTube serves it: icons in the head, the feed link after `<body>` among the
    /// page's other alternates (mobile site, apps), the avatar as a square og:image.
    static func youTubePage(channel: String, filler: Int = 3000) -> String {
        """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
        <title>The Channel - YouTube</title>
        <link rel="shortcut icon" href="https://www.youtube.com/s/desktop/abc/img/favicon.ico" type="image/x-icon">
        <link rel="icon" href="https://www.youtube.com/s/desktop/abc/img/favicon_32x32.png" sizes="32x32">
        <link rel="icon" href="https://www.youtube.com/s/desktop/abc/img/favicon_144x144.png" sizes="144x144">
        <script>var ytcfg = {"x": "\(String(repeating: "z", count: filler))"};</script>
        </head><body dir="ltr"><div id="content"></div>
        <link rel="canonical" href="https://www.youtube.com/channel/\(channel)">
        <link rel="alternate" media="handheld" href="https://m.youtube.com/channel/\(channel)">
        <link rel="alternate" media="only screen and (max-width: 640px)"
         href="https://m.youtube.com/channel/\(channel)">
        <link rel="alternate" type="application/rss+xml" title="RSS"
         href="https://www.youtube.com/feeds/videos.xml?channel_id=\(channel)">
        <link rel="alternate" href="android-app://com.google.android.youtube/http/www.youtube.com/channel/\(channel)">
        <link rel="alternate" href="ios-app://544007664/vnd.youtube/www.youtube.com/channel/\(channel)">
        <meta property="og:image" content="https://yt3.googleusercontent.com/avatar=s900">
        <meta property="og:image:width" content="900"><meta property="og:image:height" content="900">
        <script>var ytInitialData = {"y": "\(String(repeating: "q", count: filler))"};</script>
        </body></html>
        """
    }

    @Test("YouTube: the feed link in the body is found, its mobile and app alternates are not")
    func youTube() throws {
        let channel = "UCct7QF2jcWRY6dhXWMSq9LQ"
        let (feeds, page) = try #require(
            readEveryWay(Self.youTubePage(channel: channel), baseURL: "https://www.youtube.com/user/TheVolvorocks"))
        #expect(
            feeds == [
                DiscoveredFeed(
                    url: "https://www.youtube.com/feeds/videos.xml?channel_id=\(channel)", type: "application/rss+xml",
                    title: "RSS")
            ])
        #expect(page.title == "The Channel - YouTube")
        #expect(page.icons.count == 3)
        #expect(page.image == "https://yt3.googleusercontent.com/avatar=s900")
        #expect(page.bestIcon(minimumSize: 64)?.url == "https://www.youtube.com/s/desktop/abc/img/favicon_144x144.png")
    }

    @Test("A head that links a feed ends the reading: a body link after it is not taken")
    func headFeedEndsTheReading() throws {
        let page = """
            <html><head><link rel="alternate" type="application/atom+xml" href="/a"></head>
            <body><link rel="alternate" type="application/rss+xml" href="/b"></body></html>
            """
        let (feeds, _) = try #require(readEveryWay(page, baseURL: "http://s.test/"))
        #expect(feeds.map(\.url) == ["http://s.test/a"])
    }

    @Test("A typeless alternate is a feed, its type left to the finder; an explicit non-feed type is refused")
    func typelessAndNonFeedTypes() throws {
        let page = """
            <html><head>
            <link rel="alternate" href="/feed.xml">
            <link rel="alternate" hreflang="fr" type="text/html" href="/fr/page.html">
            <link rel="alternate" hreflang="de" href="/de/">
            <link rel="alternate" type="text/html" href="/amp/">
            <link rel="alternate stylesheet" href="/dark.css">
            <link rel="alternate" type="" href="https://feeds.example.com/main" title="Main">
            <link rel="alternate" type="text/xml" href="/legacy.xml">
            <link rel="alternate" type="application/x-rss+xml" href="/x.rss">
            <link rel="alternate" type="application/x.atom+xml" href="/x.atom">
            </head><body></body></html>
            """
        let (feeds, _) = try #require(readEveryWay(page, baseURL: "http://example.com/"))
        #expect(
            feeds == [
                DiscoveredFeed(url: "http://example.com/feed.xml", type: nil),
                DiscoveredFeed(url: "https://feeds.example.com/main", type: nil, title: "Main"),
                DiscoveredFeed(url: "http://example.com/x.rss", type: "application/rss+xml"),
                DiscoveredFeed(url: "http://example.com/x.atom", type: "application/atom+xml"),
            ])
    }

    @Test("A typeless link's type is left out of its JSON; an empty type stored before reads as none")
    func typelessJSON() throws {
        let feed = DiscoveredFeed(url: "https://a.test/feed", type: nil, title: "Main")
        let json = String(decoding: try JSONEncoder().encode(feed), as: UTF8.self)
        #expect(!json.contains("\"type\""), "\(json)")
        #expect(try JSONDecoder().decode(DiscoveredFeed.self, from: Data(json.utf8)) == feed)
        let stored = #"{"url":"https://a.test/feed","type":"","title":"Main"}"#
        #expect(try JSONDecoder().decode(DiscoveredFeed.self, from: Data(stored.utf8)) == feed)
    }

    @Test("Only a language variant: no feed")
    func onlyALanguageVariant() throws {
        let page =
            #"<html><head><link rel="alternate" hreflang="fr" type="text/html" href="/fr/page.html">"#
            + "</head><body></body></html>"
        let (feeds, _) = try #require(readEveryWay(page, baseURL: "http://example.com/"))
        #expect(feeds.isEmpty)
    }

    @Test("Both RSS and Atom are reported, in document order")
    func rssAndAtom() throws {
        let page = """
            <html><head>
            <link rel="alternate" type="application/rss+xml" title="RSS" href="/feed.rss">
            <link rel="alternate" type="application/atom+xml" title="Atom" href="/feed.atom">
            </head><body></body></html>
            """
        let (feeds, _) = try #require(readEveryWay(page, baseURL: "http://example.com/"))
        #expect(feeds.map(\.type) == ["application/rss+xml", "application/atom+xml"])
        #expect(feeds.map(\.title) == ["RSS", "Atom"])
    }

    @Test("A page with no head: no feed, no icon, no crash")
    func noHead() throws {
        let (feeds, page) = try #require(
            readEveryWay("<html><body>Hello world</body></html>", baseURL: "http://e.test/"))
        #expect(feeds.isEmpty)
        #expect(page.icons.isEmpty)
        #expect(page.title == nil)
    }

    @Test("Icons resolve against the page; apple-touch-icons all kept; `src` read where `href` is missing")
    func iconsAndSrc() throws {
        let page = """
            <html><head>
            <link rel="icon" href="/favicon.ico">
            <link rel="apple-touch-icon" sizes="60x60" href="/touch-60.png">
            <link rel="apple-touch-icon" sizes="120x120" href="/touch-120.png">
            <link rel="shortcut icon" src="/images/favicon.png">
            </head><body></body></html>
            """
        let (_, metadata) = try #require(readEveryWay(page, baseURL: "http://example.com/some/page.html"))
        #expect(
            metadata.icons == [
                Icon(url: "http://example.com/favicon.ico", rel: "icon"),
                Icon(url: "http://example.com/touch-60.png", rel: "apple-touch-icon", sizes: "60x60"),
                Icon(url: "http://example.com/touch-120.png", rel: "apple-touch-icon", sizes: "120x120"),
                Icon(url: "http://example.com/images/favicon.png", rel: "shortcut icon"),
            ])
        #expect(metadata.url == "http://example.com/some/page.html")
    }

    @Test("A site's usual head: favicon with a query, one Atom feed without a title")
    func daringFireballShape() throws {
        let page = """
            <html><head><title>Daring Fireball</title>
            <link rel="shortcut icon" href="/graphics/favicon.ico?v=005" />
            <link rel="apple-touch-icon-precomposed" href="/graphics/apple-touch-icon.png" />
            <link rel="alternate" type="application/atom+xml" href="/feeds/main" />
            <link rel="home" href="/" title="Home" />
            </head><body><a href="/feeds/">feeds</a></body></html>
            """
        let (feeds, metadata) = try #require(readEveryWay(page, baseURL: "http://daringfireball.net/"))
        #expect(metadata.icons.first?.url == "http://daringfireball.net/graphics/favicon.ico?v=005")
        #expect(feeds == [DiscoveredFeed(url: "http://daringfireball.net/feeds/main", type: "application/atom+xml")])
        #expect(metadata.bestIcon()?.url == "http://daringfireball.net/graphics/apple-touch-icon.png")
    }

    @Test("A head with no feed and a body past the scan bound: reading ends there")
    func bodyScanIsBounded() throws {
        let parser = FeedLinkParser(baseURL: "http://s.test/")
        _ = try parser.parse(Array("<html><head><title>t</title></head><body>".utf8))
        #expect(!parser.isFinished)
        let filler = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        var read = 0
        while !parser.isFinished && read < 2 * FeedLinkParser.maximumBodyScanBytes {
            _ = try parser.parse(filler)
            read += filler.count
        }
        #expect(parser.isFinished)
        #expect(read <= FeedLinkParser.maximumBodyScanBytes + filler.count)
        #expect(try parser.parse(Array(#"<link rel="alternate" type="application/rss+xml" href="/x">"#.utf8)).isEmpty)
    }
}
