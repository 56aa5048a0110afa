/// Writes an RSS 2.0 feed whose items carry HTML as WordPress and podcast hosts publish it: `content:encoded` in
/// CDATA with several paragraphs, typographic character references (`&#8217;`, `&#8220;`, `&nbsp;`, `&hellip;`),
/// links with `rel` and `target`, block-editor figures with `<img loading decoding width height src srcset sizes
/// class>` and captions, lists, headings, inline `style`, a YouTube `<iframe>` embed, a tweet embed with its
/// `<script>`, a code block, and the "appeared first on" footer; an escaped excerpt in `description`.
///
/// The light RSS workload (``RSSFeedGenerator``) carries two short paragraphs per item; this one is the markup the
/// sanitizer meets in real feeds, for the `rss-html` workload (sanitized against `--raw-html`).
struct BlogFeedGenerator {
    let items: Int
    let seed: UInt64

    func write(to sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        sink.write(
            """
            <?xml version="1.0" encoding="UTF-8"?><rss version="2.0"
            \txmlns:content="http://purl.org/rss/1.0/modules/content/"
            \txmlns:wfw="http://wellformedweb.org/CommentAPI/"
            \txmlns:dc="http://purl.org/dc/elements/1.1/"
            \txmlns:atom="http://www.w3.org/2005/Atom"
            \txmlns:sy="http://purl.org/rss/1.0/modules/syndication/"
            \txmlns:slash="http://purl.org/rss/1.0/modules/slash/"
            \t>

            <channel>
            \t<title>Example Kitchen &#8211; Notes from a small bakery</title>
            \t<atom:link href="https://kitchen.example.com/feed/" rel="self" type="application/rss+xml" />
            \t<link>https://kitchen.example.com</link>
            \t<description>Bread, pastry and the people who bake them</description>
            \t<lastBuildDate>Fri, 27 Nov 2026 06:12:09 +0000</lastBuildDate>
            \t<language>en-US</language>
            \t<sy:updatePeriod>\n\thourly\t</sy:updatePeriod>
            \t<sy:updateFrequency>\n\t1\t</sy:updateFrequency>
            \t<generator>https://wordpress.org/?v=6.4.2</generator>

            """)
        for index in 0..<items {
            writeItem(index, &random, to: &sink)
        }
        sink.write("\t</channel>\n</rss>\n")
    }

    private func writeItem(_ index: Int, _ random: inout SeededRandom, to sink: inout FixtureSink) {
        let slug = "\(random.pick(Self.topics))-\(random.hex(6))"
        let link = "https://kitchen.example.com/2026/11/\(slug)/"
        let author = "\(random.pick(Vocabulary.firstNames)) \(random.pick(Vocabulary.lastNames))"
        let title = "\(random.pick(Self.topics).capitalized) \(random.pick(Self.phrases)) &#8211; part \(index)"
        let day = 1 + random.below(28)
        sink.write(
            """
            \t<item>
            \t\t<title>\(title)</title>
            \t\t<link>\(link)</link>
            \t\t<comments>\(link)#respond</comments>
            \t\t<dc:creator><![CDATA[\(author)]]></dc:creator>
            \t\t<pubDate>\(random.pick(["Mon", "Tue", "Wed", "Thu"])), \(day < 10 ? "0" : "")\(day) Nov 2026 \
            0\(random.below(10)):\(10 + random.below(50)):\(10 + random.below(50)) +0000</pubDate>
            \t\t<category><![CDATA[\(random.pick(Self.topics).capitalized)]]></category>
            \t\t<category><![CDATA[\(random.pick(Self.topics))]]></category>
            \t\t<guid isPermaLink="false">https://kitchen.example.com/?p=\(10_000 + index)</guid>
            \t\t<description><![CDATA[<p>\(paragraphText(&random, words: 35)) [&#8230;]</p>
            <p>The post <a href="\(link)">\(title)</a> appeared first on <a href="https://kitchen.example.com">\
            Example Kitchen</a>.</p>
            ]]></description>
            \t\t<content:encoded><![CDATA[
            """)
        var body = ""
        body += "<p>\(paragraphText(&random, words: 40 + random.below(30)))</p>\n\n"
        body += figure(&random, slug: slug)
        let prose = paragraphText(&random, words: 30 + random.below(40))
        let host = random.pick(Self.hosts), topic = random.pick(Self.topics), phrase = random.pick(Self.phrases)
        body += "<p>\(prose) <a href=\"https://\(host)/\(topic)/\" target=\"_blank\" rel=\"noreferrer noopener\">"
            + "\(phrase)</a>. \(sentence(&random, words: 12))</p>\n\n"
        let anchor = random.pick(Self.topics), heading = random.pick(Self.phrases)
        body += "<h2 class=\"wp-block-heading\" id=\"h-\(anchor)\">\(heading)</h2>\n\n"
        body += "<ul class=\"wp-block-list\">\n"
        for _ in 0..<(3 + random.below(4)) {
            let term = random.pick(Self.topics).capitalized
            body += "<li><strong>\(term):</strong> \(sentence(&random, words: 8))</li>\n"
        }
        body += "</ul>\n\n"
        switch random.below(4) {
        case 0:
            body += "<figure class=\"wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube "
                + "wp-embed-aspect-16-9 wp-has-aspect-ratio\"><div class=\"wp-block-embed__wrapper\">\n"
                + "<iframe loading=\"lazy\" title=\"\(random.pick(Self.phrases))\" width=\"640\" height=\"360\" "
                + "src=\"https://www.youtube.com/embed/\(random.hex(11))?feature=oembed\" frameborder=\"0\" "
                + "allow=\"accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; "
                + "web-share\" referrerpolicy=\"strict-origin-when-cross-origin\" allowfullscreen></iframe>\n"
                + "</div></figure>\n\n"
        case 1:
            body += "<blockquote class=\"twitter-tweet\"><p lang=\"en\" dir=\"ltr\">\(sentence(&random, words: 14)) "
                + "<a href=\"https://t.co/\(random.hex(10))\">pic.twitter.com/\(random.hex(10))</a></p>&mdash; "
                + "\(random.pick(Vocabulary.firstNames)) (@bakes) <a href=\"https://twitter.com/bakes/status/"
                + "\(random.next() % 1_000_000_000_000)?ref_src=twsrc%5Etfw\">November 2, 2026</a></blockquote> "
                + "<script async src=\"https://platform.twitter.com/widgets.js\" charset=\"utf-8\"></script>\n\n"
        case 2:
            body += "<p style=\"text-align: center;\"><span style=\"color: #993300;\"><em>"
                + "\(sentence(&random, words: 10))</em></span><br />\n\(sentence(&random, words: 6))</p>\n\n"
        default:
            body += "<pre class=\"wp-block-code\"><code>flour = 500 # grams\nwater = flour * 0.68\n"
                + "salt = flour &lt; 1000 ? 10 : 20</code></pre>\n\n"
        }
        body += "<p>\(paragraphText(&random, words: 25 + random.below(30)))</p>\n\n"
        if random.below(2) == 0 { body += figure(&random, slug: slug + "-2") }
        body += "<p>The post <a href=\"\(link)\">\(title)</a> appeared first on "
            + "<a href=\"https://kitchen.example.com\">Example Kitchen</a>.</p>\n"
        sink.write(body)
        sink.write(
            """
            ]]></content:encoded>
            \t\t<wfw:commentRss>\(link)feed/</wfw:commentRss>
            \t\t<slash:comments>\(random.below(40))</slash:comments>
            \t</item>

            """)
    }

