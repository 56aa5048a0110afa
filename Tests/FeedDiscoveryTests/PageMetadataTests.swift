import FeedDiscovery
import Foundation
import StreamTestSupport
import Testing

/// ``FeedLinkParser``'s page metadata, JSON Feed's fallback link type, body links and the page's encoding, each the
/// same in every chunking.
@Suite struct PageMetadataTests {
    typealias Icon = FeedLinkParser.PageMetadata.Icon

    /// Feeds and metadata, checked identical across the standard chunkings.
    func readEveryWay(
        _ bytes: [UInt8], baseURL: String? = nil, encoding: String? = nil, readsBody: Bool = false
    ) -> (feeds: [DiscoveredFeed], page: FeedLinkParser.PageMetadata)? {
        var first: ([DiscoveredFeed], FeedLinkParser.PageMetadata)?
        for splits in DripFeed.standardChunkings(bytes.count, byteByByteLimit: 1 << 13) {
            let parser = FeedLinkParser(baseURL: baseURL, defaultEncoding: encoding, readsBody: readsBody)
            let outcome = DripFeed.run(parser, bytes: bytes, splits: splits)
            #expect(outcome.error == nil)
            if let first {
                #expect(outcome.items == first.0, "splits \(splits.prefix(5))")
                #expect(parser.page == first.1, "splits \(splits.prefix(5))")
            } else {
                first = (outcome.items, parser.page)
            }
        }
        return first
    }

    static let page = """
        <!DOCTYPE html><html><head>
        <meta charset="utf-8">
        <title> Café
           Blog </title>
        <link rel="icon" href="/favicon.ico" sizes="32x32" type="image/x-icon">
        <link rel="Shortcut Icon" href="fav.png">
        <link rel="apple-touch-icon" sizes="180x180" href="/apple.png">
        <link rel="apple-touch-icon-precomposed" href="/apple-pre.png">
        <link rel="mask-icon" href="/mask.svg" color="#000">
        <link rel="stylesheet" href="/s.css">
        <meta name="twitter:image" content="https://cdn.test/tw.png">
        <meta property="og:image" content="/og.png">
        <link rel="hub" href="https://pubsubhubbub.appspot.com/">
        <link rel="alternate" type="application/json" href="/feed.json" title="JSON">
        <link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/2">
        <link rel="alternate" type="application/rss+xml" href="/rss">
        <base href="https://example.org/blog/">
        </head><body><a href="/feed/atom">late</a></body></html>
        """

