import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// Where RSS leaves the link implicit, FeedParser reads it as feedparser does.
@Suite("FeedParser: the guid as the link")
struct FeedParserGuidLinkTests {
    @Test("A guid not marked isPermaLink=\"false\" is the link of an item that has none, whatever its shape")
    func guidIsTheLink() {
        let document = """
            <rss version="2.0"><channel><title>c</title><link>http://e.com/</link>
            <item><guid>http://e.com/p/1</guid></item>
            <item><guid>a1b2-c3</guid></item>
            <item><guid isPermaLink="false">http://e.com/p/3</guid></item>
            <item><guid>http://e.com/p/4</guid><link>http://e.com/4</link></item>
            <item><guid></guid></item>
            </channel></rss>
            """
        let options = FeedParser.Options(baseURL: "http://e.com/feed/")
        let entries = decodeFeedEveryWay(Array(document.utf8), options: options).outcome.items
        #expect(
            entries.map { $0.link(rel: "alternate")?.href } == [
                "http://e.com/p/1", "http://e.com/feed/a1b2-c3", nil, "http://e.com/4", nil,
            ])
        #expect(entries.map(\.id) == ["http://e.com/p/1", "a1b2-c3", "http://e.com/p/3", "http://e.com/p/4", nil])
    }
}
