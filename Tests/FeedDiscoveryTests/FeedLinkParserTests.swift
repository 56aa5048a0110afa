import FeedDiscovery
import Foundation
import StreamTestSupport
import Testing

/// ``FeedLinkParser``: the feeds a page's head links to, identical in every chunking.
@Suite struct FeedLinkParserTests {
    static let page = """
        <!DOCTYPE html><html><head><title>Blog</title>
        <link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">
        <LINK REL="Alternate feed" TYPE="application/atom+xml; charset=utf-8" href=atom.xml>
        <base href="https://example.org/blog/">
        <link rel="alternate stylesheet" type="text/css" href="x.css">
        <link rel="feed alternate" type="application/feed+json" href="feed.json" title=" JSON ">
        <link rel="alternate" type="application/rss+xml" href="/feed.xml">
        <link rel="alternate" type="application/json" href="/wp-json/x">
        <link rel="feed" type="application/json" href="/j.json">
        <link rel="alternate" type="application/rdf+xml" href="/index.rdf">
        </head><body><link rel="alternate" type="application/rss+xml" href="/late.xml"></body></html>
        """

    static let expected = [
        DiscoveredFeed(url: "https://example.org/feed.xml", type: "application/rss+xml", title: "Posts"),
        DiscoveredFeed(url: "https://example.org/blog/atom.xml", type: "application/atom+xml"),
        DiscoveredFeed(url: "https://example.org/blog/feed.json", type: "application/feed+json", title: "JSON"),
        DiscoveredFeed(url: "https://example.org/j.json", type: "application/json"),
        DiscoveredFeed(url: "https://example.org/index.rdf", type: "application/rdf+xml"),
    ]

    func discoverEveryWay(_ bytes: [UInt8], baseURL: String? = nil) -> [DiscoveredFeed]? {
        var first: [DiscoveredFeed]?
        for splits in DripFeed.standardChunkings(bytes.count, byteByByteLimit: 1 << 16) {
            let outcome = DripFeed.run(FeedLinkParser(baseURL: baseURL), bytes: bytes, splits: splits)
            #expect(outcome.error == nil)
            if let first { #expect(outcome.items == first, "splits \(splits.prefix(5))") } else { first = outcome.items }
        }
        return first
    }

    @Test func linksInDocumentOrderResolvedAndDeduplicatedInEveryChunking() {
        #expect(discoverEveryWay(Array(Self.page.utf8), baseURL: "http://a.test/x/") == Self.expected)
    }

    @Test func withoutBaseLinksResolveAgainstThePageURL() {
        let page = #"<head><link rel=alternate type=application/rss+xml href="../f.xml"></head>"#
        #expect(
            discoverEveryWay(Array(page.utf8), baseURL: "https://s.test/a/b/")
                == [DiscoveredFeed(url: "https://s.test/a/f.xml", type: "application/rss+xml")])
        #expect(
            discoverEveryWay(Array(page.utf8))
                == [DiscoveredFeed(url: "../f.xml", type: "application/rss+xml")])
    }

    @Test func stopsAtTheEndOfTheHead() throws {
        let parser = FeedLinkParser()
        let head = #"<html><head><link rel="alternate" type="application/atom+xml" href="http://a/f"></head>"#
        let found = try parser.parse(Array(head.utf8))
        #expect(found.count == 1)
        #expect(parser.isFinished)
        let more = #"<body><link rel="alternate" type="application/atom+xml" href="http://a/g"></body>"#
        #expect(try parser.parse(Array(more.utf8)).isEmpty)
        #expect(try parser.finish().isEmpty)
        // A body element with no explicit head ends the head too (once the page's encoding is decided: with no
        // `</head>` or `<body>` to end its window, after HTML's 1,024-byte prescan).
        let implied = FeedLinkParser()
        let page = #"<link rel="alternate" type="application/rss+xml" href="/a"><div>x"# + String(repeating: " ", count: 1024)
        _ = try implied.parse(Array(page.utf8))
        #expect(implied.isFinished)
    }

    /// libxml2 reads a start tag once a quote-counting look-ahead finds `>`, but its attributes by its own rules (a
    /// quote opens a value only after `=`): cut inside such a tag, a page gave other links than whole. The first
    /// and last pages are what the `discover` fuzz target found (minimized); every chunking must give what the
    /// whole page gives.
    @Test(arguments: [
        "<link><al\" e=\"aps>xml\n<link rel=\"feed te\"type=\"application/json\"\" href=t",
        #"<head><meta" content="a>b <link rel=alternate type=application/rss+xml href=/x>">"#
            + #"<link rel="alternate" type="application/rss+xml" href="/f"></head>"#,
        #"<head><link rel=alternate title='it"s' type="application/rss+xml" href=/q><x/ y="1>2"></head>"#,
        // Cut inside `</script>`, libxml2 dropped the rest of the page.
        #"<script>;</script><st><link rel="alternate" type="application/rss+xml" href>"#,
        // Cut inside `<!DOCTYPE`, libxml2 read the page as body text.
        #"<<!DOCTYPe><link rel="alternate" type="application/atom+xml" href=;+"#,
        #"<!-- <a title=" --><link rel="alternate" type="application/rss+xml" href="/c"><!-- x > y -->"#,
    ])
    func startTagsCutByAChunkReadAsWhole(page: String) {
        #expect(discoverEveryWay(Array(page.utf8)) != nil)
    }

    @Test func hostileInput() throws {
        // Deep nesting inside the head, an unterminated head, binary garbage: no crash, no error, bounded work.
        let deep = "<head>" + String(repeating: "<span>", count: 50_000)
            + #"<link rel="alternate" type="application/rss+xml" href="/d">"#
        let deepParser = FeedLinkParser()
        // libxml2 stops reading past its nesting limit (256): the link is not reached, and nothing fails.
        let deepFeeds = try deepParser.parse(Array(deep.utf8)) + deepParser.finish()
        #expect(deepFeeds.count <= 1)
        let unterminated = #"<html><head><link rel="alternate" type="application/rss+xml" href="/u"><title>never"#
        #expect(discoverEveryWay(Array(unterminated.utf8))?.map(\.url) == ["/u"])
        var generator = SplitMix64(seed: 7)
        let garbage = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        for splits in DripFeed.randomChunkings(garbage.count, count: 2, maximumChunk: 5000, seed: 3) {
            let outcome = DripFeed.run(FeedLinkParser(), bytes: garbage, splits: splits)
            #expect(outcome.error == nil)
        }
        // A large head (a 5 MB title), random chunks: links before and after it are found.
        let large = #"<head><link rel="alternate" type="application/rss+xml" href="/1"><title>"#
            + String(repeating: "t", count: 5 << 20)
            + #"</title><link rel="alternate" type="application/atom+xml" href="/2"></head>"#
        let bytes = Array(large.utf8)
        for splits in DripFeed.randomChunkings(bytes.count, count: 2, maximumChunk: 65_536, seed: 9) {
            let outcome = DripFeed.run(FeedLinkParser(), bytes: bytes, splits: splits)
            #expect(outcome.items.map(\.url) == ["/1", "/2"])
        }
    }
}
