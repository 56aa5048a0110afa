@testable import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// Relative references inside html and xhtml text constructs resolve against the `xml:base` in scope where the
/// construct stands — on the feed, the entry or item, or the element itself (RFC 4287 §2, RFC 3986 §5.1) — and
/// only without one against the document URL; `srcset` resolves each candidate as `src` does. Every document is
/// decoded in every chunking (``decodeFeedEveryWay(_:options:byteByByteLimit:sourceLocation:)``).
@Suite struct MarkupBaseResolutionTests {
    static let atom = "xmlns='http://www.w3.org/2005/Atom'"

    @Test func entryContentResolvesAgainstTheBaseOnTheContentElement() {
        let (outcome, _) = decodeFeedEveryWay(
            """
            <feed \(Self.atom) xml:base="https://feed.test/root/">
            <entry><id>1</id>
            <content type="html" xml:base="https://content.test/posts/12/">&lt;p&gt;&lt;a href="next.html"&gt;n&lt;/a&gt; \
            &lt;img src="img/a.png"&gt;&lt;/p&gt;</content>
            </entry></feed>
            """, options: .init(baseURL: "https://document.test/feed.xml"))
        #expect(
            outcome.items.first?.content?.value
                == #"<p><a href="https://content.test/posts/12/next.html">n</a> "#
                + #"<img src="https://content.test/posts/12/img/a.png" /></p>"#)
    }

    @Test func entryAndFeedBasesApplyAndComposeThroughRelativeBases() {
        let (outcome, feed) = decodeFeedEveryWay(
            """
            <feed \(Self.atom) xml:base="https://blog.test/2026/">
            <title type="html">&lt;a href="about/"&gt;About&lt;/a&gt;</title>
            <entry xml:base="11/27/"><id>1</id>
            <summary type="html" xml:base="post/">&lt;a href="../other"&gt;o&lt;/a&gt;</summary>
            <title type="html">&lt;img src="t.png"&gt;</title>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><a href="/root">r</a></div></content>
            </entry>
            <entry><id>2</id><content type="html">&lt;a href="x"&gt;x&lt;/a&gt;</content></entry>
            </feed>
            """, options: .init(baseURL: "https://document.test/feed.xml"))
        #expect(feed.title?.value == #"<a href="https://blog.test/2026/about/">About</a>"#)
        let first = outcome.items.first
        #expect(first?.summary?.value == #"<a href="https://blog.test/2026/11/27/other">o</a>"#)
        #expect(first?.title?.value == #"<img src="https://blog.test/2026/11/27/t.png" />"#)
        #expect(first?.content?.value == #"<a href="https://blog.test/root">r</a>"#)
        // The second entry has no base of its own: the feed's applies, not the first entry's.
        #expect(outcome.items.dropFirst().first?.content?.value == #"<a href="https://blog.test/2026/x">x</a>"#)
    }

