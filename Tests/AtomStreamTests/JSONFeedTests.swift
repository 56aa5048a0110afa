import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// JSON Feed 1.0 and 1.1 through `FeedParser`: documents modelled on jsonfeed.org's examples and on the test feeds
/// of gofeed and feed-rs, each decoded whole, a byte at a time, at every split point and in random chunks.
@Suite("FeedParser: JSON Feed")
struct JSONFeedTests {
    static let version11 = """
        {
            "version": "https://jsonfeed.org/version/1.1",
            "user_comment": "This is a microblog feed.",
            "title": "Brent Simmons’s Microblog",
            "home_page_url": "https://example.org/",
            "feed_url": "https://example.org/feed.json",
            "description": "Posts \\u00e0 la carte",
            "next_url": "https://example.org/feed.json?page=2",
            "icon": "https://example.org/icon-512.png",
            "favicon": "/favicon.ico",
            "language": "en-US",
            "authors": [{"name": "Brent Simmons", "url": "http://example.org/brent", "avatar": "a.png"}],
            "hubs": [{"type": "WebSub", "url": "https://hub.example"}],
            "_blue_shed": {"about": "https://blueshed-podcasts.com/json-feed-extension-docs", "explicit": false},
            "items": [
                {
                    "id": "2347259",
                    "url": "https://example.org/2347259",
                    "external_url": "https://elsewhere.example/story",
                    "title": "Cats",
                    "content_html": "<p>Cats are <b>great</b>.</p>",
                    "content_text": "Cats are great.",
                    "summary": "About cats",
                    "image": "/images/cat.jpg",
                    "banner_image": "https://example.org/banner.jpg",
                    "date_published": "2016-02-09T14:22:00-07:00",
                    "date_modified": "2016-02-10T09:00:00Z",
                    "tags": ["cats", "pets"],
                    "language": "en",
                    "attachments": [
                        {"url": "https://example.org/cats.m4a", "mime_type": "audio/x-m4a", "title": "Listen",
                         "size_in_bytes": 89970236, "duration_in_seconds": 6629}
                    ],
                    "_extension": {"nested": [{"deep": [1, 2, {"x": null}]}], "text": "ignored"}
                },
                {"id": 42, "content_text": "Numeric id.", "date_published": "not a date"}
            ]
        }
        """

