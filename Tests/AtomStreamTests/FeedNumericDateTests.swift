import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// Numeric dates (`01/10/2020`) in RSS and JSON Feed through `FeedParser`: read instead of dropped, in the day and
/// month order the feed's language and its own dates settle, the same in every chunking.
@Suite("FeedParser: numeric dates")
struct FeedNumericDateTests {
    static func date(_ text: String) -> Date? { DateParser.parse(text) }

    @Test("RSS: the channel's language decides; a later day above 12 settles the rest of the document")
    func rss() throws {
        func document(language: String?) -> String {
            """
            <rss version="2.0"><channel><title>t</title>\(language.map { "<language>\($0)</language>" } ?? "")
            <lastBuildDate>2020/01/10 10:00</lastBuildDate>
            <item><guid>1</guid><pubDate>03/07/2017</pubDate></item>
            <item><guid>2</guid><pubDate>12/25/2017 10:00 PM</pubDate></item>
            <item><guid>3</guid><pubDate>03/07/2017</pubDate><dc:date>2017-07-03T00:00:00Z</dc:date></item>
            </channel></rss>
            """
        }
        let british = decodeFeedEveryWay(document(language: "en-GB"))
        #expect(british.outcome.error == nil)
        #expect(british.feed.updated == Self.date("2020-01-10T10:00:00Z"))
        // Day first from the language, until 12/25 shows the month first: the third item reads month first.
        #expect(
            british.outcome.items.map(\.published) == [
                Self.date("2017-07-03T00:00:00Z"), Self.date("2017-12-25T22:00:00Z"), Self.date("2017-03-07T00:00:00Z"),
            ])
        let american = decodeFeedEveryWay(document(language: "en-us")).outcome.items.map(\.published)
        #expect(american.first == Self.date("2017-03-07T00:00:00Z"))
        let unsaid = decodeFeedEveryWay(document(language: nil)).outcome.items.map(\.published)
        #expect(unsaid.first == Self.date("2017-03-07T00:00:00Z"))
        let dublinCore = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
              xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>t</title><dc:language>fr</dc:language></channel>
            <item><title>a</title><dc:date>03/07/2017 08:00</dc:date></item></rdf:RDF>
            """
        let french = decodeFeedEveryWay(dublinCore).outcome.items
        #expect(french.map(\.updated) == [Self.date("2017-07-03T08:00:00Z")])
    }

    @Test("JSON Feed: `language` decides the order of its numeric dates")
    func jsonFeed() {
        let document = """
            {"version":"https://jsonfeed.org/version/1.1","language":"de-DE","items":[
              {"id":"1","date_published":"03.07.2017 10:00","date_modified":"2017/07/04 08:00"}]}
            """
        let (outcome, _) = decodeFeedEveryWay(document)
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.published) == [Self.date("2017-07-03T10:00:00Z")])
        #expect(outcome.items.map(\.updated) == [Self.date("2017-07-04T08:00:00Z")])
    }
}
