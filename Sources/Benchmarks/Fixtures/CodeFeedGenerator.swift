/// Writes an RSS 2.0 feed of a programming blog as static-site generators and code plugins publish it in 2025–26:
/// `content:encoded` in CDATA with syntax-highlighted code in both span styles (Hugo's Chroma: `<span class="kd">`
/// inside `<pre tabindex="0" class="chroma"><code class="language-go" data-lang="go">`; Shiki and WordPress's Code
/// Block Pro: `<span style="color:#F97583">`, dual themes as `--shiki-dark`, inside `<pre class="shiki"
/// style="…" tabindex="0">` and a wrapper with `data-code-block-pro-*`), a KaTeX formula (MathML with its
/// TeX annotation, beside KaTeX's own `aria-hidden` HTML), an inline SVG icon (`path d`, `stroke-linecap`), a
/// `<picture>` with `<source media srcset>`, headings with `id` and an `aria-hidden` anchor, and paragraphs left
/// open next to closed ones; an escaped excerpt in `description`.
///
/// The `rss-code` workload (sanitized against `--raw-html`, issue 35): the markup where sanitizing real 2025–26
/// feeds cost 2.46× the raw decode.
struct CodeFeedGenerator {
    let items: Int
    let seed: UInt64

    func write(to sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        sink.write(
            """
            <?xml version="1.0" encoding="utf-8" standalone="yes"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
              <channel>
                <title>Compiler notes</title>
                <link>https://code.example.dev/</link>
                <description>Recent content on Compiler notes</description>
                <generator>Hugo</generator>
                <language>en-us</language>
                <atom:link href="https://code.example.dev/index.xml" rel="self" type="application/rss+xml" />

            """)
        for index in 0..<items {
            writeItem(index, &random, to: &sink)
        }
        sink.write("  </channel>\n</rss>\n")
    }

    private func writeItem(_ index: Int, _ random: inout SeededRandom, to sink: inout FixtureSink) {
        let slug = "\(random.pick(Self.identifiers))-\(random.hex(6))"
        let link = "https://code.example.dev/posts/\(slug)/"
        let title = "\(random.pick(Self.titles)) (\(index))"
        sink.write(
            """
                <item>
                  <title>\(title)</title>
                  <link>\(link)</link>
                  <pubDate>Thu, \(10 + random.below(18)) Nov 2026 0\(random.below(10)):\(10 + random.below(50)):00 +0000</pubDate>
                  <guid>\(link)</guid>
                  <description>\(prose(&random, words: 30)) …</description>
                  <content:encoded><![CDATA[
            """)
        var body = "<p>\(prose(&random, words: 40 + random.below(30)))</p>\n"
        // An open paragraph: the generator wrote no `</p>` before the heading.
        body += "<p>\(prose(&random, words: 20 + random.below(20)))\n"
        body += heading(&random)
        body += chromaBlock(&random, lines: 15 + random.below(25))
        body += "<p>\(prose(&random, words: 25)) \(formula(&random)) \(prose(&random, words: 12))</p>\n"
        body += picture(&random, slug: slug)
        body += heading(&random)
        body += "<p>\(prose(&random, words: 30))\n"
        body += shikiBlock(&random, lines: 15 + random.below(25), dual: random.below(2) == 0)
        body += "<p>\(icon) <a href=\"https://github.com/example/\(slug)\">\(prose(&random, words: 4))</a></p>\n"
        sink.write(body)
        sink.write("]]></content:encoded>\n    </item>\n")
    }

    /// A heading with an `id` and an anchor link as Hugo themes and VitePress write them.
    private func heading(_ random: inout SeededRandom) -> String {
        let id = "\(random.pick(Self.identifiers))-\(random.pick(Self.identifiers))"
        return "<h2 id=\"\(id)\">\(prose(&random, words: 4)) <a class=\"header-anchor\" href=\"#\(id)\" "
            + "aria-hidden=\"true\" tabindex=\"-1\">#</a></h2>\n"
    }

    /// Chroma's class spans, one `line`/`cl` pair per line, as Hugo writes them.
    private func chromaBlock(_ random: inout SeededRandom, lines: Int) -> String {
        var code = "<div class=\"highlight\"><pre tabindex=\"0\" class=\"chroma\"><code class=\"language-go\" "
            + "data-lang=\"go\">"
        for _ in 0..<lines {
            code += "<span class=\"line\"><span class=\"cl\">"
            for _ in 0..<(2 + random.below(6)) {
                let (token, kind) = random.pick(Self.chromaTokens)
                code += "<span class=\"\(kind)\">\(token)</span>"
                if random.below(3) == 0 { code += " " }
            }
            code += "\n</span></span>"
        }
        return code + "</code></pre></div>\n"
    }

    /// Shiki's inline colours (Code Block Pro's wrapper around them), one span per token; dual themes add the dark
    /// colour as a custom property.
    private func shikiBlock(_ random: inout SeededRandom, lines: Int, dual: Bool) -> String {
        var code = "<div class=\"wp-block-kevinbatdorf-code-block-pro\" data-code-block-pro-font-family=\"Code-Pro-"
            + "JetBrains-Mono\" style=\"font-size:.875rem;line-height:1.25rem\"><pre class=\"shiki github-dark\" "
            + "style=\"background-color: #24292e\" tabindex=\"0\"><code>"
        for _ in 0..<lines {
            code += "<span class=\"line\">"
            for _ in 0..<(2 + random.below(7)) {
                let (light, dark) = random.pick(Self.shikiColors)
                let style = dual ? "color:\(light);--shiki-dark:\(dark)" : "color:\(dark)"
                code += "<span style=\"\(style)\">\(random.pick(Self.shikiTokens))</span>"
            }
            code += "</span>\n"
        }
        return code + "</code></pre></div>\n"
    }

