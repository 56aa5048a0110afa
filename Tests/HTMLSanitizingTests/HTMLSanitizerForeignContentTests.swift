@testable import HTMLSanitizing
import Foundation
import Testing

/// MathML and SVG inside HTML values: kept as feedparser keeps them (its allow-lists, the namespace declared on the
/// root), without scripts, handlers, `foreignObject` or unsafe URLs, and written the same by both paths.
@Suite struct HTMLSanitizerForeignContentTests {
    static let math = #"xmlns="http://www.w3.org/1998/Math/MathML""#
    static let svg = #"xmlns="http://www.w3.org/2000/svg""#
    static let xlink = #"xmlns:xlink="http://www.w3.org/1999/xlink""#

    let sanitizer = HTMLSanitizer(baseURL: URL(string: "https://blog.example.com/post/"))

    @Test func mathMLIsWrittenBackWithItsNamespace() {
        #expect(sanitizer.sanitize("<math><mi>x</mi><mn>2</mn></math>")
            == "<math \(Self.math)><mi>x</mi><mn>2</mn></math>")
        // KaTeX's output: the MathML half kept, the annotation with it; a `style` is no MathML attribute.
        let katex = #"<span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block">"#
            + #"<semantics><mrow><msup><mi>x</mi><mn>2</mn></msup><mo>&lt;</mo><mstyle displaystyle="true" "#
            + #"scriptlevel="0" style="color:red"><mtd>y</mtd></mstyle></mrow>"#
            + #"<annotation encoding="application/x-tex">x^2 &lt; y</annotation></semantics></math></span>"#
        #expect(sanitizer.sanitize(katex)
            == #"<span class="katex"><math display="block" xmlns="http://www.w3.org/1998/Math/MathML">"#
            + #"<semantics><mrow><msup><mi>x</mi><mn>2</mn></msup><mo>&lt;</mo><mstyle displaystyle="true" "#
            + #"scriptlevel="0"><mtd>y</mtd></mstyle></mrow>"#
            + #"<annotation encoding="application/x-tex">x^2 &lt; y</annotation></semantics></math></span>"#)
        // MathML's elements outside `math` are no HTML: dropped, their text kept.
        #expect(sanitizer.sanitize("<p><mi>x</mi></p>") == "<p>x</p>")
    }

    @Test func svgIsWrittenInItsOwnCaseWithItsNamespace() {
        let icon = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" "#
            + #"stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">"#
            + #"<path d="M5 12h14M12 5l7 7-7 7"/><linearGradient id="g"><stop offset="0"/></linearGradient></svg>"#
        #expect(sanitizer.sanitize(icon)
            == #"<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" "#
            + #"stroke-linecap="round" stroke-linejoin="round" xmlns="http://www.w3.org/2000/svg">"#
            + #"<path d="M5 12h14M12 5l7 7-7 7"></path><linearGradient id="g"><stop offset="0"></stop>"#
            + "</linearGradient></svg>")
        // feedparser's own case: no namespace written, a link with XLink's.
        #expect(sanitizer.sanitize(#"<svg width="3"><a xlink:href="https://a.test/"><circle r="1" /></a></svg>"#)
            == #"<svg width="3" \#(Self.svg)><a xlink:href="https://a.test/" \#(Self.xlink)><circle r="1"></circle>"#
            + "</a></svg>")
        // A root in another namespace is no SVG: dropped with what it holds, text kept.
        #expect(sanitizer.sanitize(#"<svg xmlns="http://evil.test/"><path d="M0"/><title>t</title></svg>"#) == "t")
        #expect(sanitizer.sanitize(#"<p><path d="M0"/>x</p>"#) == "<p>x</p>")
    }

    /// The vectors `scripts/sanitizer-browser-check/xss-vectors.txt` renders in Chromium, checked here by text.
    @Test(arguments: [
        #"<svg onload="alert(1)"><circle r="1"/></svg>"#,
        #"<svg><a xlink:href="javascript:alert(1)"><text x="0" y="10">x</text></a></svg>"#,
        #"<svg><a xlink:href="  JaVaScRiPt:alert(1)"><text>x</text></a></svg>"#,
        #"<svg><a href="javascript:alert(1)"><text>x</text></a></svg>"#,
        #"<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>"#,
        #"<svg><a><set attributeName="xlink:href" to="javascript:alert(1)"/><text>x</text></a></svg>"#,
        #"<svg><a><set attributeName=" HREF " to="javascript:alert(1)"/><text>x</text></a></svg>"#,
        #"<svg><animate onbegin="alert(1)" attributeName="x" dur="1s"/></svg>"#,
        #"<math><mtext><script>alert(1)</script></mtext></math>"#,
        #"<math href="javascript:alert(1)"><mi>x</mi></math>"#,
        #"<math><maction actiontype="statusline" xlink:href="javascript:alert(1)"><mi>x</mi></maction></math>"#,
        #"<svg><foreignObject><img src="x" onerror="alert(1)"><script>alert(1)</script></foreignObject></svg>"#,
        #"<svg><use xlink:href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/></svg>"#,
        #"<svg><script>alert(1)</script><style>*{x:expression(alert(1))}</style></svg>"#,
        #"<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>"#,
        #"<svg><p><style><img src=x onerror=alert(1)></style></p></svg>"#,
    ])
    func injectionThroughSVGAndMathMLIsNeutralised(vector: String) {
        for session in [HTMLSanitizingSession(baseURL: nil), HTMLSanitizingSession(baseURL: nil, usesFastPath: false)]
        {
            let out = session.sanitize(vector).lowercased()
            // No `javascript:` anywhere: an animation whose `attributeName` went loses its `to`/`values` too.
            for forbidden in ["javascript:", "<script", "onload", "onerror", "onbegin",
                "foreignobject", "data:", "attributename=\"href", "attributename=\"xlink:href",
                "attributename=\" href", "<style", "alert(1)</"]
            {
                #expect(!out.contains(forbidden), "\(vector) → \(out)")
            }
        }
    }

    @Test func animationsKeepWhatTheyMayChange() {
        #expect(sanitizer.sanitize(#"<svg><rect><animate attributeName="opacity" from="0" to="1" dur="1s"/></rect></svg>"#)
            == #"<svg \#(Self.svg)><rect><animate attributeName="opacity" from="0" to="1" dur="1s"></animate></rect></svg>"#)
        // A dropped `attributeName` takes what the animation would set with it, whichever comes first.
        #expect(sanitizer.sanitize(#"<svg><set to="javascript:x" attributeName="href" by="1" begin="0s"/></svg>"#)
            == #"<svg \#(Self.svg)><set begin="0s"></set></svg>"#)
        #expect(sanitizer.sanitize(#"<svg><animateMotion values="0,0;9,9" dur="1s"/></svg>"#)
            == #"<svg \#(Self.svg)><animateMotion values="0,0;9,9" dur="1s"></animateMotion></svg>"#)
    }

    @Test func bothPathsWriteTheSame() {
        let fast = HTMLSanitizingSession(baseURL: URL(string: "https://blog.example.com/"))
        let parsed = HTMLSanitizingSession(baseURL: URL(string: "https://blog.example.com/"), usesFastPath: false)
        let values = [
            "<p>Euler: <math><mi>e</mi><mo>=</mo><mn>2.718</mn></math> and an icon "
                + #"<svg viewBox="0 0 8 8"><path d="M0 0h8"/></svg></p>"#,
            ##"<h2 id="a">Title <a href="#a" aria-hidden="true"><svg width="16"><use xlink:href="#i"/></svg></a></h2>"##,
            "<svg><svg><g><text>nested</text></g></svg></svg><math><math><mi>x</mi></math></math>",
            "<svg><b>html inside</b><a href=\"/x\" xlink:href=\"/y\">link</a></svg>",
        ]
        for value in values {
            #expect(fast.sanitize(value) == parsed.sanitize(value), "\(value)")
        }
    }
}
