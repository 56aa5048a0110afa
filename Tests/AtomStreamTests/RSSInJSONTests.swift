import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// RSS-in-JSON (Dave Winer's RSS 2.0 as JSON, as Scripting News publishes it) through `FeedParser`: decoded whole,
/// a byte at a time and at every split point, into the models RSS fills.
@Suite("FeedParser: RSS-in-JSON")
struct RSSInJSONTests {
    /// Shaped like Scripting News's `rss.json`: extension members (`xmlns:source`, `source:outline`, `cloud`) to
    /// skip, items without titles, a guid as text and as an object, an enclosure whose length is a number.
    static let document = """
        \u{FEFF}
        {
            "rss": {
                "version": "2.0",
                "xmlns:source": "http://source.scripting.com/",
                "channel": {
                    "title": "Scripting News",
                    "link": "http://scripting.com/",
                    "description": "A weblog since 1997.",
                    "pubDate": "Mon, 26 Jun 2017 19:40:58 GMT",
                    "lastBuildDate": "Mon, 26 Jun 2017 19:41:48 GMT",
                    "language": "en-gb",
                    "copyright": "© 1994-2017 Dave Winer.",
                    "generator": "oldSchool v0.42c",
                    "managingEditor": "dave@example.org (Dave Winer)",
                    "cloud": {"domain": "rpc.rsscloud.io", "port": 5337, "path": "/pleaseNotify"},
                    "source:account": [{"service": "twitter", "#value": "davewiner"}],
                    "image": {"url": "/images/logo.png", "title": "ignored", "link": "http://ignored.example/"},
                    "category": ["Blogging", {"domain": "http://example.org/tags", "#value": "Web"}],
                    "item": [
                        {
                            "link": "http://scripting.com/2017/06/26.html#a080605",
                            "description": "Good morning <b>students</b>! 🍏",
                            "pubDate": "Mon, 26 Jun 2017 12:20:05 GMT",
                            "guid": "http://scripting.com/2017/06/26.html#a080605",
                            "source:outline": {"text": "skipped", "subs": [{"text": "deeper"}]}
                        },
                        {
                            "title": "A test podcast",
                            "description": "From time to time I test things.",
                            "pubDate": "03/07/2017 17:29:33",
                            "guid": {"isPermaLink": "false", "#value": "tag:scripting.com,2017:a010633"},
                            "enclosure": {"url": "/2017/06/26/test.m4a", "type": "audio/mpeg", "length": 277413},
                            "category": "Podcasts",
                            "author": "Dave Winer <dave@example.org>",
                            "comments": "http://scripting.com/comments"
                        },
                        {
                            "guid": {"isPermaLink": true, "#value": "/2017/06/27.html#a1"},
                            "pubDate": "27/06/2017",
                            "dc:date": "2017-06-28T10:00:00Z",
                            "content:encoded": "<p>Full text</p>",
                            "enclosure": [{"url": "http://a.example/1.mp3", "length": "12"}, {"url": "http://a.example/2.mp3"}],
                            "category": [{"#value": "One"}, "Two"]
                        }
                    ]
                }
            }
        }
        """

    @Test("A Scripting News document: every member mapped, the same in every chunking")
    func scriptingNews() throws {
        let options = FeedParser.Options(baseURL: "http://scripting.com/rss.json")
        let (outcome, feed) = decodeFeedEveryWay(Self.document, options: options)
        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
        #expect(feed.format == "rss-in-json")
        #expect(feed.title == AtomText(type: .text, value: "Scripting News"))
        #expect(feed.subtitle == AtomText(type: .html, value: "A weblog since 1997."))
        #expect(feed.links == [AtomLink(href: "http://scripting.com/")])
        #expect(feed.updated == DateParser.parse("2017-06-26T19:41:48Z"))
        #expect(feed.rights == AtomText(type: .text, value: "© 1994-2017 Dave Winer."))
        #expect(feed.generator == AtomGenerator(name: "oldSchool v0.42c"))
        #expect(feed.authors == [AtomPerson(name: "Dave Winer", email: "dave@example.org")])
        #expect(feed.logo == "http://scripting.com/images/logo.png")
        #expect(
            feed.categories == [AtomCategory(term: "Blogging"), AtomCategory(term: "Web", scheme: "http://example.org/tags")])

        try #require(outcome.items.count == 3)
        let first = outcome.items[0]
        #expect(first.id == "http://scripting.com/2017/06/26.html#a080605")
        #expect(first.title == nil)
        #expect(first.links == [AtomLink(href: "http://scripting.com/2017/06/26.html#a080605")])
        #expect(first.summary == AtomText(type: .html, value: "Good morning <b>students</b>! 🍏"))
        #expect(first.published == DateParser.parse("2017-06-26T12:20:05Z"))

