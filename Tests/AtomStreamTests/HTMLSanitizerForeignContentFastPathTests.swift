@testable import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// The fast path on today's blog markup (issue 35): MathML and SVG, and highlighted code (thousands of spans with a
/// class or an inline colour inside `<pre><code>`), written byte for byte as libxml2's path writes them, in
/// generated values and in a feed read in every chunking.
@Suite struct HTMLSanitizerForeignContentFastPathTests {
    static let mathNames = ["mi", "mn", "mo", "mrow", "msup", "msub", "mfrac", "mstyle", "mtext", "semantics",
        "annotation", "annotation-xml", "mtd", "mtr", "mtable", "munderover", "MI", "mglyph", "none", "b", "svg"]
    static let svgNames = ["path", "g", "circle", "rect", "linearGradient", "lineargradient", "stop", "text", "tspan",
        "use", "defs", "animate", "set", "a", "title", "desc", "p", "math", "foreignObject", "font-face", "Path"]
    static let foreignAttributes = [
        #" d="M0 0h8""#, #" viewBox="0 0 24 24""#, #" viewbox="0 0 8 8""#, #" VIEWBOX="1 1 2 2""#,
        #" stroke-linecap="round""#, #" fill="none""#, #" class="c""#, #" style="color: red""#,
        #" aria-hidden="true""#, #" displaystyle="true""#, #" scriptlevel="0""#, #" href="javascript:x""#,
        #" href="/rel""#, #" src="https://a.test/i.png""#, #" attributeName="href""#, #" attributeName="opacity""#,
        #" attributename=" x ""#, #" to="javascript:alert(1)""#, #" values="1;2""#, ##" xlink:href="#i""##,
        #" xmlns:xlink="x""#, #" onload="x()""#, #" id="a&amp;b""#, #" title="&#8217;""#,
        #" preserveAspectRatio="none""#, #" encoding="application/x-tex""#, #" scriptsizemultiplier="0.7""#,
        #" d="a > b""#, " d='single'", #" d="x" d="y""#, #" stroke-width="2" stroke-width="3""#,
        #" xmlns="http://www.w3.org/2000/svg""#, #" strikethrough-position="1""#, "  d=\"two\"", "\nd=\"lf\"",
    ]
    static let roots = ["<svg>", #"<svg xmlns="http://www.w3.org/2000/svg">"#, #"<svg xmlns="">"#,
        #"<svg xmlns="http://evil.test/">"#, #"<svg width="16" height="16" viewBox="0 0 24 24">"#, "<math>",
        #"<math xmlns="http://www.w3.org/1998/Math/MathML">"#, #"<math display="block">"#, "<SVG>", "<svg/>",
        #"<svg xmlns="http://www.w3.org/1998/Math/MathML">"#, #"<math xmlns="">"#]
    static let texts = ["x", "a &amp; b", "&#8721;", "\n", " ", "&lt;", "é", "&#x3C;", "x > y", "&nbsp;"]

    /// A random MathML or SVG element, with attributes, text and children, now and then something else in it.
    static func foreignTree(_ random: inout SplitMix64, names: [String], depth: Int) -> String {
        var out = ""
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let roll = Int.random(in: 0..<10, using: &random)
            if roll < 3 || depth > 4 {
                out += texts.randomElement(using: &random)!
                continue
            }
            let name = names.randomElement(using: &random)!
            var attributes = ""
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                attributes += foreignAttributes.randomElement(using: &random)!
            }
            if roll == 3 {
                out += "<\(name)\(attributes)/>"
            } else if roll == 4 && depth > 1 {
                // Left open: libxml2 closes it at its parent's end tag, or not at all.
                out += "<\(name)\(attributes)>"
            } else {
                out += "<\(name)\(attributes)>" + foreignTree(&random, names: names, depth: depth + 1) + "</\(name)>"
            }
        }
        return out
    }

    static let palette = ["#F97583", "#E1E4E8", "#B392F0", "#9ECBFF", "#79B8FF", "#6A737D", "#FFAB70", "#85E89D"]
    static let codeTexts = ["const", " x", " =", "(", ")", ";", "&#x3C;", "&#34;s&#34;", "&amp;", "&lt;", "\n", " ",
        "// c", "\"utf-8\"", "'q'", "x > y", "&gt;"]
    static let spanAttributes = [
        #" class="kd""#, #" class="line""#, #" style="color:#F97583""#, #" style="color:#E1E4E8;--shiki-dark:#79B8FF""#,
        #" style="color: #6A737D; font-style: italic""#, #" style="color:var(--x)""#, #" data-line="3""#, "",
        #" style="color:#D73A49;background-image:url(javascript:x)""#, #" class="cl""#,
    ]
    static let codeOpeners = [
        #"<pre tabindex="0" class="chroma"><code class="language-go" data-lang="go">"#,
        #"<pre class="shiki github-dark" style="background-color: #24292e" tabindex="0"><code>"#,
        #"<div class="wp-block-kevinbatdorf-code-block-pro" data-code-block-pro-font-family="Code-Pro-JetBrains-Mono" "#
            + #"style="font-size:.875rem;line-height:1.25rem"><pre class="shiki" tabindex="0"><code>"#,
        #"<pre><code data-code-lang="ts" data-code-theme="dark" tabindex="-1">"#,
    ]

    /// A highlighted code block: lines of token spans, with a colour of the palette or a class each.
    static func codeBlock(_ random: inout SplitMix64) -> String {
        let opener = codeOpeners.randomElement(using: &random)!
        var out = opener
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            out += "<span class=\"line\">"
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                var attribute = spanAttributes.randomElement(using: &random)!
                if Int.random(in: 0..<3, using: &random) == 0 {
                    attribute = " style=\"color:\(palette.randomElement(using: &random)!)\""
                }
                out += "<span\(attribute)>\(codeTexts.randomElement(using: &random)!)</span>"
            }
            out += "</span>\n"
        }
        return out + "</code></pre>" + (opener.hasPrefix("<div") ? "</div>" : "")
    }

    /// A value as a 2025–26 post holds it: a formula, an icon or a code block, between paragraphs, some left open.
    static func value(_ random: inout SplitMix64) -> String {
        var value = ["<p>", "", "<p>x ", "<h2 id=\"h\">t</h2>\n<p>"].randomElement(using: &random)!
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                value += codeBlock(&random)
            default:
                let root = roots.randomElement(using: &random)!
                let isMath = root.lowercased().hasPrefix("<math")
                let inside = foreignTree(&random, names: isMath ? mathNames : svgNames, depth: 0)
                let close = root.hasSuffix("/>") ? "" : ["</math>", "</svg>"][isMath ? 0 : 1]
                value += root + inside + (Int.random(in: 0..<8, using: &random) == 0 ? "" : close)
            }
            value += ["</p>", "", " y", "\n<p>z"].randomElement(using: &random)!
        }
        return value
    }

    @Test(.ownThread) func bothPathsWriteTheSameForRandomMathMLSVGAndCode() {
        let fast = HTMLSanitizingSession(baseURL: URL(string: "https://blog.example.com/"))
        let parsed = HTMLSanitizingSession(baseURL: URL(string: "https://blog.example.com/"), usesFastPath: false)
        var random = SplitMix64(seed: 35)
        var differences = 0
        for _ in 0..<6_000 {
            let value = Self.value(&random)
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

    /// A feed whose entry holds all of it, decoded whole, byte by byte, in random pieces and (the small one) cut at
    /// every point: each chunking gives the entry libxml2's path writes.
    @Test func aFeedOfFormulasIconsAndCodeReadsTheSameInEveryChunking() throws {
        var random = SplitMix64(seed: 7)
        let small = "<p>open <math><mi>x</mi><mn>2</mn></math><svg viewBox=\"0 0 8 8\"><path d=\"M0 0h8\"/></svg>"
            + "<pre><code><span style=\"color:#F97583\">if</span> <span class=\"o\">&amp;lt;</span></code></pre>"
        let large = "<p>open " + Self.value(&random) + Self.codeBlock(&random) + Self.value(&random)
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
