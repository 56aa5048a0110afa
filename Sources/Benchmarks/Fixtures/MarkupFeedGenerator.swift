/// Writes an RSS 2.0 feed whose every item carries a few paragraphs of links, images and lists in plain markup —
/// what a static-site generator or a feed library writes, without WordPress's references, figures and embeds —
/// in `description` (escaped, as feed libraries write it) and in `content:encoded` (CDATA).
///
/// The middle one of the three RSS workloads for the sanitizer: lighter markup than ``BlogFeedGenerator``'s, more
/// than ``RSSFeedGenerator``'s two short paragraphs; `rss-markup` (sanitized against `--raw-html`).
struct MarkupFeedGenerator {
    let items: Int
    let seed: UInt64

    func write(to sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        sink.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
            <channel>
              <title>Field notes</title>
              <link>https://notes.example.net/</link>
              <description>Links, pictures and lists from the week</description>

            """)
        for index in 0..<items {
            let slug = "\(random.pick(BlogFeedGenerator.topics))-\(random.hex(6))"
            let link = "https://notes.example.net/posts/\(slug)/"
            let html = body(&random, slug: slug)
            sink.write(
                """
                  <item>
                    <title>\(sentence(&random, words: 5)) \(index)</title>
                    <link>\(link)</link>
                    <guid>\(link)</guid>
                    <pubDate>Thu, 26 Nov 2026 \(10 + random.below(14)):\(10 + random.below(50)):00 +0000</pubDate>
                    <description>\(escaped(html))</description>
                    <content:encoded><![CDATA[\(html)]]></content:encoded>
                  </item>

                """)
        }
        sink.write("</channel>\n</rss>\n")
    }

    /// Three or four paragraphs with a link or two each, an image, and a list of links.
    private func body(_ random: inout SeededRandom, slug: String) -> String {
        let hosts = BlogFeedGenerator.hosts, topics = BlogFeedGenerator.topics
        var html = ""
        for paragraph in 0..<(3 + random.below(2)) {
            html += "<p>\(sentence(&random, words: 20 + random.below(20))) "
            html += "<a href=\"https://\(random.pick(hosts))/\(random.pick(topics))\">"
                + "\(sentence(&random, words: 3))</a> \(sentence(&random, words: 10 + random.below(10)))"
            if random.below(2) == 0 {
                html += " <a href=\"https://notes.example.net/tags/\(random.pick(BlogFeedGenerator.topics))/\">"
                    + "\(random.pick(BlogFeedGenerator.topics))</a>"
            }
            html += ".</p>\n"
            if paragraph == 0 {
                html += "<p><img src=\"https://notes.example.net/images/\(slug).jpg\" "
                    + "alt=\"\(sentence(&random, words: 4))\" width=\"800\" height=\"600\"></p>\n"
            }
        }
        html += "<ul>\n"
        for _ in 0..<(3 + random.below(3)) {
            let topic = random.pick(BlogFeedGenerator.topics)
            html += "<li><a href=\"https://\(random.pick(BlogFeedGenerator.hosts))/\(topic)\">\(topic)</a>: "
                + "\(sentence(&random, words: 6 + random.below(6)))</li>\n"
        }
        html += "</ul>\n"
        return html
    }

    private func sentence(_ random: inout SeededRandom, words: Int) -> String {
        BlogFeedGenerator.sentence(&random, words: words)
    }

    private func escaped(_ html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count + html.utf8.count / 4)
        for character in html {
            switch character {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            default: text.append(character)
            }
        }
        return text
    }
}
