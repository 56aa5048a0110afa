/// Writes a Connections-style Atom updates feed: authors with `snx:userid`, several links with `thr:count`,
/// categories with schemes, HTML content with entities, multi-byte UTF-8 text, OpenSearch totals.
struct AtomFeedGenerator {
    let entries: Int
    let seed: UInt64

    func write(to sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        sink.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:app="http://www.w3.org/2007/app" \
            xmlns:openSearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:snx="http://www.ibm.com/xmlns/prod/sn" \
            xmlns:thr="http://purl.org/syndication/thread/1.0">
              <id>urn:lsid:ibm.com:news:stories-public</id>
              <title type="text">IBM Connections - Public stories</title>
              <updated>2013-05-02T08:30:00.000Z</updated>
              <generator uri="http://www.ibm.com/xmlns/prod/sn" version="4.5.0.0">IBM Connections - News</generator>
              <link rel="self" type="application/atom+xml" \
            href="https://connections.example.com/news/atom/stories/public?page=1&amp;ps=\(entries)"/>
              <openSearch:totalResults>\(entries)</openSearch:totalResults>
              <openSearch:startIndex>1</openSearch:startIndex>
              <openSearch:itemsPerPage>\(entries)</openSearch:itemsPerPage>

            """)
        let types = ["status", "blogs", "wikis", "files", "forums", "activities", "communities"]
        for index in 0..<entries {
            let first = random.pick(Vocabulary.firstNames)
            let last = random.pick(Vocabulary.lastNames)
            let userID = random.uuid()
            let story = random.uuid()
            let type = random.pick(types)
            let day = 1 + random.below(28)
            let hour = random.below(24)
            let minute = random.below(60)
            let millis = random.below(1000)
            let stamp = "2013-04-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(random.below(60))).\(pad3(millis))Z"
            let replies = random.below(40)
            let title = Vocabulary.sentence(&random, words: 4 + random.below(8))
            let body = Vocabulary.sentence(&random, words: 12 + random.below(30))
            sink.write(
                """
                  <entry>
                    <id>urn:lsid:ibm.com:news:story-\(story)</id>
                    <title type="html">\(first) \(last) posted &lt;b&gt;\(title)&lt;/b&gt; &amp; more</title>
                    <author>
                      <name>\(first) \(last)</name>
                      <email>\(first.lowercased()).\(last.lowercased())@example.com</email>
                      <snx:userid>\(userID)</snx:userid>
                      <uri>https://connections.example.com/profiles/html/profileView.do?userid=\(userID)</uri>
                    </author>
                    <published>\(stamp)</published>
                    <updated>\(stamp)</updated>
                    <category scheme="http://www.ibm.com/xmlns/prod/sn/type" term="\(type)"/>
                    <category scheme="http://www.ibm.com/xmlns/prod/sn/source" term="\(type)" label="\(type.capitalized)"/>
                    <link rel="alternate" type="text/html" href="https://connections.example.com/\(type)/html/entry?id=\(story)"/>
                    <link rel="replies" type="application/atom+xml" href="https://connections.example.com/news/atom/stories/\(story)/replies" thr:count="\(replies)"/>
                    <link rel="self" type="application/atom+xml" href="https://connections.example.com/news/atom/stories/\(story)"/>
                    <content type="html">&lt;p&gt;\(body) &amp;amp; \(index)&lt;/p&gt;</content>
                    <snx:rank scheme="http://www.ibm.com/xmlns/prod/sn/comment">\(replies)</snx:rank>
                  </entry>

                """)
        }
        sink.write("</feed>\n")
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    private func pad3(_ value: Int) -> String { value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)" }
}