        let second = outcome.items[1]
        #expect(second.id == "tag:scripting.com,2017:a010633")
        #expect(second.title == AtomText(type: .text, value: "A test podcast"))
        // Not a permalink: no alternate link; the enclosure resolves against the document.
        #expect(
            second.links == [
                AtomLink(href: "http://scripting.com/2017/06/26/test.m4a", rel: "enclosure", type: "audio/mpeg", length: 277_413)
            ])
        #expect(second.categories == [AtomCategory(term: "Podcasts")])
        #expect(second.authors == [AtomPerson(name: "Dave Winer", email: "dave@example.org")])
        // `en-gb`: day first, so 03/07 is 3 July.
        #expect(second.published == DateParser.parse("2017-07-03T17:29:33Z"))

        let third = outcome.items[2]
        #expect(third.id == "/2017/06/27.html#a1")
        #expect(third.published == DateParser.parse("2017-06-27T00:00:00Z"))
        #expect(third.updated == DateParser.parse("2017-06-28T10:00:00Z"))
        #expect(third.content?.value == "<p>Full text</p>")
        #expect(third.categories == [AtomCategory(term: "One"), AtomCategory(term: "Two")])
        #expect(
            third.links == [
                AtomLink(href: "http://a.example/1.mp3", rel: "enclosure", length: 12),
                AtomLink(href: "http://a.example/2.mp3", rel: "enclosure"),
                AtomLink(href: "http://scripting.com/2017/06/27.html#a1"),
            ])
    }

    @Test("Without a language, month first; a single item may stand alone, not in an array")
    func singleItemAndDefaultOrder() throws {
        let document = #"{"rss":{"channel":{"title":"t","item":{"title":"only","pubDate":"03/07/2017"}}}}"#
        let (outcome, feed) = decodeFeedEveryWay(document)
        #expect(outcome.error == nil)
        #expect(feed.format == "rss-in-json")
        try #require(outcome.items.count == 1)
        #expect(outcome.items[0].title?.value == "only")
        #expect(outcome.items[0].published == DateParser.parse("2017-03-07T00:00:00Z"))
    }

    @Test(
        "Not RSS-in-JSON after all: a clear, positioned error",
        arguments: [
            (#"{"rss":{"version":"2.0"}}"#, "has no `channel` object"),
            (#"{"rss":[1]}"#, "its `rss` is an array"),
            (#"{"rss":"2.0"}"#, "its `rss` is a string"),
            (#"{"rss":{"channel":{"item":"none"}}}"#, "its `item` is a string"),
        ])
    func notRSS(document: String, reason: String) throws {
        let (outcome, _) = decodeFeedEveryWay(document)
        let error = try #require(outcome.error)
        #expect(error.kind == .unexpectedDocument)
        #expect(error.message.hasPrefix("this JSON document is not RSS-in-JSON"), "\(error.message)")
        #expect(error.message.contains(reason), "\(error.message)")
        #expect(error.line == 1)
        #expect(error.column > 1)
    }

    @Test("Malformed JSON after some items: those items, then the engine's positioned error")
    func malformed() throws {
        let document = """
            {"rss": {"channel": {"item": [
              {"title": "a"},
              {"title": "b"},
              {"title": oops}
            ]}}}
            """
        let (outcome, _) = decodeFeedEveryWay(document)
        #expect(outcome.items.map(\.title?.value) == ["a", "b"])
        let error = try #require(outcome.error)
        #expect(error.kind == .malformedInput)
        #expect(error.line == 4)
    }

    @Test("Truncated at every byte: the items completed before, then one error")
    func truncation() {
        let document = Array(#"{"rss":{"channel":{"item":[{"guid":"1"},{"guid":"2"}]}}}"#.utf8)
        for end in 1..<document.count {
            let outcome = DripFeed.run(FeedParser(), bytes: Array(document[..<end]), splits: [])
            #expect(outcome.error != nil, "cut at \(end)")
            #expect(outcome.items.count <= 2)
        }
    }

    @Test("An item larger than the limit ends with a limit error; the items before it are kept")
    func itemLimit() {
        let small = StreamLimits(maximumItemBytes: 1_000)
        let long = String(repeating: "x", count: 2_000)
        let document = #"{"rss":{"channel":{"item":[{"guid":"1"},{"guid":"2","description":"\#(long)"}]}}}"#
        let (outcome, _) = decodeFeedEveryWay(document, options: .init(limits: small))
        #expect(outcome.error?.kind == .limitExceeded)
        #expect(outcome.items.map(\.id) == ["1"])
    }

    @Test("Many items in random chunks: one at a time, the same result")
    func largeDocument() {
        var document = #"{"rss":{"version":"2.0","channel":{"title":"Big","item":["#
        for index in 0..<2_000 {
            if index > 0 { document += "," }
            document += #"{"guid":"\#(index)","link":"https://x.example/\#(index)","title":"Item \#(index)"}"#
        }
        document += "]}}}"
        let (outcome, feed) = decodeFeedEveryWay(Array(document.utf8), byteByByteLimit: 0)
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 2_000)
        #expect(outcome.items.last?.title?.value == "Item 1999")
        #expect(feed.title?.value == "Big")
    }
}
