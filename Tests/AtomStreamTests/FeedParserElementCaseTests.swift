import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// RSS element names written in another case, as hand-made feeds write them and feedparser reads them.
@Suite("FeedParser: RSS element names in any case")
struct FeedParserElementCaseTests {
    @Test("<ITEM>, <Title>, <LINK>, <pubdate> and <Guid> read as their RSS elements; unknown names stay extensions")
    func anyCase() throws {
        let document = """
            <rss version="2.0"><channel><Title>c</Title>
            <ITEM><Title>x</Title><LINK>http://e.com/1</LINK><pubdate>Tue, 10 Jun 2003 04:00:00 GMT</pubdate>\
            <Guid isPermaLink="false">g</Guid><Comments>http://e.com/1#c</Comments></ITEM>
            <item><title>y</title></item>
            </channel></rss>
            """
        let (outcome, feed) = decodeFeedEveryWay(document)
        #expect(feed.title?.value == "c")
        #expect(outcome.items.map { $0.title?.value } == ["x", "y"])
        let first = try #require(outcome.items.first)
        #expect(first.link(rel: "alternate")?.href == "http://e.com/1")
        #expect(first.published == Date(timeIntervalSince1970: 1_055_217_600))
        #expect(first.id == "g")
        #expect(first.extensions.map(\.name) == ["Comments"])
    }
}
