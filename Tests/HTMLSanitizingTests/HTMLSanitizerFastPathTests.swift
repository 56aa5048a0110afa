@testable import HTMLSanitizing
import Foundation
import StreamTestSupport
import Testing

/// The Swift fast path of the sanitizer against its libxml2 path: for every value the fast path accepts, both
/// must write the same bytes.
@Suite struct HTMLSanitizerFastPathTests {
    static let fastNames = ["p", "a", "b", "i", "em", "strong", "code", "span", "div", "ul", "ol", "li", "blockquote",
        "h2", "sub", "small", "q", "dl", "dt", "dd", "figure", "section", "font", "s", "u", "time", "del", "iframe",
        "pre", "table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption"]
    /// Allowed elements left to libxml2, elements the sanitizer drops, and names in other cases.
    static let otherNames = ["colgroup", "col", "textarea", "option", "center", "script", "blink", "P", "Em",
        "svg", "iframe", "form", "TD"]
    static let attributes = [
        #" href="https://a.test/x?a=1&amp;b=2""#, #" href="/rel/x""#, #" href="../up""#, #" href="javascript:alert(1)""#,
        #" href="HTTP://A.TEST/""#, #" href="mailto:me@a.test""#, ##" href="#frag""##, #" href=" https://a.test/ ""#,
        #" href="jav&amp;ascript:x""#, #" href="""#, #" src="i.png""#, #" cite="x:y""#,
        #" title="t &quot;q&quot; &gt; 'x'""#, #" title="a &lt; b""#, #" onclick="x()""#, #" class="c""#,
        #" style="color: red; position: absolute""#, #" style="background: url(javascript:x)""#,
        #" class='single'"#, #" CLASS="upper""#, #" data-x="1""#, " title=\"a\nb\"", #" alt="&#38;""#,
        " id=unquoted", " checked", #"  title="two spaces""#, "\ttitle=\"tab\"", #" title="d" title="e""#,
        #" title="é""#, #" alt="&amp;&amp;""#, #" title="<x>""#, #" width="10" height="20""#,
        // Dropped attributes, whose values the fast path reads only to their end: references libxml2 would refuse
        // or not know, `<`, a NUL, the same name twice.
        #" data-x="&#0; &#xD800; &#99999999; &bogus; &amp""#, #" data-x="a<b""#, " data-x=\"\u{0}\"",
        #" data-x="1" DATA-X="2""#, #" onclick="a &gt; b &#x3C;" onclick="c""#, " data-x=\"\u{FFFE}\"",
    ]
    static let texts = [
        "plain", " ", "\n", "a &amp; b", "&lt;x&gt;", "&quot;q&quot;", "x > y", "é ü 漢", "\t", "&#38;", "&eacute;",
        "AT&T", "\r\n", "\u{0}", "\u{FFFE}", "\u{85}", "'", "\u{1}", "&amp", "&AMP;", "\u{FFFD}", "&nbsp;",
        // Character references as blogs write them, and the ones libxml2 must decide.
        "&#8217;", "&#x2019;", "&#X2019;", "&#60;", "&#x3E;", "&#38;", "&#34;", "&#39;", "&#0;", "&#9;", "&#10;",
        "&#13;", "&#127;", "&#128;", "&#150;", "&#160;", "&#xD800;", "&#xFFFE;", "&#1114111;", "&#1114112;",
        "&#99999999;", "&#8217", "&#;", "&#x;", "&hellip;", "&Eacute;", "&eacute;", "&apos;", "&notanentity;",
        "&thetasym;", "&nbsp", "&NBSP;", "&#0000065;", "&#x0041;", "&mdash;x", "&euro;",
    ]
    static let cleanTexts = ["word ", "Two words. ", "a &amp; b", "x &gt; y &lt; z", "\n", " ", "é ü 漢", "'q' \"q\"",
        "it&#8217;s ", "&#8220;q&#8221; ", "&nbsp;", "wait&hellip; ", "&#x2014;"]
    static let cleanAttributes = [
        #" href="https://a.test/x?a=1&amp;b=2""#, #" href="/rel/x""#, #" href="../up""#, #" src="i.png""#,
        #" title="t &quot;q&quot;""#, #" class="c""#, #" style="color: red""#, #" data-x="1""#, #" href="javascript:x""#,
        #" title="it&#8217;s&nbsp;done""#, #" href="/a?x=1&#38;y=2""#, #" alt="caf&eacute;""#,
        #" srcset="a.png 1x, /b.png 2x""#, #" srcset="javascript:x 1x""#, #" sizes="(max-width: 600px) 100vw""#,
        // Written as read: the tag stays in the run of text until an attribute changes.
        #" href="https://a.test/p/""#, #" lang="en" dir="ltr""#, #" title="Two words""#, #" href="https://a.test/ ""#,
        // WordPress.com's image attributes, dropped: JSON full of `&quot;`, and a name repeated.
        #" data-image-meta="{&quot;aperture&quot;: &quot;1.8&quot;, &quot;credit&quot;: &quot;&quot;}""#,
        #" data-attachment-id="1000" loading="lazy" decoding="async""#, #" aria-hidden="true" aria-hidden="false""#,
    ]
    static let pieces = ["<br>", "<br/>", "<br />", "<BR>", "</br>", "<hr>", "<img src=\"x.png\" alt=\"a\">",
        "<img src=\"javascript:x\"/>", "<!-- c -->", "<", "< p>", "<p/>", "<span/>", "</p>", "</div>", "<!DOCTYPE x>",
        "<?pi x?>", "<![CDATA[x]]>", "</b >", "<b >", "<b\n>", "<a\u{C}>",
        // Embeds as blogs write them: dropped, a script with its text.
        "<script>x</script>", #"<script async src="x.js" charset="utf-8"></script>"#, "<SCRIPT>a</Script>",
        "<script>a</b></script>", "<script>if (a < b) {}</script>", "<script>a", "<script>\u{1}</script>",
        "<iframe allowfullscreen src='y'></iframe>", #"<iframe src="https://v.test/e" frameborder="0"></iframe>"#,
        "<iframe src=x></iframe>", "<iframe/>", "<iframe title=\"a<b\"></iframe>", "</iframe>", "</script>",
        // Void tags written as read, or nearly.
        #"<img src="https://a.test/i.png" alt="a" />"#, #"<img alt="a" src="i.png" />"#, #"<img alt="a"/>"#,
        #"<hr class="x" />"#, #"<img alt="a"  />"#, #"<img alt="a">"#, #"<br class="x" />"#]

    /// A balanced tree of elements, mostly of the fast path's, with attributes and text.
    static func tree(_ random: inout SplitMix64, depth: Int) -> String {
        var out = ""
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let roll = Int.random(in: 0..<10, using: &random)
            if roll < 4 || depth > 5 {
                // Mostly text the fast path takes, now and then anything.
                out += roll == 0 ? texts.randomElement(using: &random)! : cleanTexts.randomElement(using: &random)!
            } else if roll == 4 && Bool.random(using: &random) {
                out += pieces.randomElement(using: &random)!
            } else {
                let name = Int.random(in: 0..<15, using: &random) == 0
                    ? otherNames.randomElement(using: &random)! : fastNames.randomElement(using: &random)!
                var attributes = ""
                for _ in 0..<Int.random(in: 0...2, using: &random) {
                    attributes += Int.random(in: 0..<6, using: &random) == 0
                        ? Self.attributes.randomElement(using: &random)! : Self.cleanAttributes.randomElement(using: &random)!
                }
                out += "<\(name)\(attributes)>" + tree(&random, depth: depth + 1) + "</\(name)>"
            }
        }
        return out
    }

