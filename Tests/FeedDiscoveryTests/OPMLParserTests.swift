import FeedDiscovery
import Foundation
import StreamTestSupport
import Testing

/// ``OPMLParser`` and ``OPMLWriter``: subscription lists in and out, identical in every chunking.
@Suite struct OPMLParserTests {
    /// What exports look like: NetNewsWire-style folders, Feedly's `title` + `text`, attributes in three cases,
    /// entities (XML, character and HTML 4), a feed nested in a feed, an empty folder (an item, with its folders),
/// a `url` given for `xmlUrl`, and a link outline (no feed, no children: an item too).
    static let document = """
        \n  <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0">
          <head>
            <title>My Subscriptions &amp; more</title>
            <dateCreated>Mon, 02 Nov 2026 10:00:00 GMT</dateCreated>
            <ownerName>Ann</ownerName><ownerEmail>ann@example.org</ownerEmail><ownerId>https://example.org/ann</ownerId>
          </head>
          <body>
            <outline text="Top" type="rss" xmlUrl="https://top.test/feed" htmlUrl="https://top.test/"/>
            <outline text="News" title="News">
              <outline text="Caf&eacute; &#8211; Daily" title="Caf&#233; &amp; Co" type="rss" xmlurl="https://cafe.test/rss" HTMLURL="https://cafe.test/" description="&lt;b&gt;beans&lt;/b&gt;" category="/Food/Coffee, /Daily"/>
              <outline text="Tech">
                <outline text="Swift" xmlURL=" /swift.xml " type="atom"/>
                <outline text="Nested parent" xmlUrl="https://parent.test/feed">
                  <outline text="Child" xmlUrl="https://child.test/feed"/>
                </outline>
              </outline>
              <outline text="Empty folder"/>
            </outline>
            <outline text="Pod" type="rss" url="https://pod.test/feed.xml"/>
            <outline text="A link" type="link" url="https://site.test/"/>
          </body>
        </opml>
        """

    static let expected = [
        OPMLOutline(text: "Top", xmlURL: "https://top.test/feed", htmlURL: "https://top.test/", type: "rss"),
        OPMLOutline(
            title: "Café & Co", text: "Café – Daily", xmlURL: "https://cafe.test/rss", htmlURL: "https://cafe.test/",
            type: "rss", description: "<b>beans</b>", categories: ["/Food/Coffee", "/Daily"], folders: ["News"]),
        OPMLOutline(text: "Swift", xmlURL: "https://lists.test/swift.xml", type: "atom", folders: ["News", "Tech"]),
        OPMLOutline(text: "Nested parent", xmlURL: "https://parent.test/feed", folders: ["News", "Tech"]),
        OPMLOutline(text: "Child", xmlURL: "https://child.test/feed", folders: ["News", "Tech", "Nested parent"]),
        OPMLOutline(text: "Empty folder", folders: ["News"]),
        OPMLOutline(text: "Pod", xmlURL: "https://pod.test/feed.xml", type: "rss"),
        OPMLOutline(text: "A link", type: "link"),
    ]

    static let options = OPMLParser.Options(baseURL: "https://lists.test/me/list.opml")

    func readEveryWay(_ bytes: [UInt8], options: OPMLParser.Options = options) -> [OPMLOutline]? {
        var first: [OPMLOutline]?
        for splits in DripFeed.standardChunkings(bytes.count, byteByByteLimit: 1 << 16) {
            let outcome = DripFeed.run(OPMLParser(options: options), bytes: bytes, splits: splits)
            #expect(outcome.error == nil, "\(String(describing: outcome.error))")
            if let first {
                #expect(outcome.items == first, "splits \(splits.prefix(5))")
            } else {
                first = outcome.items
            }
        }
        return first
    }

    @Test func outlinesFoldersAndHeadInEveryChunking() throws {
        #expect(readEveryWay(Array(Self.document.utf8)) == Self.expected)
        let parser = OPMLParser(options: Self.options)
        _ = try parser.parse(Array(Self.document.utf8))
        _ = try parser.finish()
        #expect(parser.head.title == "My Subscriptions & more")
        #expect(parser.head.ownerName == "Ann")
        #expect(parser.head.ownerEmail == "ann@example.org")
        #expect(parser.head.ownerID == "https://example.org/ann")
        #expect(parser.head.version == "2.0")
        #expect(parser.head.dateCreated == Date(timeIntervalSince1970: 1_793_613_600))
        #expect(parser.outlineCount == 10)
    }

