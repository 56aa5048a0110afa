/// Writes a podcast-style RSS 2.0 feed as blogs and podcasts publish it: RFC 822 dates with named zones, HTML
/// descriptions both escaped and in CDATA, `content:encoded`, Dublin Core creators, categories with domains,
/// enclosures, Media RSS, iTunes fields, comment counts, and an `atom:link` for paging.
struct RSSFeedGenerator {
    let items: Int
    let seed: UInt64

    func write(to sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        sink.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
            xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" \
            xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
            xmlns:slash="http://purl.org/rss/1.0/modules/slash/">
            <channel>
              <title>Example Weblog &amp; Podcast</title>
              <link>https://blog.example.com/</link>
              <description>Notes, episodes and the occasional rant</description>
              <atom:link rel="self" type="application/rss+xml" href="https://blog.example.com/feed"/>
              <atom:link rel="next" href="https://blog.example.com/feed?paged=2"/>
              <lastBuildDate>Thu, 02 May 2013 08:30:00 +0000</lastBuildDate>
              <generator>https://wordpress.org/?v=3.5.1</generator>
              <image><url>https://blog.example.com/logo.png</url><title>Example Weblog</title>\
            <link>https://blog.example.com/</link></image>

            """)
        let zones = ["GMT", "+0000", "-0500", "EST", "PDT", "+0200"]
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        for index in 0..<items {
            let first = random.pick(Vocabulary.firstNames)
            let last = random.pick(Vocabulary.lastNames)
            let post = random.uuid()
            let title = Vocabulary.sentence(&random, words: 4 + random.below(8))
            let summary = Vocabulary.sentence(&random, words: 12 + random.below(20))
            let body = Vocabulary.sentence(&random, words: 30 + random.below(60))
            let day = 1 + random.below(28)
            let date =
                "\(random.pick(days)), \(day < 10 ? "0" : "")\(day) Apr 2013 \(pad(random.below(24))):"
                + "\(pad(random.below(60))):\(pad(random.below(60))) \(random.pick(zones))"
            let category = random.pick(["news", "episodes", "swift", "xml", "misc"])
            let comments = random.below(50)
            let size = 1_000_000 + random.below(90_000_000)
            sink.write(
                """
                  <item>
                    <title>\(title) &amp; more</title>
                    <link>https://blog.example.com/\(post)/</link>
                    <comments>https://blog.example.com/\(post)/#comments</comments>
                    <pubDate>\(date)</pubDate>
                    <dc:creator>\(first) \(last)</dc:creator>
                    <author>\(first.lowercased())@example.com (\(first) \(last))</author>
                    <category domain="https://blog.example.com/category">\(category)</category>
                    <category><![CDATA[\(random.pick(["tips", "audio", "video"]))]]></category>
                    <guid isPermaLink="false">https://blog.example.com/?p=\(index)</guid>
                    <description>&lt;p&gt;\(summary) &amp;amp; \(index)&lt;/p&gt;</description>
                    <content:encoded><![CDATA[<p>\(body)</p>
                    <p><a href="https://blog.example.com/\(post)/">Read on</a></p>]]></content:encoded>
                    <enclosure url="https://cdn.example.com/\(post).mp3" length="\(size)" type="audio/mpeg"/>
                    <media:thumbnail url="https://cdn.example.com/\(post).jpg"/>
                    <itunes:duration>\(random.below(90)):\(pad(random.below(60)))</itunes:duration>
                    <itunes:explicit>no</itunes:explicit>
                    <slash:comments>\(comments)</slash:comments>
                  </item>

                """)
        }
        sink.write("</channel>\n</rss>\n")
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