    @Test(.ownThread, arguments: [nil, "https://example.org/base/page"])
    func bothPathsWriteTheSameForEveryValueTheFastPathTakes(base: String?) {
        let baseURL = base.flatMap { URL(string: $0) }
        let fast = HTMLSanitizingSession(baseURL: baseURL)
        let parsed = HTMLSanitizingSession(baseURL: baseURL, usesFastPath: false)
        var random = SplitMix64(seed: 19)
        var differences = 0
        for index in 0..<6_000 {
            var value = Self.tree(&random, depth: 0)
            if index % 5 == 0 {
                // Soup: pieces and tags in any order, unbalanced.
                value += (0..<Int.random(in: 1...5, using: &random)).map { _ in
                    Bool.random(using: &random)
                        ? Self.pieces.randomElement(using: &random)!
                        : "<\(Self.fastNames.randomElement(using: &random)!)>"
                }.joined()
            }
            let before = fast.fastPathCount
            let fastOutput = fast.sanitize(value)
            let parsedOutput = parsed.sanitize(value)
            if fastOutput != parsedOutput {
                differences += 1
                if differences <= 20 {
                    Issue.record("fast path \(fast.fastPathCount > before): \(value.debugDescription)\n fast:   \(fastOutput.debugDescription)\n libxml2: \(parsedOutput.debugDescription)")
                }
            }
        }
        #expect(differences == 0)
        // Not vacuous: both paths were taken many times.
        #expect(fast.fastPathCount > 250)
        #expect(fast.parsedCount > 1_000)
        #expect(parsed.fastPathCount == 0)
    }