    @Test("A 1.1 feed: every member mapped, chunk-invariant, top level complete at the end")
    func fullFeed() throws {
        let (outcome, feed) = decodeFeedEveryWay(Self.version11, options: .init(baseURL: "https://example.org/blog/"))
        #expect(outcome.error == nil)
        try #require(outcome.items.count == 2)
        let first = outcome.items[0]
        #expect(first.id == "2347259")
        #expect(first.title == AtomText(type: .text, value: "Cats"))
        #expect(first.content == AtomContent(type: "html", value: "<p>Cats are <b>great</b>.</p>"))
        #expect(first.summary == AtomText(type: .text, value: "About cats"))
        #expect(first.published == DateParser.parse("2016-02-09T21:22:00Z"))
        #expect(first.updated == DateParser.parse("2016-02-10T09:00:00Z"))
        #expect(first.categories == [AtomCategory(term: "cats"), AtomCategory(term: "pets")])
        #expect(
            first.links == [
                AtomLink(href: "https://example.org/2347259"),
                AtomLink(href: "https://elsewhere.example/story", rel: "related"),
                AtomLink(
                    href: "https://example.org/cats.m4a", rel: "enclosure", type: "audio/x-m4a", title: "Listen",
                    length: 89_970_236),
            ])
        #expect(
            first.media == [
                MediaContent(url: "https://example.org/images/cat.jpg", medium: "image"),
                MediaContent(url: "https://example.org/banner.jpg", medium: "image"),
            ])
        #expect(first.podcast == PodcastEpisodeInfo(duration: 6629))
        #expect(first.extensions.isEmpty)

        let second = outcome.items[1]
        #expect(second.id == "42")
        #expect(second.content == AtomContent(type: "text", value: "Numeric id."))
        #expect(second.published == nil)
        #expect(second.podcast == nil && second.media == nil)

        #expect(feed.format == "json1.1")
        #expect(feed.title?.value == "Brent Simmons’s Microblog")
        #expect(feed.subtitle == AtomText(type: .text, value: "Posts à la carte"))
        #expect(
            feed.links == [
                AtomLink(href: "https://example.org/"), AtomLink(href: "https://example.org/feed.json", rel: "self"),
            ])
        #expect(feed.nextURL == "https://example.org/feed.json?page=2")
        #expect(feed.logo == "https://example.org/icon-512.png")
        #expect(feed.icon == "https://example.org/favicon.ico")
        #expect(feed.authors == [AtomPerson(name: "Brent Simmons", uri: "http://example.org/brent")])
    }

    @Test("Top-level members after the items still reach the feed; the format comes from the version URL")
    func membersAfterItems() {
        let document = """
            {"items": [{"id": "1", "title": "One"}], "title": "Late", "next_url": "https://x.example/2",
             "version": "https://jsonfeed.org/version/1", "author": {"name": "Solo"}}
            """
        let (outcome, feed) = decodeFeedEveryWay(document)
        #expect(outcome.items.map(\.id) == ["1"])
        #expect(feed.format == "json1.0")
        #expect(feed.title?.value == "Late")
        #expect(feed.nextURL == "https://x.example/2")
        #expect(feed.authors == [AtomPerson(name: "Solo")])
    }

    @Test(
        "Missing or unknown versions read as gofeed and feed-rs read them",
        arguments: [
            (#"{"items":[]}"#, "json1.0"),
            (#"{"version":"https://jsonfeed.org/version/1.1/","items":[]}"#, "json1.1"),
            (#"{"version":"http://jsonfeed.org/version/1","items":[]}"#, "json1.0"),
            (#"{"version":"https://jsonfeed.org/version/2","items":[]}"#, "json1.0"),
            (#"{"version":"1.1","items":[{"id":"a","authors":[{"name":"N"}]}]}"#, "json1.1"),
        ])
    func versions(document: String, format: String) {
        let (outcome, feed) = decodeFeedEveryWay(document)
        #expect(outcome.error == nil)
        #expect(feed.format == format)
    }

    @Test("A 1.0 author in a 1.1 document counts when there is no authors array; authors wins over author")
    func authorForms() {
        let document = """
            {"version":"https://jsonfeed.org/version/1.1","items":[
              {"id":"1","author":{"name":"Old Style","url":"https://old.example"}},
              {"id":"2","author":{"name":"Ignored"},"authors":[{"name":"A"},{"name":"B"},{}]},
              {"id":"3","authors":null,"author":null}
            ]}
            """
        let (outcome, _) = decodeFeedEveryWay(document)
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.authors) == [
            [AtomPerson(name: "Old Style", uri: "https://old.example")],
            [AtomPerson(name: "A"), AtomPerson(name: "B")],
            [],
        ])
    }

    @Test("A JSON array is refused as no feed; XML still goes to the XML decoders")
    func sniffing() throws {
        let array = decodeFeedEveryWay("  [1, 2]").outcome
        #expect(array.error?.kind == .unexpectedDocument)
        let rss = decodeFeedEveryWay("\n <rss version=\"2.0\"><channel><item><title>x</title></item></channel></rss>")
        #expect(rss.feed.format == "rss2.0")
        #expect(rss.outcome.items.count == 1)
    }

    @Test("Truncated at every byte: the items completed before, then one error")
    func truncation() {
        let document = Array(#"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1"},{"id":"2"}]}"#.utf8)
        for end in 1..<document.count {
            let parser = FeedParser()
            let outcome = DripFeed.run(parser, bytes: Array(document[..<end]), splits: [])
            #expect(outcome.error != nil, "cut at \(end)")
            #expect(outcome.items.count <= 2)
        }
    }

    @Test("Limits: depth, string length and item size come from StreamLimits")
    func limits() throws {
        let deep = "{\"items\":[{\"_x\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}]}"
        #expect(decodeFeedEveryWay(deep).outcome.error?.kind == .limitExceeded)

        let small = StreamLimits(maximumDepth: 64, maximumTextBytes: 1_000, maximumItemBytes: 10_000)
        let long = Array((#"{"items":[{"id":"1"},{"id":"2","title":""# + String(repeating: "x", count: 5_000) + #""}]}"#).utf8)
        // The engine refuses an overlong string as soon as it has buffered too much of it, which depends on the
        // chunking: the kind and the items before it do not.
        for splits in [DripFeed.whole(long.count), DripFeed.byteByByte(long.count)] {
            let outcome = DripFeed.run(FeedParser(options: .init(limits: small)), bytes: long, splits: splits)
            #expect(outcome.error?.kind == .limitExceeded)
            #expect(outcome.items.map(\.id) == ["1"])
        }

        let tags = (0..<2_000).map { "\"tag\($0)\"" }.joined(separator: ",")
        let big = #"{"items":[{"id":"1"},{"id":"2","tags":["# + tags + "]}]}"
        let (outcome, _) = decodeFeedEveryWay(big, options: .init(limits: small))
        #expect(outcome.error?.kind == .limitExceeded)
        #expect(outcome.items.map(\.id) == ["1"])
    }

    @Test("A large feed in random chunks: one item at a time, same result", .ownThread)
    func largeFeed() {
        var document = #"{"version":"https://jsonfeed.org/version/1.1","items":["#
        for index in 0..<3_000 {
            if index > 0 { document += "," }
            document += #"{"id":"\#(index)","url":"https://x.example/\#(index)","title":"Item \#(index)","#
            document += #""content_html":"<p>\#(String(repeating: "é", count: index % 50))</p>","tags":["a","b"]}"#
        }
        document += #"],"title":"Big"}"#
        let (outcome, feed) = decodeFeedEveryWay(Array(document.utf8), byteByByteLimit: 0)
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 3_000)
        #expect(outcome.items.last?.title?.value == "Item 2999")
        #expect(feed.title?.value == "Big")
    }

    @Test("Items are returned as they complete, not at the end")
    func incremental() throws {
        let parser = FeedParser()
        let first = try parser.parse(Array(#"{"items":[{"id":"1"},{"id":"2"#.utf8))
        #expect(first.map(\.id) == ["1"])
        let rest = try parser.parse(Array(#""}]}"#.utf8))
        #expect(rest.map(\.id) == ["2"])
        #expect(try parser.finish().isEmpty)
    }
}
