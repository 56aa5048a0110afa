import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// RSS 2.0, 1.0 and 0.91 through ``FeedParser``: the mapping onto the entry model, scoping, and the same result in
/// every chunking (every split point: the fixtures are small).
@Suite("FeedParser RSS")
struct FeedParserRSSTests {
    static let rss20 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
          xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom"
          xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
          xmlns:slash="http://purl.org/rss/1.0/modules/slash/" xmlns:wfw="http://wellformedweb.org/CommentAPI/">
        <channel>
          <title>Channel title</title>
          <link>http://example.com/</link>
          <description>Channel &lt;b&gt;description&lt;/b&gt;</description>
          <atom:link rel="next" href="http://example.com/feed?page=2"/>
          <managingEditor>editor@example.com (Ed Itor)</managingEditor>
          <lastBuildDate>Sat, 07 Sep 2002 09:42:31 GMT</lastBuildDate>
          <pubDate>Fri, 06 Sep 2002 00:00:00 GMT</pubDate>
          <category domain="http://example.com/cats">News</category>
          <generator>Hand</generator>
          <image><title>Image title</title><url>http://example.com/logo.png</url>
            <link>http://example.com/img</link></image>
          <textInput><title>Search</title><link>http://example.com/search</link></textInput>
          <item>
            <title>First &amp; best</title>
            <link>http://example.com/1</link>
            <description>&lt;p&gt;Summary&lt;/p&gt;</description>
            <content:encoded><![CDATA[<p>Full <b>content</b></p>]]></content:encoded>
            <guid isPermaLink="false">tag:example.com,2002:1</guid>
            <pubDate>Sun, 8 Sep 02 10:00 EDT</pubDate>
            <dc:date>2002-09-09T12:00:00Z</dc:date>
            <author>Jane Doe &lt;jane@example.com&gt;</author>
            <dc:creator>John Roe</dc:creator>
            <category domain="http://example.com/tags">swift</category>
            <dc:subject>xml</dc:subject>
            <enclosure url="http://example.com/1.mp3" length="12345" type="audio/mpeg"/>
            <media:content url="http://example.com/1.mp3" type="audio/mpeg" fileSize="12345"/>
            <media:group><media:content url="http://example.com/1.ogg" type="audio/ogg"/></media:group>
            <media:thumbnail url="http://example.com/1.jpg"/>
            <itunes:duration>12:34</itunes:duration>
            <itunes:image href="http://example.com/cover.jpg"/>
            <comments>http://example.com/1#comments</comments>
            <slash:comments>7</slash:comments>
            <wfw:commentRss>http://example.com/1/comments.rss</wfw:commentRss>
          </item>
          <item>
            <title>Second</title>
            <guid>http://example.com/2</guid>
            <description>Naked <b>markup</b><br/>here</description>
          </item>
        </channel>
        </rss>
        """

    @Test("RSS 2.0: every field, scoped to its item, in every chunking")
    func rss20() throws {
        let (outcome, feed) = decodeFeedEveryWay(Self.rss20)
        #expect(outcome.error == nil)
        #expect(feed.format == "rss2.0")
        #expect(feed.title == AtomText(value: "Channel title"))
        #expect(feed.subtitle == AtomText(type: .html, value: "Channel <b>description</b>"))
        #expect(feed.links.first == AtomLink(href: "http://example.com/"))
        #expect(feed.nextURL == "http://example.com/feed?page=2")
        #expect(feed.authors == [AtomPerson(name: "Ed Itor", email: "editor@example.com")])
        #expect(feed.updated == DateParser.parse("2002-09-07T09:42:31Z"), "lastBuildDate wins over pubDate")
        #expect(feed.categories == [AtomCategory(term: "News", scheme: "http://example.com/cats")])
        #expect(feed.generator?.name == "Hand")
        #expect(feed.logo == "http://example.com/logo.png")
        #expect(feed.links.count == 2, "the image's and textInput's links stay out of the channel's")

        try #require(outcome.items.count == 2)
        let first = outcome.items[0]
        #expect(first.id == "tag:example.com,2002:1")
        #expect(first.title == AtomText(value: "First & best"))
        #expect(first.summary == AtomText(type: .html, value: "<p>Summary</p>"))
        #expect(first.content == AtomContent(type: "html", value: "<p>Full <b>content</b></p>"))
        #expect(first.published == DateParser.parse("2002-09-08T14:00:00Z"))
        #expect(first.updated == DateParser.parse("2002-09-09T12:00:00Z"))
        #expect(
            first.authors == [AtomPerson(name: "Jane Doe", email: "jane@example.com"), AtomPerson(name: "John Roe")])
        #expect(
            first.categories == [
                AtomCategory(term: "swift", scheme: "http://example.com/tags"), AtomCategory(term: "xml"),
            ])
        #expect(
            first.links == [
                AtomLink(href: "http://example.com/1"),
                AtomLink(href: "http://example.com/1.mp3", rel: "enclosure", type: "audio/mpeg", length: 12345),
                AtomLink(href: "http://example.com/1.ogg", rel: "enclosure", type: "audio/ogg"),
            ])
        let media = "http://search.yahoo.com/mrss/"
        let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
        #expect(
            first.extensions == [
                AtomExtensionElement(namespace: media, name: "thumbnail", value: "http://example.com/1.jpg"),
                AtomExtensionElement(namespace: itunes, name: "duration", value: "12:34"),
                AtomExtensionElement(namespace: itunes, name: "image", value: "http://example.com/cover.jpg"),
                AtomExtensionElement(namespace: "", name: "comments", value: "http://example.com/1#comments"),
                AtomExtensionElement(namespace: "http://purl.org/rss/1.0/modules/slash/", name: "comments", value: "7"),
                AtomExtensionElement(
                    namespace: "http://wellformedweb.org/CommentAPI/", name: "commentRss",
                    value: "http://example.com/1/comments.rss"),
            ])

        let second = outcome.items[1]
        #expect(second.id == "http://example.com/2")
        #expect(second.link(rel: "alternate")?.href == "http://example.com/2", "a permalink guid is the link")
        #expect(second.summary == AtomText(type: .html, value: "Naked <b>markup</b><br />here"))
    }

    static let rss10 = """
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
          xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel rdf:about="http://example.com/index.rdf">
          <title>RDF channel</title>
          <link>http://example.com/</link>
          <items><rdf:Seq><rdf:li resource="http://example.com/a"/></rdf:Seq></items>
        </channel>
        <image rdf:about="http://example.com/logo.gif"><title>Logo</title><url>http://example.com/logo.gif</url></image>
        <item rdf:about="http://example.com/a">
          <title>Item A</title>
          <link>http://example.com/a</link>
          <dc:date>2003-12-31</dc:date>
          <dc:creator>me@example.com</dc:creator>
        </item>
        <textinput><title>Search</title></textinput>
        </rdf:RDF>
        """

    @Test("RSS 1.0: items beside the channel, rdf:about as id, W3C-DTF dates")
    func rss10() throws {
        let (outcome, feed) = decodeFeedEveryWay(Self.rss10)
        #expect(outcome.error == nil)
        #expect(feed.format == "rss1.0")
        #expect(feed.title?.value == "RDF channel")
        #expect(feed.logo == "http://example.com/logo.gif")
        try #require(outcome.items.count == 1)
        let item = outcome.items[0]
        #expect(item.id == "http://example.com/a")
        #expect(item.title?.value == "Item A")
        #expect(item.links == [AtomLink(href: "http://example.com/a")])
        #expect(item.updated == DateParser.parse("2003-12-31T00:00:00Z"))
        #expect(item.authors == [AtomPerson(email: "me@example.com")])
    }

    @Test("RSS 0.90's namespace names the format")
    func rss090() {
        let document = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" \
            xmlns="http://my.netscape.com/rdf/simple/0.9/"><channel><title>C</title></channel>\
            <item><title>I</title><link>http://x.test/</link></item></rdf:RDF>
            """
        let (outcome, feed) = decodeFeedEveryWay(document)
        #expect(feed.format == "rss0.90")
        #expect(outcome.items.map(\.title?.value) == ["I"])
    }

    @Test("Netscape RSS 0.91: HTML entities in text and attributes, no DTD read")
    func netscape091() throws {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN"
             "http://my.netscape.com/publish/formats/rss-0.91.dtd">
            <rss version="0.91"><channel><title>Caf&eacute;&nbsp;&amp; bar</title>
            <item><title>&ldquo;Quoted&rdquo; &euro;5 &Omega;</title>\
            <link>http://example.com/?a=1&amp;b=&eacute;</link>\
            <enclosure url="http://example.com/caf&eacute;.mp3" type="audio/mpeg"/></item></channel></rss>
            """
        let (outcome, feed) = decodeFeedEveryWay(document)
        #expect(outcome.error == nil)
        #expect(feed.format == "rss0.91")
        #expect(feed.title?.value == "Café\u{A0}& bar")
        #expect(outcome.items.first?.title?.value == "\u{201C}Quoted\u{201D} €5 Ω")
        #expect(outcome.items.first?.links.first?.href == "http://example.com/?a=1&b=é")
        #expect(outcome.items.first?.links.last?.href == "http://example.com/café.mp3", "attribute values too")
    }

    @Test("Versions of rss name the format", arguments: [
        ("0.91", "rss0.91"), ("0.92", "rss0.92"), ("0.93", "rss0.93"), ("0.94", "rss0.94"), ("2.0", "rss2.0"),
        ("2.01", "rss2.0"), ("9", "rss"),
    ])
    func versions(version: String, format: String) {
        let (_, feed) = decodeFeedEveryWay("<rss version=\"\(version)\"><channel/></rss>")
        #expect(feed.format == format)
    }

    @Test("Author strings: email (Name), Name <email>, bare address, bare name", arguments: [
        ("me@example.com (Example editor)", "Example editor", "me@example.com"),
        ("Example editor (me@example.com)", "Example editor", "me@example.com"),
        ("Example editor <me@example.com>", "Example editor", "me@example.com"),
        ("\"Example editor\" <mailto:me+spam@example.com>", "\"Example editor\"", "me+spam@example.com"),
        ("me@example.com", nil, "me@example.com"),
        ("Example editor", "Example editor", nil),
    ] as [(String, String?, String?)])
    func authorStrings(text: String, name: String?, email: String?) {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let (outcome, _) = decodeFeedEveryWay(
            "<rss version=\"2.0\"><channel><item><author>\(escaped)</author></item></channel></rss>")
        #expect(outcome.items.first?.authors == [AtomPerson(name: name, email: email)])
    }

    @Test("More distinct extension elements than the name cache holds keep their own names and namespaces")
    func manyExtensionNames() throws {
        let (children, expected) = manyExtensionElements()
        let item = "<item>\(children)</item>"
        let (outcome, _) = decodeFeedEveryWay(
            "<rss version=\"2.0\" xmlns:a=\"urn:a\" xmlns:b=\"urn:b\"><channel>\(item)\(item)</channel></rss>")
        #expect(outcome.items.map(\.extensions) == [expected, expected])
    }

    @Test("Items of different shapes: room reserved from the previous item never leaks its values")
    func itemShapes() throws {
        let many = (0..<20).map { "<category>c\($0)</category>" }.joined()
        let people = (0..<3).map { "<dc:creator>P\($0)</dc:creator>" }.joined()
        let document = """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
            <item><title>one</title>\(many)\(people)<comments>x</comments></item>
            <item><title>two</title><category>only</category></item>
            <item><title>three</title></item>
            </channel></rss>
            """
        let (outcome, _) = decodeFeedEveryWay(document)
        let entries = outcome.items
        #expect(entries.map { $0.categories.count } == [20, 1, 0])
        #expect(entries.map { $0.authors.count } == [3, 0, 0])
        #expect(entries.map { $0.extensions.count } == [1, 0, 0])
        #expect(entries[1].categories == [AtomCategory(term: "only")])
        #expect(entries[0].authors.map(\.name) == ["P0", "P1", "P2"])
    }

    @Test("Author text that is only white space gives no person; padding around a person is dropped")
    func authorPadding() {
        let (outcome, feed) = decodeFeedEveryWay(
            """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
            <managingEditor>  ed@example.com (Ed)\n </managingEditor>
            <item><author> \t </author><dc:contributor>  Cy  </dc:contributor></item></channel></rss>
            """)
        #expect(feed.authors == [AtomPerson(name: "Ed", email: "ed@example.com")])
        #expect(outcome.items.first?.authors == [])
        #expect(outcome.items.first?.contributors == [AtomPerson(name: "Cy")])
    }
}
