import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// RFC 4287 §4.2.1: an entry without an author has the feed's authors. Entries are returned as they close, so the
/// authors read before an entry are the ones it can get.
@Suite("Atom: feed authors on entries without their own")
struct AtomFeedAuthorTests {
    static let document = """
        <feed xmlns="http://www.w3.org/2005/Atom"><title>f</title><id>urn:f</id>
          <author><name>Feed Author</name><email>f@a.test</email></author>
          <author><name>Second</name></author>
          <entry><id>urn:1</id><title>Inherits</title></entry>
          <entry><id>urn:2</id><title>Own</title><author><name>Own Author</name></author></entry>
          <entry><id>urn:3</id><contributor><name>Only a contributor</name></contributor></entry>
        </feed>
        """

    static let feedAuthors = [AtomPerson(name: "Feed Author", email: "f@a.test"), AtomPerson(name: "Second")]

    @Test("AtomParser and FeedParser: the feed's authors go to entries that have none, in every chunking")
    func entriesInheritTheFeedsAuthors() {
        let bytes = Array(Self.document.utf8)
        let atom = decodeFeedEveryWay(
            bytes, byteByByteLimit: 1 << 12, makeParser: { AtomParser() }, feed: \.feed,
            sourceLocation: #_sourceLocation)
        for (outcome, feed) in [atom, decodeFeedEveryWay(bytes)] {
            #expect(outcome.error == nil)
            #expect(feed.authors == Self.feedAuthors)
            #expect(
                outcome.items.map(\.authors) == [Self.feedAuthors, [AtomPerson(name: "Own Author")], Self.feedAuthors])
            #expect(outcome.items[2].contributors == [AtomPerson(name: "Only a contributor")])
        }
    }

    @Test("Authors listed after the entries reach the feed but no entry already returned")
    func authorsAfterEntries() {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>urn:1</id></entry>
            <author><name>Late</name></author><entry><id>urn:2</id></entry></feed>
            """
        let (outcome, feed) = decodeFeedEveryWay(document)
        #expect(feed.authors == [AtomPerson(name: "Late")])
        #expect(outcome.items.map(\.authors) == [[], [AtomPerson(name: "Late")]])
    }

    @Test("RSS items do not take the channel's managingEditor: only Atom defines inheritance")
    func rssUnchanged() {
        let document = """
            <rss version="2.0"><channel><managingEditor>ed@a.test (Ed)</managingEditor>
            <item><title>x</title></item></channel></rss>
            """
        let (outcome, feed) = decodeFeedEveryWay(document)
        #expect(!feed.authors.isEmpty)
        #expect(outcome.items.map(\.authors) == [[]])
    }
}