    @Test func theDocumentURLAppliesWhereNoBaseIsInScope() {
        let (outcome, _) = decodeFeedEveryWay(
            """
            <feed \(Self.atom)>
            <entry><id>1</id><content type="html">&lt;a href="a"&gt;a&lt;/a&gt;</content></entry>
            <entry xml:base="https://other.test/dir/"><id>2</id><content type="html">&lt;a href="b"&gt;b&lt;/a&gt;</content></entry>
            <entry><id>3</id><content type="html">&lt;a href="c"&gt;c&lt;/a&gt;</content></entry>
            </feed>
            """, options: .init(baseURL: "https://document.test/feeds/main.xml"))
        #expect(
            outcome.items.map(\.content?.value) == [
                #"<a href="https://document.test/feeds/a">a</a>"#, #"<a href="https://other.test/dir/b">b</a>"#,
                #"<a href="https://document.test/feeds/c">c</a>"#,
            ])
    }

    @Test func aBaseResolvesMarkupWithoutADocumentURL() {
        let (outcome, _) = decodeFeedEveryWay(
            """
            <feed \(Self.atom)><entry xml:base="http://example.com/test/"><id>1</id>
            <content type="html">&lt;a href="test.html"&gt;t&lt;/a&gt;</content></entry></feed>
            """)
        #expect(outcome.items.first?.content?.value == #"<a href="http://example.com/test/test.html">t</a>"#)
    }

    @Test func atomParserSanitizingUsesTheBaseToo() {
        let (outcome, feed) = decodeAtomEveryWay(
            """
            <feed \(Self.atom) xml:base="https://blog.test/">
            <subtitle type="html" xml:base="sub/">&lt;a href="x"&gt;x&lt;/a&gt;</subtitle>
            <entry xml:base="e/"><id>1</id><rights type="html">&lt;a href="lic"&gt;l&lt;/a&gt;</rights></entry></feed>
            """, options: .init(sanitizesHTML: true))
        #expect(feed.subtitle?.value == #"<a href="https://blog.test/sub/x">x</a>"#)
        #expect(outcome.items.first?.rights?.value == #"<a href="https://blog.test/e/lic">l</a>"#)
    }

    @Test func rssItemsResolveAgainstTheirBase() {
        let (outcome, _) = decodeFeedEveryWay(
            """
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xml:base="https://site.test/blog/">
            <channel><title>t</title>
            <item><title>a</title><description>&lt;a href="a.html"&gt;a&lt;/a&gt;</description></item>
            <item xml:base="https://cdn.test/"><title>b</title>
            <content:encoded><![CDATA[<p><img src="b.png" srcset="b-1x.png 1x, b-2x.png 2x"></p>]]></content:encoded>
            </item>
            </channel></rss>
            """, options: .init(baseURL: "https://document.test/rss"))
        #expect(outcome.items.first?.summary?.value == #"<a href="https://site.test/blog/a.html">a</a>"#)
        #expect(
            outcome.items.dropFirst().first?.content?.value
                == #"<p><img src="https://cdn.test/b.png" srcset="https://cdn.test/b-1x.png 1x, https://cdn.test/b-2x.png 2x" /></p>"#)
    }

    @Test func rawHTMLStaysAsWritten() {
        let (outcome, _) = decodeFeedEveryWay(
            """
            <feed \(Self.atom) xml:base="https://blog.test/"><entry><id>1</id>
            <content type="html">&lt;a href="x"&gt;x&lt;/a&gt;</content></entry></feed>
            """, options: .init(sanitizesHTML: false))
        #expect(outcome.items.first?.content?.value == #"<a href="x">x</a>"#)
    }
}

/// `srcset` (on `img` and `source`) as ``HTMLSanitizer`` writes it: each candidate's URL filtered and resolved as
/// `src` is, its descriptors kept; one unsafe candidate removes the attribute. Both sanitizer paths agree.
@Suite struct HTMLSanitizerSourceSetTests {
    static let base = URL(string: "https://example.org/posts/1")

    /// The value through the fast path (when it takes it) and through libxml2, which must agree.
    func sanitizedBothWays(_ html: String) -> String {
        let fast = HTMLSanitizingSession(baseURL: Self.base).sanitize(html)
        let parsed = HTMLSanitizingSession(baseURL: Self.base, usesFastPath: false).sanitize(html)
        #expect(fast == parsed, "paths differ on \(html)")
        return parsed
    }

    @Test func candidatesResolveAndKeepTheirDescriptors() {
        #expect(
            sanitizedBothWays(#"<img src="a.png" srcset="a-300.png 300w, /img/a-600.png 600w,https://cdn.test/a.png 2x" sizes="(max-width: 600px) 100vw, 600px">"#)
                == #"<img src="https://example.org/posts/a.png" srcset="https://example.org/posts/a-300.png 300w, "#
                + #"https://example.org/img/a-600.png 600w, https://cdn.test/a.png 2x" sizes="(max-width: 600px) 100vw, 600px" />"#)
        #expect(
            sanitizedBothWays(#"<img srcset="https://cdn.test/a.png 1x, https://cdn.test/b.png 2x">"#)
                == #"<img srcset="https://cdn.test/a.png 1x, https://cdn.test/b.png 2x" />"#)
        #expect(sanitizedBothWays(#"<img srcset="  only.png  ">"#) == #"<img srcset="https://example.org/posts/only.png" />"#)
    }

    @Test func anUnsafeCandidateRemovesTheAttribute() {
        for unsafe in ["javascript:alert(1) 1x", "a.png 1x, javascript:alert(1) 2x", "data:image/png;base64,AAAA 1x",
            "a.png 1x, JaVaScRiPt:x 2x", "a.png 1x, jav&#x09;ascript:x 2x"]
        {
            #expect(sanitizedBothWays("<img src=\"a.png\" srcset=\"\(unsafe)\">")
                == #"<img src="https://example.org/posts/a.png" />"#, "\(unsafe)")
        }
    }

    @Test func pictureSourcesKeepTheirSourceSet() {
        #expect(
            sanitizedBothWays(#"<picture><source srcset="w.webp" type="image/webp"><img src="w.jpg"></picture>"#)
                == #"<source srcset="https://example.org/posts/w.webp" type="image/webp" />"#
                + #"<img src="https://example.org/posts/w.jpg" />"#)
    }
}