    @Test func feedHTMLTakesTheFastPath() {
        let session = HTMLSanitizingSession(baseURL: URL(string: "https://blog.example.com/"))
        let values = [
            "<p>Some words &amp; 12</p>",
            "<p>body text</p>\n<p><a href=\"https://blog.example.com/post/\">Read on</a></p>",
            "<p>An <em>image</em>: <img src=\"https://cdn.example.com/a.jpg\" alt=\"A &quot;cat&quot;\"><br>ok</p>",
            "<ul><li><a href=\"/archive\" title=\"x\" target=\"_blank\">archive</a></li></ul>",
        ]
        let expected = [
            "<p>Some words &amp; 12</p>",
            "<p>body text</p>\n<p><a href=\"https://blog.example.com/post/\">Read on</a></p>",
            "<p>An <em>image</em>: <img src=\"https://cdn.example.com/a.jpg\" alt=\"A &quot;cat&quot;\" /><br />ok</p>",
            "<ul><li><a href=\"https://blog.example.com/archive\" title=\"x\" target=\"_blank\">archive</a></li></ul>",
        ]
        #expect(values.map(session.sanitize) == expected)
        #expect(session.fastPathCount == values.count)
        #expect(session.parsedCount == 0)
        // A paragraph left open is closed at the end, as libxml2 closes it, without leaving the fast path.
        #expect(session.sanitize("<p>open") == "<p>open</p>")
        #expect(session.fastPathCount == values.count + 1)
        // What needs repair or removal goes to libxml2.
        for value in ["<p onclick=x>a<script>b</script></p>", "<b><p>x</p></b>", "a<!-- c -->b"] {
            _ = session.sanitize(value)
        }
        #expect(session.parsedCount == 3)
    }

