/// Markup as 2025–26 blog posts hold it, generated: MathML and SVG trees with attributes of every kind (some
/// unsafe, some left open) and highlighted code blocks (Chroma, Shiki, Code Block Pro), for the sanitizer's tests
/// (`HTMLSanitizerForeignContentFastPathTests`) and the feed tests that read it (`FeedSanitizingTests`).
public enum BlogMarkup {
    public static let mathNames = ["mi", "mn", "mo", "mrow", "msup", "msub", "mfrac", "mstyle", "mtext", "semantics",
        "annotation", "annotation-xml", "mtd", "mtr", "mtable", "munderover", "MI", "mglyph", "none", "b", "svg"]
    public static let svgNames = ["path", "g", "circle", "rect", "linearGradient", "lineargradient", "stop", "text",
        "tspan", "use", "defs", "animate", "set", "a", "title", "desc", "p", "math", "foreignObject", "font-face",
        "Path"]
    public static let foreignAttributes = [
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
    public static let roots = ["<svg>", #"<svg xmlns="http://www.w3.org/2000/svg">"#, #"<svg xmlns="">"#,
        #"<svg xmlns="http://evil.test/">"#, #"<svg width="16" height="16" viewBox="0 0 24 24">"#, "<math>",
        #"<math xmlns="http://www.w3.org/1998/Math/MathML">"#, #"<math display="block">"#, "<SVG>", "<svg/>",
        #"<svg xmlns="http://www.w3.org/1998/Math/MathML">"#, #"<math xmlns="">"#]
    public static let texts = ["x", "a &amp; b", "&#8721;", "\n", " ", "&lt;", "é", "&#x3C;", "x > y", "&nbsp;"]

    /// A random MathML or SVG element, with attributes, text and children, now and then something else in it.
    public static func foreignTree(_ random: inout SplitMix64, names: [String], depth: Int) -> String {
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

    public static let palette = ["#F97583", "#E1E4E8", "#B392F0", "#9ECBFF", "#79B8FF", "#6A737D", "#FFAB70", "#85E89D"]
    public static let codeTexts = ["const", " x", " =", "(", ")", ";", "&#x3C;", "&#34;s&#34;", "&amp;", "&lt;", "\n",
        " ", "// c", "\"utf-8\"", "'q'", "x > y", "&gt;"]
    public static let spanAttributes = [
        #" class="kd""#, #" class="line""#, #" style="color:#F97583""#, #" style="color:#E1E4E8;--shiki-dark:#79B8FF""#,
        #" style="color: #6A737D; font-style: italic""#, #" style="color:var(--x)""#, #" data-line="3""#, "",
        #" style="color:#D73A49;background-image:url(javascript:x)""#, #" class="cl""#,
    ]
    public static let codeOpeners = [
        #"<pre tabindex="0" class="chroma"><code class="language-go" data-lang="go">"#,
        #"<pre class="shiki github-dark" style="background-color: #24292e" tabindex="0"><code>"#,
        #"<div class="wp-block-kevinbatdorf-code-block-pro" data-code-block-pro-font-family="Code-Pro-JetBrains-Mono" "#
            + #"style="font-size:.875rem;line-height:1.25rem"><pre class="shiki" tabindex="0"><code>"#,
        #"<pre><code data-code-lang="ts" data-code-theme="dark" tabindex="-1">"#,
    ]

    /// A highlighted code block: lines of token spans, with a colour of the palette or a class each.
    public static func codeBlock(_ random: inout SplitMix64) -> String {
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
    public static func value(_ random: inout SplitMix64) -> String {
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
}
