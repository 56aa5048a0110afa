import HTMLSanitizing
import Foundation
import StreamTestSupport
import Testing

/// One test per rule of ``HTMLSanitizer``.
@Suite struct HTMLSanitizerTests {
    let sanitizer = HTMLSanitizer(baseURL: URL(string: "https://example.org/posts/1"))

    @Test func textWithoutMarkupIsKeptAsWritten() {
        #expect(sanitizer.sanitize("just text, no markup > here") == "just text, no markup > here")
        // References in a value without `<` are text to a browser: kept as written, as feedparser keeps them.
        #expect(sanitizer.sanitize("a &amp; b &#38; &lt;script&gt; &eacute; AT&T") == "a &amp; b &#38; &lt;script&gt; &eacute; AT&T")
    }

    @Test func allowedElementsStayAndOthersGoKeepingContent() {
        #expect(sanitizer.sanitize("<p><em>a</em> <strong>b</strong> <code>c</code></p>") ==
            "<p><em>a</em> <strong>b</strong> <code>c</code></p>")
        #expect(sanitizer.sanitize("safe<blink>ty</blink> text") == "safety text")
        #expect(sanitizer.sanitize("a<iframe src=\"http://x/\"></iframe>b<object>c</object>") == "abc")
        #expect(sanitizer.sanitize("x<form action=\"/\"><input value=\"v\"></form>") == "x<input value=\"v\" />")
    }

    @Test func scriptStyleAndAppletGoWithTheirContent() {
        #expect(sanitizer.sanitize("safe<script>alert(1)</script> description") == "safe description")
        #expect(sanitizer.sanitize("a<style>p{color:red}</style>b") == "ab")
        #expect(sanitizer.sanitize("a<applet code=\"x\">inner</applet>b") == "ab")
    }

    @Test func eventHandlersAndUnknownAttributesGo() {
        #expect(sanitizer.sanitize("<p onclick=\"alert(1)\" title=\"t\" foo=\"bar\">x</p>") == "<p title=\"t\">x</p>")
        #expect(sanitizer.sanitize("<img src=\"http://a/i.png\" onerror=\"alert(1)\">") == "<img src=\"http://a/i.png\" />")
    }

    @Test func urlAttributesKeepOnlySafeSchemes() {
        for unsafe in [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "jav&#x09;ascript:alert(1)",
            "jav&#10;ascript:alert(1)", "&#106;avascript:alert(1)", "vbscript:msgbox(1)",
            "data:text/html;base64,PHNjcmlwdD4=", "java\u{0}script:alert(1)",
        ] {
            #expect(sanitizer.sanitize("<a href=\"\(unsafe)\">x</a>") == "<a>x</a>", "\(unsafe)")
        }
        #expect(sanitizer.sanitize("<a href=\"https://a.test/?q=1&amp;r=2\">x</a>") ==
            "<a href=\"https://a.test/?q=1&amp;r=2\">x</a>")
        #expect(sanitizer.sanitize("<a href=\"mailto:me@a.test\">m</a>") == "<a href=\"mailto:me@a.test\">m</a>")
        #expect(sanitizer.sanitize("<img src=\"../i.png\">") == "<img src=\"https://example.org/i.png\" />")
        #expect(HTMLSanitizer().sanitize("<img src=\"../i.png\">") == "<img src=\"../i.png\" />")
    }

    @Test func styleKeepsOnlyAllowedProperties() {
        #expect(sanitizer.sanitize("<span style=\"color: red; position: absolute\">x</span>") ==
            "<span style=\"color: red;\">x</span>")
        #expect(sanitizer.sanitize("<span style=\"width: expression(alert(1))\">x</span>") == "<span>x</span>")
        #expect(sanitizer.sanitize("<span style=\"background: url(javascript:alert(1))\">x</span>") ==
            "<span>x</span>")
        #expect(sanitizer.sanitize("<span style=\"border: 1px solid #ccc\">x</span>") ==
            "<span style=\"border: 1px solid #ccc;\">x</span>")
    }

    @Test func commentsProcessingInstructionsAndDoctypesGo() {
        #expect(sanitizer.sanitize("a<!-- <script>alert(1)</script> -->b<?php echo 1 ?>c") == "abc")
        #expect(sanitizer.sanitize("<!DOCTYPE html>text<b>x</b>") == "text<b>x</b>")
    }

    @Test func outputIsBalancedAndVoidElementsSelfClose() {
        #expect(sanitizer.sanitize("<ul><li>one<li>two</ul><b>open") == "<ul><li>one</li><li>two</li></ul><b>open</b>")
        #expect(sanitizer.sanitize("a<br>b<hr/>c</br>") == "a<br />b<hr />c")
        #expect(sanitizer.sanitize("</div></p>text") == "text")
    }

    @Test func entitiesInMarkupAreDecodedThenEscaped() {
        #expect(sanitizer.sanitize("<b>a &amp; b &lt;c&gt; &eacute; &#233; &quot;</b>") == "<b>a &amp; b &lt;c&gt; é é \"</b>")
        #expect(sanitizer.sanitize("<a title=\"&quot;&gt;&lt;script&gt;\">x</a>") ==
            "<a title=\"&quot;&gt;&lt;script&gt;\">x</a>")
    }

    @Test(.ownThread) func hostileInputNeverCrashesAndStaysSafe() {
        let deep = String(repeating: "<div>", count: 100_000) + "x"
        let deepOut = sanitizer.sanitize(deep)
        #expect(deepOut.hasSuffix(String(repeating: "</div>", count: 10)))
        let huge = "<a title=\"" + String(repeating: "A", count: 4 << 20) + "\">x</a>"
        #expect(sanitizer.sanitize(huge).count > 4 << 20)
        let garbage = String(decoding: (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }, as: UTF8.self)
        let cleaned = sanitizer.sanitize(garbage)
        #expect(!cleaned.lowercased().contains("<script"))
        for malformed in ["<a href=\"javascript:alert(1)", "<<script>alert(1)//<</script>", "<img src=x onerror=alert(1)//",
            "<scr<script>ipt>alert(1)</script>", "<svg><script>alert(1)</script></svg>"] {
            let out = sanitizer.sanitize(malformed)
            #expect(!out.contains("<script") && !out.contains("onerror") && !out.contains("javascript:"), "\(out)")
        }
    }

    /// libxml2 keeps every element and attribute name it meets in the context's dictionary, which a reused context
    /// keeps too: a feed whose entries bring new names without end grew it (and the writer's rule tables) without
    /// bound. The session starts on a fresh context past a bound, and writes the same.
    @Test func newNamesWithoutEndKeepTheNameTablesBounded() {
        let session = HTMLSanitizingSession(baseURL: nil, usesFastPath: false)
        for index in 0..<6000 {
            let value = "<p><x\(index) y\(index)=\"1\">t</x\(index)> <b z\(index)=\"2\">b</b></p>"
            #expect(session.sanitize(value) == "<p>t <b>b</b></p>")
            #expect(session.internedNameCount <= HTMLSanitizingSession.maximumInternedNames + 64)
        }
    }
}