    /// Block-editor markup as WordPress writes it in `content:encoded`: typographic references, figures with
    /// `srcset` and `sizes`, captions, lists, inline style. The fast path takes it and writes what libxml2's does.
    @Test func blogMarkupTakesTheFastPath() {
        let fast = HTMLSanitizingSession(baseURL: URL(string: "https://kitchen.example.com/2026/11/rye/"))
        let parsed = HTMLSanitizingSession(
            baseURL: URL(string: "https://kitchen.example.com/2026/11/rye/"), usesFastPath: false)
        let values = [
            "<p>It&#8217;s &#8220;rye&#8221; season&nbsp;&#8211; <strong>finally</strong>&hellip; bread &amp; butter</p>",
            #"<figure class="wp-block-image size-large"><img loading="lazy" decoding="async" width="1024" height="683" "#
                + #"src="https://kitchen.example.com/wp-content/uploads/rye-1024x683.jpg" alt="A loaf" class="wp-image-12" "#
                + #"srcset="https://kitchen.example.com/wp-content/uploads/rye-1024x683.jpg 1024w, /wp-content/uploads/rye-300x200.jpg 300w" "#
                + #"sizes="(max-width: 1024px) 100vw, 1024px" /><figcaption class="wp-element-caption">Caf&eacute; "#
                + #"(photo: <a href="https://en.wikipedia.org/">Ann</a>)</figcaption></figure>"#,
            "<ul class=\"wp-block-list\">\n<li><strong>Rye:</strong> 68&#37; water</li>\n</ul>",
            #"<p style="text-align: center;"><span style="color: #993300;"><em>x</em></span><br />y</p>"#,
            #"<h2 class="wp-block-heading" id="h-rye">What we learned</h2>"#,
            "<pre class=\"wp-block-code\"><code>\nflour = 500\nsalt = flour &lt; 1000 ? 10 : 20</code></pre>",
            "<figure class=\"wp-block-embed\"><div class=\"wp-block-embed__wrapper\">\n<iframe loading=\"lazy\" "
                + "src=\"https://www.youtube.com/embed/x1?feature=oembed\" frameborder=\"0\" allowfullscreen></iframe>\n</div></figure>",
            "<blockquote class=\"twitter-tweet\"><p lang=\"en\" dir=\"ltr\">Rye &mdash; <a href=\"https://t.co/x\">pic</a>"
                + "</p></blockquote> <script async src=\"https://platform.twitter.com/widgets.js\" charset=\"utf-8\"></script>",
        ]
        for value in values {
            let before = fast.fastPathCount
            #expect(fast.sanitize(value) == parsed.sanitize(value), "\(value)")
            #expect(fast.fastPathCount == before + 1, "left the fast path: \(value)")
        }
    }

    /// A tag whose attributes all stay as read is not written but copied with the text around it; the first
    /// attribute that changes (dropped, resolved, escaped, spaced or cased otherwise) writes the tag so far.
    @Test func tagsWrittenAsReadComeOutAsLibxml2Writes() {
        let base = URL(string: "https://kitchen.example.com/2026/11/rye/")
        let fast = HTMLSanitizingSession(baseURL: base)
        let parsed = HTMLSanitizingSession(baseURL: base, usesFastPath: false)
        let tags = [
            #"<a href="https://a.test/x">"#, #"<a href="https://a.test/x" rel="nofollow" target="_blank">"#,
            #"<a href="/x">"#, #"<a rel="x" href="x">"#, #"<a rel="x" onclick="y">"#, #"<a rel="x"  href="x">"#,
            "<a rel=\"x\"\nhref=\"https://a.test/\">", #"<a rel="x" >"#, #"<a REL="x">"#, #"<A rel="x">"#,
            #"<a title="a &amp; b">"#, #"<a title="a > b">"#, #"<a href=" https://a.test/">"#,
            #"<a href="https://a.test/" style="color: red">"#, #"<a title="x" data-x="1">"#, #"<a title="">"#,
        ]
        for tag in tags {
            for value in ["\(tag)link</a>", "text \(tag)link</a> after", "<p>&#8217;\(tag)x</a><br /></p>"] {
                let before = fast.fastPathCount
                #expect(fast.sanitize(value) == parsed.sanitize(value), "\(value)")
                #expect(fast.fastPathCount == before + 1, "left the fast path: \(value)")
            }
        }
        let voids = [
            #"<img src="https://a.test/i.png" alt="a" />"#, #"<img src="https://a.test/i.png" alt="a">"#,
            #"<img alt="a" src="i.png" />"#, #"<img alt="a"/>"#, #"<img alt="a"  />"#, "<img alt=\"a\"\t/>",
            #"<img alt="a" loading="lazy" />"#, #"<hr class="x" />"#, #"<br class="x">"#,
        ]
        for tag in voids {
            let value = "a \(tag) b"
            let before = fast.fastPathCount
            #expect(fast.sanitize(value) == parsed.sanitize(value), "\(value)")
            #expect(fast.fastPathCount == before + 1, "left the fast path: \(value)")
        }
        #expect(fast.sanitize(#"x <a href="https://a.test/" rel="me">y</a> z"#) == #"x <a href="https://a.test/" rel="me">y</a> z"#)
    }

