import AtomStream
import Foundation
import HTMLSanitizing
import StreamTestSupport
import Testing

/// Where the feed parsers apply ``HTMLSanitizer``: on by default, off on request, one session reused for every
/// value of a document.
@Suite struct FeedSanitizingTests {
    @Test func feedParserSanitizesByDefaultAndKeepsTheSourceOnRequest() throws {
        let rss = """
            <rss version="2.0"><channel><title>t</title><description>&lt;b onclick="x()"&gt;d&lt;/b&gt;</description>
            <item><title>i</title><description>&lt;p&gt;hi&lt;script&gt;alert(2)&lt;/script&gt;&lt;/p&gt;</description></item>
            </channel></rss>
            """
        let (outcome, feed) = decodeFeedEveryWay(rss)
        #expect(outcome.items.first?.summary?.value == "<p>hi</p>")
        #expect(feed.subtitle?.value == "<b>d</b>")
        let (raw, rawFeed) = decodeFeedEveryWay(rss, options: .init(sanitizesHTML: false))
        #expect(raw.items.first?.summary?.value == "<p>hi<script>alert(2)</script></p>")
        #expect(rawFeed.subtitle?.value == "<b onclick=\"x()\">d</b>")
    }

    @Test func atomParserKeepsTheSourceUnlessAsked() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><title type="html">&lt;i onclick="x"&gt;t&lt;/i&gt;</title></entry></feed>
            """
        let plain = AtomParser()
        let entries = try plain.parse(Array(atom.utf8)) + plain.finish()
        #expect(entries.first?.title?.value == "<i onclick=\"x\">t</i>")
        let sanitizing = AtomParser(options: .init(sanitizesHTML: true))
        let cleaned = try sanitizing.parse(Array(atom.utf8)) + sanitizing.finish()
        #expect(cleaned.first?.title?.value == "<i>t</i>")
    }

    @Test func aReusedParserContextSanitizesEachValueAsAFreshOneWould() throws {
        let values = [
            "<p>one <b>bold</b></p>", "text &amp; <i>more</i>", "<ul><li>a<li>b", "<script>x</script>after",
            "</body>tail <em>x</em>", "<html><head><title>t</title></head><body>b</body></html>", "<div><p>unclosed",
            "<a href=\"/rel\">r</a>", "<!-- open comment", "<table><tr><td>c</table>", "&lt;escaped&gt;",
        ]
        let items = (0..<40).map { index in
            let value = values[index % values.count]
            let escaped = value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            return "<item><guid>\(index)</guid><description>\(escaped)</description></item>"
        }
        let rss = "<rss version=\"2.0\"><channel><title>t</title>\(items.joined())</channel></rss>"
        let options = FeedParser.Options(baseURL: "https://example.org/")
        let (outcome, _) = decodeFeedEveryWay(Array(rss.utf8), options: options, byteByByteLimit: 0)
        #expect(outcome.items.count == 40)
        let fresh = HTMLSanitizer(baseURL: URL(string: "https://example.org/"))
        for (index, entry) in outcome.items.enumerated() {
            #expect(entry.summary?.value == fresh.sanitize(values[index % values.count]), "item \(index)")
        }
    }

    /// A feed whose entry holds all of it, decoded whole, byte by byte, in random pieces and (the small one) cut at
    /// every point: each chunking gives the entry libxml2's path writes.
    @Test func aFeedOfFormulasIconsAndCodeReadsTheSameInEveryChunking() throws {
        var random = SplitMix64(seed: 7)
        let small = "<p>open <math><mi>x</mi><mn>2</mn></math><svg viewBox=\"0 0 8 8\"><path d=\"M0 0h8\"/></svg>"
            + "<pre><code><span style=\"color:#F97583\">if</span> <span class=\"o\">&amp;lt;</span></code></pre>"
        let large = "<p>open " + BlogMarkup.value(&random) + BlogMarkup.codeBlock(&random) + BlogMarkup.value(&random)
        for html in [small, large] {
            let escaped = html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            let rss = "<rss version=\"2.0\"><channel><item><title>t</title><description>\(escaped)</description>"
                + "</item></channel></rss>"
            let (outcome, _) = decodeFeedEveryWay(Array(rss.utf8), byteByByteLimit: 1 << 20)
            let expected = HTMLSanitizingSession(baseURL: nil, usesFastPath: false).sanitize(html)
            let entry = try #require(outcome.items.first)
            #expect(entry.summary?.value == expected)
        }
    }
}