    @Test func opml10WithoutHeadAndUppercaseNames() {
        let document = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <OPML VERSION="1.0"><BODY><OUTLINE TEXT="Caf\u{E9}" XMLURL="http://a.test/f"/></BODY></OPML>
            """
        let latin1 = Array(document.unicodeScalars.map { UInt8($0.value) })
        #expect(readEveryWay(latin1) == [OPMLOutline(text: "Café", xmlURL: "http://a.test/f")])
    }

    @Test func writerOutputReadsBackToTheSameOutlines() throws {
        var tricky = Self.expected
        tricky.append(
            OPMLOutline(
                title: "Quotes \" and <tags> & tabs\there", text: "line\nbreak\r\nand\u{1}control",
                xmlURL: "https://q.test/?a=1&b=2", type: "rss", folders: ["News", "A & B"]))
        tricky.append(OPMLOutline(text: "Back in news", xmlURL: "https://back.test/feed", folders: ["News"]))
        let head = OPMLHead(title: "Mine", dateCreated: Date(timeIntervalSince1970: 1_793_613_600))
        let written = OPMLWriter.document(tricky, head: head)
        var expected = tricky
        expected[expected.count - 2].text = "line\nbreak\r\nandcontrol"
        let read = readEveryWay(Array(written.utf8), options: .init())
        #expect(read == expected)
        let parser = OPMLParser()
        _ = try parser.parse(Array(written.utf8))
        _ = try parser.finish()
        #expect(parser.head.title == "Mine")
        #expect(parser.head.dateCreated == head.dateCreated)
        #expect(parser.head.version == "2.0")
        // Written again from what was read, the document is the same: the writer is a fixed point.
        #expect(OPMLWriter.document(read ?? [], head: parser.head) == written)
    }

    @Test func notOPMLIsRefused() {
        let outcome = DripFeed.run(OPMLParser(), bytes: Array("<rss><channel/></rss>".utf8), splits: [])
        #expect(outcome.error?.kind == .unexpectedDocument)
        #expect(outcome.error?.message.contains("not an OPML file") == true)
        #expect(outcome.error?.line == 1)
    }

    @Test func aBareAmpersandIsAnErrorUnlessRepaired() {
        let document = #"<opml><body><outline text="x" xmlUrl="http://a.test/?a=1&b=2"/></body></opml>"#
        let strict = DripFeed.run(OPMLParser(), bytes: Array(document.utf8), splits: [])
        #expect(strict.error?.kind == .malformedInput)
        let parser = OPMLParser(options: .init(recover: true))
        let repaired = DripFeed.run(parser, bytes: Array(document.utf8), splits: [])
        #expect(repaired.error == nil)
        #expect(repaired.items.map(\.xmlURL) == ["http://a.test/?a=1&b=2"])
        #expect(!parser.warnings.isEmpty)
    }

    /// 100,000 outlines in 1,000 folders: what the parser holds between chunks stays the size of one folder's
    /// title, whatever the count (held bytes and queued outlines, counted, not timed).
    @Test(.ownThread) func aHundredThousandOutlinesInFlatMemory() throws {
        var document = "<opml version=\"2.0\"><head><title>big</title></head><body>\n"
        for folder in 0..<1000 {
            document += "<outline text=\"Folder \(folder)\">\n"
            for feed in 0..<100 {
                document +=
                    "  <outline text=\"Feed \(feed)\" type=\"rss\" xmlUrl=\"https://f\(folder).test/\(feed)\"/>\n"
            }
            document += "</outline>\n"
        }
        document += "</body></opml>\n"
        let bytes = Array(document.utf8)
        let parser = OPMLParser()
        var count = 0
        var largestBatch = 0
        var mostHeld = 0
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + 65_536, bytes.count)
            let outlines = try parser.parse(bytes[offset..<end])
            count += outlines.count
            largestBatch = max(largestBatch, outlines.count)
            mostHeld = max(mostHeld, parser.heldByteCount)
            offset = end
        }
        count += try parser.finish().count
        #expect(count == 100_000)
        #expect(mostHeld <= "Folder 999".utf8.count + "Feed 99".utf8.count)
        // A chunk returns what it completed, never a backlog: 64 KiB holds at most ~1,100 of these outlines.
        #expect(largestBatch < 1_200)
        let statistics = parser.intakeStatistics
        #expect(statistics.bytesFed == bytes.count)
    }

    /// An OPML bomb: outlines nested far past any real list end with a limit error, never a crash or a stack
    /// exhausted; with long titles at every level the folders' bytes are bounded too.
    @Test func nestedOutlineBombsEndWithALimit() {
        let depth = 100_000
        let bomb = Array(
            ("<opml><body>" + String(repeating: "<outline text=\"x\">", count: depth)).utf8)
        for limits in [StreamLimits.default, StreamLimits(maximumDepth: 40)] {
            let outcome = DripFeed.run(OPMLParser(options: .init(limits: limits)), bytes: bomb, splits: [4096, 70_000])
            #expect(outcome.error != nil)
            if limits.maximumDepth == 40 {
                #expect(outcome.error?.kind == .limitExceeded)
                #expect(outcome.error?.message.contains("deeper than 40") == true)
            }
        }
        let title = String(repeating: "t", count: 10_000)
        let wide = Array(
            ("<opml><body>" + String(repeating: "<outline text=\"\(title)\">", count: 100)
                + "<outline xmlUrl=\"http://a.test/\"/>").utf8)
        let limits = StreamLimits(maximumItemBytes: 200_000)
        let outcome = DripFeed.run(OPMLParser(options: .init(limits: limits)), bytes: wide, splits: [])
        #expect(outcome.error?.kind == .limitExceeded)
        #expect(outcome.items.isEmpty)
    }

    @Test func outlinesBeforeAFaultAreReturnedFirst() {
        let document = """
            <opml><body><outline text="a" xmlUrl="http://a.test/"/><outline text="b" xmlUrl="http://b.test/"/>
            <outline text="c" xmlUrl="http://c.test/"></body></opml>
            """
        let outcome = DripFeed.run(OPMLParser(), bytes: Array(document.utf8), splits: [])
        #expect(outcome.items.map(\.text) == ["a", "b", "c"])
        #expect(outcome.error?.kind == .malformedInput)
        #expect(outcome.error?.line == 2)
    }

    @Test func outlinesEncodeTheContractKeys() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Self.expected[0]), as: UTF8.self)
        #expect(
            json
                == #"{"folders":[],"htmlURL":"https:\/\/top.test\/","text":"Top","type":"rss","xmlURL":"https:\/\/top.test\/feed"}"#
        )
        let decoded = try JSONDecoder().decode(OPMLOutline.self, from: Data(#"{"xmlURL":"http://x.test/"}"#.utf8))
        #expect(decoded == OPMLOutline(xmlURL: "http://x.test/"))
    }
}
