import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// Sniffing: Atom through ``FeedParser`` is exactly ``AtomParser``'s result; Atom 0.3 is read through the same
/// decoder; ``AtomParser`` itself stays strict Atom.
@Suite("FeedParser formats")
struct FeedParserFormatTests {
    static let atom10 = """
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:os="http://a9.com/-/spec/opensearch/1.1/">
        <title>Atom feed</title><os:totalResults>2</os:totalResults>
        <link rel="next" href="http://example.com/?page=2"/>
        <entry><id>urn:1</id><title type="html">&lt;b&gt;One&lt;/b&gt;</title>
        <updated>2005-07-31T12:29:29Z</updated><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">
        <p>x</p></div></content></entry>
        <entry><id>urn:2</id><title>Two</title></entry>
        </feed>
        """

    @Test("Atom 1.0 through FeedParser is AtomParser's result")
    func atom10MatchesAtomParser() throws {
        let viaFeed = decodeFeedEveryWay(Self.atom10)
        let viaAtom = decodeAtomEveryWay(Self.atom10)
        #expect(viaFeed.outcome.error == nil)
        #expect(viaFeed.outcome.items == viaAtom.outcome.items)
        #expect(viaFeed.feed == viaAtom.feed)
        #expect(viaFeed.feed.format == "atom1.0")
        #expect(viaFeed.outcome.items.count == 2)
    }

    @Test("Atom 0.3: modified, issued, tagline, copyright and url read as their RFC 4287 names")
    func atom03() throws {
        let document = """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#">
            <title>Old</title><tagline>Tag line</tagline><copyright>Mine</copyright>
            <modified>2003-12-31T10:14:55Z</modified>
            <entry><id>urn:a</id><title>A</title><issued>2003-12-30T08:00:00-05:00</issued>
            <modified>2003-12-31T10:14:55Z</modified><author><name>N</name><url>http://n.test/</url></author>
            <content type="text/html" mode="escaped">&lt;b&gt;x&lt;/b&gt;</content></entry>
            </feed>
            """
        let (outcome, feed) = decodeFeedEveryWay(document)
        #expect(outcome.error == nil)
        #expect(feed.format == "atom0.3")
        #expect(feed.subtitle?.value == "Tag line")
        #expect(feed.rights?.value == "Mine")
        #expect(feed.updated == DateParser.parse("2003-12-31T10:14:55Z"))
        let entry = try #require(outcome.items.first)
        #expect(entry.published == DateParser.parse("2003-12-30T13:00:00Z"))
        #expect(entry.updated == DateParser.parse("2003-12-31T10:14:55Z"))
        #expect(entry.authors == [AtomPerson(name: "N", uri: "http://n.test/")])
        #expect(entry.content == AtomContent(type: "text/html", value: "<b>x</b>"))
    }

    @Test("AtomParser still rejects RSS, and HTML entities, as before")
    func atomParserStaysStrict() throws {
        let rss = decodeAtomEveryWay("<rss version=\"2.0\"><channel/></rss>")
        #expect(rss.outcome.error?.kind == .unexpectedDocument)
        let entity = decodeAtomEveryWay(
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Caf&eacute;</title></feed>")
        #expect(entity.outcome.error?.kind == .malformedInput)
        #expect(entity.outcome.error?.message.contains("eacute") == true)
    }

    @Test("A root that is neither Atom nor RSS is an unexpected document")
    func unexpectedRoot() throws {
        let (outcome, _) = decodeFeedEveryWay("<html><body>Not a feed</body></html>")
        let error = try #require(outcome.error)
        #expect(error.kind == .unexpectedDocument)
        #expect(error.message.contains("<html>"))
    }

    @Test("An entity that HTML does not define is still an error")
    func unknownEntity() throws {
        let (outcome, _) = decodeFeedEveryWay("<rss version=\"0.91\"><channel><title>&bogus;</title></channel></rss>")
        let error = try #require(outcome.error)
        #expect(error.kind == .malformedInput)
        #expect(error.message.contains("bogus"))
    }
}