    @Test func titleIconsImageAndHubsResolvedAgainstTheBase() throws {
        let (feeds, page) = try #require(readEveryWay(Array(Self.page.utf8), baseURL: "http://a.test/x/"))
        #expect(page.title == "Café Blog")
        #expect(
            page.icons == [
                Icon(url: "https://example.org/favicon.ico", rel: "icon", sizes: "32x32", type: "image/x-icon"),
                Icon(url: "https://example.org/blog/fav.png", rel: "shortcut icon"),
                Icon(url: "https://example.org/apple.png", rel: "apple-touch-icon", sizes: "180x180"),
                Icon(url: "https://example.org/apple-pre.png", rel: "apple-touch-icon-precomposed"),
                Icon(url: "https://example.org/mask.svg", rel: "mask-icon"),
            ])
        #expect(page.image == "https://example.org/og.png")
        #expect(page.hubs == ["https://pubsubhubbub.appspot.com/"])
        // application/json is JSON Feed's fallback: no feed+json link, so it is given, after the head's others.
        #expect(
            feeds == [
                DiscoveredFeed(url: "https://example.org/rss", type: "application/rss+xml"),
                DiscoveredFeed(url: "https://example.org/feed.json", type: "application/json", title: "JSON"),
            ])
    }

    @Test func jsonFallbackOnlyWithoutAFeedJSONLink() throws {
        let page = """
            <head><link rel="alternate" type="application/json" href="/a.json">
            <link rel="alternate" type="application/feed+json" href="/b.json"></head>
            """
        let (feeds, _) = try #require(readEveryWay(Array(page.utf8)))
        #expect(feeds.map(\.url) == ["/b.json"])
    }

    @Test func bodyLinksThatLookLikeFeedsWhenAskedFor() throws {
        let page = """
            <html><head><title>t</title></head><body>
            <a href="/about">About</a><a href="/feed/">Feed</a><a href="posts.rss" title=" RSS ">r</a>
            <a href="https://other.test/atom.xml">o</a><a href="mailto:x@y">m</a><a href="/feed/">again</a>
            <a href="/data.json">data</a><a href="/feed.json">jf</a></body></html>
            """
        let (feeds, page1) = try #require(readEveryWay(Array(page.utf8), baseURL: "https://s.test/b/", readsBody: true))
        #expect(page1.title == "t")
        #expect(
            feeds == [
                DiscoveredFeed(url: "https://s.test/feed/", type: "application/rss+xml", source: .body),
                DiscoveredFeed(
                    url: "https://s.test/b/posts.rss", type: "application/rss+xml", title: "RSS", source: .body),
                DiscoveredFeed(url: "https://other.test/atom.xml", type: "application/atom+xml", source: .body),
                DiscoveredFeed(url: "https://s.test/feed.json", type: "application/feed+json", source: .body),
            ])
        // Without readsBody the page's body is never read.
        #expect(readEveryWay(Array(page.utf8), readsBody: false)?.feeds == [])
    }

    /// `Café` in a link's title and the page title, in each of HTML's ways of saying the encoding.
    @Test(
        arguments: [
            ("utf-8 bytes, <meta charset>", "<meta charset=\"utf-8\">", false, nil, false),
            (
                "utf-8 bytes, <meta http-equiv>",
                "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">",
                false, nil, false
            ),
            ("utf-8 bytes, HTTP charset", "", false, "utf-8", false),
            ("utf-8 bytes, nothing said: valid UTF-8", "", false, nil, false),
            ("latin-1 bytes, <meta charset>", "<meta charset='iso-8859-1'>", true, nil, false),
            ("latin-1 bytes, nothing said: not UTF-8", "", true, nil, false),
            ("BOM wins over meta", "<meta charset=\"iso-8859-1\">", false, nil, true),
            ("HTTP charset wins over meta", "<meta charset=\"utf-8\">", true, "windows-1252", false),
        ] as [(String, String, Bool, String?, Bool)])
    func encodings(_ name: String, _ meta: String, _ latin1: Bool, _ http: String?, _ bom: Bool) throws {
        let page =
            "<html><head>\(meta)<title>Café</title>"
            + "<link rel=alternate type=application/rss+xml title=\"Café\" href=/f></head><body>"
        var bytes = latin1 ? page.unicodeScalars.map { UInt8($0.value) } : Array(page.utf8)
        if bom { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        let (feeds, metadata) = try #require(readEveryWay(bytes, encoding: http))
        #expect(feeds.map(\.title) == ["Café"], "\(name)")
        #expect(metadata.title == "Café", "\(name)")
    }

    @Test func utf16WithAByteOrderMark() throws {
        let page = "<html><head><title>Café</title><link rel=alternate type=application/atom+xml href=/a></head>"
        let bytes: [UInt8] = [0xFF, 0xFE] + page.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let (feeds, metadata) = try #require(readEveryWay(bytes))
        #expect(feeds.map(\.url) == ["/a"])
        #expect(metadata.title == "Café")
    }

    /// A page of a million links: the parser returns a bounded list and holds nothing per link.
    @Test(.ownThread) func aMillionLinks() throws {
        var page = "<html><head><title>many</title></head><body>"
        page += String(repeating: "<a href=/p/1>x</a>", count: 1_000_000)
        let parser = FeedLinkParser(baseURL: "https://s.test/", readsBody: true)
        var found = try parser.parse(Array(page.utf8))
        found += try parser.finish()
        #expect(found.isEmpty)
        #expect(parser.page.title == "many")

        var head = "<html><head>"
        for index in 0..<20_000 { head += "<link rel=alternate type=application/rss+xml href=/f\(index)>" }
        let headParser = FeedLinkParser()
        var feeds = try headParser.parse(Array(head.utf8))
        feeds += try headParser.finish()
        #expect(feeds.count == 1000)
    }
}