    /// Tables as blogs and Markdown write them (Blogger's image captions, a Markdown table with line feeds between
    /// rows and cells, a newsletter's layout table) take the fast path and come out as libxml2's path writes them;
    /// a cell or row left open, which libxml2 closes itself, is left to libxml2.
    @Test func tablesTakeTheFastPath() {
        let fast = HTMLSanitizingSession(baseURL: URL(string: "https://blog.example.org/2026/11/post.html"))
        let parsed = HTMLSanitizingSession(
            baseURL: URL(string: "https://blog.example.org/2026/11/post.html"), usesFastPath: false)
        let taken = [
            #"<table align="center" cellpadding="0" cellspacing="0" class="tr-caption-container" "#
                + #"style="margin-left: auto; margin-right: auto;"><tbody><tr><td style="text-align: center;">"#
                + #"<a href="https://blog.example.org/img/a.jpg" style="margin-left: auto;"><img border="0" "#
                + #"data-original-height="600" height="240" src="https://blog.example.org/img/a.jpg" width="320" />"#
                + #"</a></td></tr><tr><td class="tr-caption" style="text-align: center;">The oven</td></tr></tbody>"#
                + "</table>",
            "<table>\n<thead>\n<tr>\n<th>Flour</th>\n<th align=\"right\">Grams</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
                + "<td>Rye</td>\n<td align=\"right\">500</td>\n</tr>\n<tr>\n<td><strong>Salt</strong> &amp; "
                + "water</td>\n<td align=\"right\">10</td>\n</tr>\n</tbody>\n</table>\n<p>After the table.</p>",
            "<table width=\"100%\"><caption>Week 3</caption><tr><td valign=\"top\"><p>One</p><p>Two</p></td>"
                + "<td><ul><li>a</li></ul></td></tr>\n  <tr><th>x</th></tr></table>",
            "<div><table><tfoot><tr><td>total</td></tr></tfoot></table></div>",
            // A table closes a paragraph left open before it (libxml2's `htmlStartClose`, as for other blocks).
            "<p>a<table><tr><td>b</td></tr></table>",
        ]
        for value in taken {
            let before = fast.fastPathCount
            #expect(fast.sanitize(value) == parsed.sanitize(value), "\(value)")
            #expect(fast.fastPathCount == before + 1, "left the fast path: \(value)")
        }
        let leftToLibxml2 = [
            "<table><tr><td>a<td>b</tr></table>", "<table><tr><td>a</td><tr><td>b</td></tr></table>",
            "<table><colgroup><col></colgroup><tr><td>a</td></tr></table>",
            "<table><tr><td><b>a<td>b</td></tr></table>", "<table><tbody><tr><td>a</td></tr><tbody></table>",
        ]
        for value in leftToLibxml2 {
            let before = fast.parsedCount
            #expect(fast.sanitize(value) == parsed.sanitize(value), "\(value)")
            #expect(fast.parsedCount == before + 1, "took the fast path: \(value)")
        }
    }