    /// A block-editor image: responsive `srcset` and `sizes`, lazy loading, a caption with a link.
    private func figure(_ random: inout SeededRandom, slug: String) -> String {
        let id = 1000 + random.below(9000)
        let image = "https://kitchen.example.com/wp-content/uploads/2026/11/\(slug)"
        return "<figure class=\"wp-block-image size-large\"><img loading=\"lazy\" decoding=\"async\" width=\"1024\" "
            + "height=\"683\" src=\"\(image)-1024x683.jpg\" alt=\"\(sentence(&random, words: 5))\" "
            + "class=\"wp-image-\(id)\" srcset=\"\(image)-1024x683.jpg 1024w, \(image)-300x200.jpg 300w, "
            + "\(image)-768x512.jpg 768w, \(image)-1536x1024.jpg 1536w, \(image).jpg 1800w\" "
            + "sizes=\"(max-width: 1024px) 100vw, 1024px\" /><figcaption class=\"wp-element-caption\">"
            + "\(sentence(&random, words: 7)) (photo: <a href=\"https://\(random.pick(Self.hosts))/\">"
            + "\(random.pick(Vocabulary.firstNames))</a>)</figcaption></figure>\n\n"
    }

    /// Prose as the block editor writes it: typographic quotes and apostrophes, dashes, `&nbsp;` and `&amp;` as
    /// character references, a bold or italic phrase now and then.
    private func paragraphText(_ random: inout SeededRandom, words: Int) -> String {
        var text = ""
        for word in 0..<words {
            if word > 0 { text += word % 9 == 0 ? ".&nbsp;" : " " }
            switch random.below(14) {
            case 0: text += "it&#8217;s"
            case 1: text += "&#8220;\(random.pick(Self.topics))&#8221;"
            case 2: text += "&#8211;"
            case 3: text += "<strong>\(random.pick(Self.topics))</strong>"
            case 4: text += "<em>\(random.pick(Self.phrases))</em>"
            case 5: text += "bread &amp; butter"
            default: text += random.pick(Self.words)
            }
        }
        return text
    }

    /// `words` of the bakery's words, space-separated (shared with ``MarkupFeedGenerator``).
    static func sentence(_ random: inout SeededRandom, words: Int) -> String {
        (0..<words).map { _ in random.pick(Self.words) }.joined(separator: " ")
    }

    private func sentence(_ random: inout SeededRandom, words: Int) -> String {
        Self.sentence(&random, words: words)
    }

    static let words = [
        "the", "dough", "rests", "overnight", "and", "we", "fold", "it", "twice", "before", "shaping", "a", "loaf",
        "with", "crust", "that", "crackles", "when", "cooling", "on", "rack", "of", "rye", "levain", "hydration",
        "oven", "steam", "crumb", "flour", "water", "salt", "yeast", "butter", "croissant", "lamination", "café",
        "crème", "brûlée", "Zürich", "naïve",
    ]
    static let topics = ["sourdough", "rye", "croissant", "baguette", "brioche", "focaccia", "starter", "ovens"]
    static let phrases = [
        "what we learned", "a week in the bakehouse", "notes on hydration", "the long ferment", "ask the baker",
    ]
    static let hosts = ["www.kingarthurbaking.com", "en.wikipedia.org", "www.seriouseats.com", "bakery.example.org"]
}
