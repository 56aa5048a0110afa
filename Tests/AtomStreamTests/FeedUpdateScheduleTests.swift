import AtomStream
import StreamTestSupport
import Testing

/// The channel's update schedule (RSS `ttl`, `skipHours`, `skipDays`; `sy:updatePeriod`, `sy:updateFrequency`),
/// the same in every chunking.
@Suite("FeedParser: update schedule")
struct FeedUpdateScheduleTests {
    static let rss2 = """
        <?xml version="1.0"?><rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel>\
        <title>t</title><ttl> 90 </ttl><sy:updatePeriod>Hourly</sy:updatePeriod>\
        <sy:updateFrequency>2</sy:updateFrequency><skipHours><hour>0</hour><hour>23</hour><hour>24</hour>\
        <hour>x</hour></skipHours><skipDays><day>saturday</day><day>Sunday</day><day>Someday</day></skipDays>\
        <item><title>a</title><ttl>5</ttl></item></channel></rss>
        """

    static let rss1 = """
        <?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" \
        xmlns="http://purl.org/rss/1.0/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">\
        <channel rdf:about="http://x/"><title>t</title><sy:updatePeriod>daily</sy:updatePeriod></channel>\
        <item rdf:about="http://x/1"><title>a</title></item></rdf:RDF>
        """

    @Test("RSS 2.0: ttl, sy:*, skipHours and skipDays; unreadable values dropped; an item's ttl ignored")
    func rss2() throws {
        let bytes = Array(Self.rss2.utf8)
        let expected = FeedUpdateSchedule(
            ttl: 90, updatePeriod: "hourly", updateFrequency: 2, skipHours: [0, 23], skipDays: ["Saturday", "Sunday"])
        for splits in DripFeed.standardChunkings(bytes.count) {
            let parser = FeedParser()
            let outcome = DripFeed.run(parser, bytes: bytes, splits: splits)
            #expect(outcome.error == nil)
            #expect(outcome.items.count == 1)
            #expect(parser.feed.updateSchedule == expected)
        }
        #expect(expected.interval == 5_400)
    }

    @Test("RSS 1.0: sy:updatePeriod; a feed without any has no schedule")
    func rss1() throws {
        let parser = FeedParser()
        _ = try parser.parseAll(Array(Self.rss1.utf8))
        #expect(parser.feed.updateSchedule == FeedUpdateSchedule(updatePeriod: "daily"))
        #expect(parser.feed.updateSchedule?.interval == 86_400)
        let plain = FeedParser()
        _ = try plain.parseAll(Array("<rss version=\"2.0\"><channel><title>t</title></channel></rss>".utf8))
        #expect(plain.feed.updateSchedule == nil)
    }
}