    /// An end tag is first compared with the name of the element it should close, sixteen bytes at once: every
    /// element's end tag, in small and capital letters, spaced, cut short, run on into a longer name, or closing
    /// another element, near the end of the value (fewer than sixteen bytes left) and far from it, gives what the
    /// libxml2 path gives.
    @Test func endTagsOfEveryFormComeOutAsLibxml2Writes() {
        let fast = HTMLSanitizingSession(baseURL: nil)
        let parsed = HTMLSanitizingSession(baseURL: nil, usesFastPath: false)
        let names = HTMLSanitizingFastPath.elements.map(\.name).filter { !["br", "img", "hr"].contains($0) }
        var values = 0
        for name in names {
            let upper = name.uppercased()
            let ends = ["</\(name)>", "</\(upper)>", "</\(name) >", "</\(name)x>", "</\(name)", "</\(name)-1>", "</b>",
                "</\(name.dropLast())>"]
            for end in ends {
                for tail in ["", " and then a tail of more than sixteen bytes"] {
                    let value = "<div><\(name)>x\(end)\(tail)</div>"
                    values += 1
                    #expect(fast.sanitize(value) == parsed.sanitize(value), "\(value)")
                }
            }
        }
        #expect(values == names.count * 8 * 2)
        // Most take the fast path: every well-formed one in small letters at least.
        #expect(fast.fastPathCount >= names.count * 2)
    }

    /// The script-injection vectors of `scripts/sanitizer-browser-check` (which renders them in Chromium): the fast
    /// path, now reading scripts, frames and references, writes what libxml2's path writes, and neither lets a
    /// script, frame or event handler through.
    @Test func injectionVectorsComeOutTheSameAndSafe() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts/sanitizer-browser-check/xss-vectors.txt")
        let vectors = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(vectors.count > 80)
        let fast = HTMLSanitizingSession(baseURL: URL(string: "https://example.org/"))
        let parsed = HTMLSanitizingSession(baseURL: URL(string: "https://example.org/"), usesFastPath: false)
        for vector in vectors where !vector.isEmpty {
            let output = fast.sanitize(vector)
            #expect(output == parsed.sanitize(vector), "\(vector)")
            // Attribute values are escaped text (`alt="&quot; onerror=…"` is harmless): only the markup around them
            // is checked, and URL values for their scheme.
            let markup = output.lowercased().split(separator: "\"", omittingEmptySubsequences: false)
            for (index, part) in markup.enumerated() {
                if index.isMultiple(of: 2) {
                    for forbidden in ["<script", "<iframe", "<object", "<embed", " on"] {
                        #expect(!part.contains(forbidden), "\(vector) -> \(output)")
                    }
                } else {
                    #expect(!part.hasPrefix("javascript:") && !part.hasPrefix("data:"), "\(vector) -> \(output)")
                }
            }
        }
    }

    @Test func textWithoutMarkupIsKeptAsWritten() {
        let session = HTMLSanitizingSession(baseURL: nil)
        for value in ["AT&T &amp; &#38; &eacute; &lt;script&gt;", "a > b", "plain"] {
            #expect(session.sanitize(value) == value)
        }
        #expect(session.fastPathCount == 0 && session.parsedCount == 0)
    }

    /// The text scan reads sixteen bytes at a time (eight where there is no SSE2): each byte it must stop at, at
    /// every offset within and across the blocks it reads, gives what the libxml2 path gives.
    @Test func everyStopByteAtEveryOffsetOfTheWordScan() {
        let fast = HTMLSanitizingSession(baseURL: nil)
        let parsed = HTMLSanitizingSession(baseURL: nil, usesFastPath: false)
        let stops = ["<b>x</b>", "&amp;", "&lt;", "&quot;", ">", "\t", "\n", "\r", "\u{1}", "\u{1F}", "\u{0}",
            "\u{FFFE}", "\u{FFFD}", "é", " ", "&nbsp;", "<!-- c -->"]
        var differences: [String] = []
        for stop in stops {
            for offset in 0..<34 {
                for tail in [0, 3, 9] {
                    let value = "<p>" + String(repeating: "w", count: offset) + stop
                        + String(repeating: "z", count: tail) + "</p>"
                    if fast.sanitize(value) != parsed.sanitize(value) { differences.append(value) }
                }
            }
        }
        #expect(differences == [])
        // Plain prose and the stops the fast path takes (references, `>`, tab, line feed, U+FFFD) stay on it.
        #expect(fast.fastPathCount >= 9 * 34 * 3)
    }
}
