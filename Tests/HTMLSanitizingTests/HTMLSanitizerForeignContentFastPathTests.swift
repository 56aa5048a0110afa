@testable import HTMLSanitizing
import Foundation
import StreamTestSupport
import Testing

/// The fast path on today's blog markup (issue 35): MathML and SVG, and highlighted code (thousands of spans with a
/// class or an inline colour inside `<pre><code>`), written byte for byte as libxml2's path writes them, in
/// generated values (`BlogMarkup`); `FeedSanitizingTests` reads a feed of them in every chunking.
@Suite struct HTMLSanitizerForeignContentFastPathTests {
    @Test(.ownThread) func bothPathsWriteTheSameForRandomMathMLSVGAndCode() {
        let fast = HTMLSanitizingSession(baseURL: URL(string: "https://blog.example.com/"))
        let parsed = HTMLSanitizingSession(baseURL: URL(string: "https://blog.example.com/"), usesFastPath: false)
        var random = SplitMix64(seed: 35)
        var differences = 0
        for _ in 0..<6_000 {
            let value = BlogMarkup.value(&random)
            let fastOutput = fast.sanitize(value)
            let parsedOutput = parsed.sanitize(value)
            if fastOutput != parsedOutput {
                differences += 1
                if differences <= 20 {
                    let report = "\(value.debugDescription)\n fast:    \(fastOutput.debugDescription)\n"
                        + " libxml2: \(parsedOutput.debugDescription)"
                    Issue.record(Comment(rawValue: report))
                }
            }
        }
        #expect(differences == 0)
        // Both paths are exercised: the fast path takes what it can vouch for, libxml2 the rest.
        #expect(fast.fastPathCount > 600)
        #expect(fast.parsedCount > 600)
    }

    /// What the `rss-code` workload holds, each taken by the fast path and written as libxml2's path writes it.
    @Test(arguments: [
        "<p>Sum: <span class=\"katex\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics><mrow>"
            + "<mstyle displaystyle=\"true\" scriptlevel=\"0\"><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo>"
            + "<mn>1</mn></mrow><mi>N</mi></munderover></mstyle></mrow><annotation encoding=\"application/x-tex\">"
            + "\\sum_{i=1}^N</annotation></semantics></math></span></p>",
        "<p><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\" viewBox=\"0 0 24 24\" fill=\"none\" "
            + "stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\" "
            + "aria-hidden=\"true\"><path d=\"M10 13a5 5 0 0 0 7.54.54l3-3\"/><path d=\"M14 11a5\"/></svg> "
            + "<a href=\"https://github.com/x\">repo</a></p>",
        "<div class=\"highlight\"><pre tabindex=\"0\" class=\"chroma\"><code class=\"language-go\" data-lang=\"go\">"
            + "<span class=\"line\"><span class=\"cl\"><span class=\"kd\">func</span> <span class=\"nf\">scan"
            + "</span><span class=\"p\">(</span><span class=\"s\">&#34;EOF&#34;</span><span class=\"o\">&amp;"
            + "</span>\n</span></span></code></pre></div>",
        "<pre class=\"shiki github-dark\" style=\"background-color: #24292e\" tabindex=\"0\"><code>"
            + "<span class=\"line\">"
            + "<span style=\"color:#F97583\">const</span><span style=\"color:#E1E4E8;--shiki-dark:#79B8FF\"> x "
            + "&#x3C;</span></span>\n</code></pre>",
    ])
    func workloadMarkupTakesTheFastPath(value: String) {
        let base = URL(string: "https://code.example.dev/posts/x/")
        let fast = HTMLSanitizingSession(baseURL: base)
        let parsed = HTMLSanitizingSession(baseURL: base, usesFastPath: false)
        #expect(fast.sanitize(value) == parsed.sanitize(value))
        #expect(fast.fastPathCount == 1, "left the fast path")
    }

    /// The session's tag cache: a tag met again is written as the first time, a relative URL against the base of
    /// the value it is in, and a tag whose value holds `>` is read again each time.
    @Test func tagsMetAgainComeOutAsTheFirstTime() {
        let fast = HTMLSanitizingSession(baseURL: URL(string: "https://a.example/1/"))
        let values = [
            #"<p><img src="i.png" alt="x"><span style="color:#F97583">a</span><span class="k">b</span></p>"#,
            #"<p><span title="a > b">c</span><span title="a > b">d</span><img src="i.png" alt="x"></p>"#,
            #"<p><span style="color:#F97583">a</span><span style="color: url(x)">e</span><span class="k">b</span></p>"#,
        ]
        for base in [nil, "https://b.example/2/", "https://b.example/2/", nil, "/3/"] {
            for value in values + values {
                let parsed = HTMLSanitizingSession(baseURL: URL(string: "https://a.example/1/"), usesFastPath: false)
                let expected = parsed.sanitize(value, base: base)
                #expect(fast.sanitize(value, base: base) == expected, "\(value) at \(base ?? "-")")
            }
        }
        #expect(fast.parsedCount == 0)
    }
}