    /// KaTeX's output: MathML with the TeX as annotation, then its HTML rendering hidden from assistive technology.
    private func formula(_ random: inout SeededRandom) -> String {
        let variable = random.pick(["x", "n", "k", "i"]), power = 2 + random.below(3)
        return "<span class=\"katex\"><span class=\"katex-mathml\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\">"
            + "<semantics><mrow><mstyle displaystyle=\"true\" scriptlevel=\"0\"><munderover><mo>∑</mo><mrow>"
            + "<mi>\(variable)</mi><mo>=</mo><mn>1</mn></mrow><mi>N</mi></munderover><msup><mi>\(variable)</mi>"
            + "<mn>\(power)</mn></msup></mstyle></mrow><annotation encoding=\"application/x-tex\">"
            + "\\sum_{\(variable)=1}^N \(variable)^\(power)</annotation></semantics></math></span>"
            + "<span class=\"katex-html\" aria-hidden=\"true\"><span class=\"base\"><span class=\"mord mathnormal\">"
            + "\(variable)</span><span class=\"msupsub\"><span class=\"mord mtight\">\(power)</span></span></span>"
            + "</span></span>"
    }

    private func picture(_ random: inout SeededRandom, slug: String) -> String {
        let image = "https://code.example.dev/posts/\(slug)/diagram"
        return "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(image)-dark.webp 1x, "
            + "\(image)-dark@2x.webp 2x\"><source type=\"image/webp\" srcset=\"\(image).webp 1x, \(image)@2x.webp 2x\">"
            + "<img src=\"\(image).png\" alt=\"\(words(&random, 5))\" loading=\"lazy\" width=\"800\" "
            + "height=\"450\"></picture>\n"
    }

    /// Lucide's link icon, as themes inline it beside a repository link.
    private let icon = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\" viewBox=\"0 0 24 24\" "
        + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\" "
        + "aria-hidden=\"true\"><path d=\"M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71\"/>"
        + "<path d=\"M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71\"/></svg>"

    /// Plain words, as an `alt` holds them: a generator escapes markup there, so `prose`'s `<code>` cannot stand in it.
    private func words(_ random: inout SeededRandom, _ count: Int) -> String {
        (0..<count).map { _ in random.pick(Self.words) }.joined(separator: " ")
    }

    private func prose(_ random: inout SeededRandom, words: Int) -> String {
        var text = ""
        for word in 0..<words {
            if word > 0 { text += " " }
            switch random.below(12) {
            case 0: text += "<code>\(random.pick(Self.identifiers))()</code>"
            case 1: text += "<em>\(random.pick(Self.identifiers))</em>"
            case 2: text += "it’s"
            default: text += random.pick(Self.words)
            }
        }
        return text
    }

    static let words = [
        "the", "compiler", "inlines", "this", "call", "and", "we", "measure", "it", "again", "before", "a", "loop",
        "with", "bounds", "checks", "that", "vanish", "when", "hoisted", "out", "of", "hot", "path", "allocation",
        "escape", "analysis", "register", "pressure", "cache", "line", "branch",
    ]
    static let identifiers = ["parse", "scan", "token", "buffer", "reader", "arena", "lexer", "cursor", "span"]
    static let titles = ["Escape analysis in practice", "A faster lexer", "Notes on arenas", "Profiling a parser"]
    /// Go tokens with Chroma's classes; HTML-escaped as Hugo writes them (`&#34;`, `&amp;`, `&lt;`).
    static let chromaTokens: [(String, String)] = [
        ("func", "kd"), ("return", "k"), ("if", "k"), ("for", "k"), ("range", "k"), ("nil", "kc"), ("err", "nx"),
        ("buf", "nx"), ("scan", "nf"), ("Read", "nf"), ("(", "p"), (")", "p"), ("{", "p"), ("}", "p"), (":=", "o"),
        ("&amp;", "o"), ("&lt;", "o"), ("!=", "o"), ("int", "kt"), ("byte", "kt"), ("0", "mi"), ("16", "mi"),
        ("&#34;unexpected EOF&#34;", "s"), ("// keep the slice", "c1"), ("len", "nb"), ("fmt", "nx"), (".", "p"),
    ]
    /// TypeScript tokens as Shiki writes them (`&#x3C;` for `<`).
    static let shikiTokens = [
        "const", " buffer", " =", " new", " Uint8Array", "(", "size", ")", ";", "  if", " (", "offset", " &#x3C;",
        " length", ") {", "return", " token", "}", "\"utf-8\"", "// fast path", "await", " reader", ".", "read",
    ]
    /// github-light and github-dark, as pairs.
    static let shikiColors = [
        ("#D73A49", "#F97583"), ("#24292E", "#E1E4E8"), ("#6F42C1", "#B392F0"), ("#032F62", "#9ECBFF"),
        ("#005CC5", "#79B8FF"), ("#6A737D", "#6A737D"), ("#E36209", "#FFAB70"), ("#22863A", "#85E89D"),
    ]
}
