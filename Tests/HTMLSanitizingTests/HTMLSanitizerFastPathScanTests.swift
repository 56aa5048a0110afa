@testable import HTMLSanitizing
import Foundation
import StreamTestSupport
import Testing

/// The fast path's word-at-a-time scans of attribute values, its cache of HTML 4 names and its unvalidated output
/// `String`, each against the libxml2 path.
@Suite struct HTMLSanitizerFastPathScanTests {
    /// The attribute-value scan reads sixteen bytes at a time: each byte it must stop at, at every offset within and
    /// across the words it reads, in kept, URL and `srcset` values, gives what the libxml2 path gives.
    @Test func everyStopByteAtEveryOffsetOfTheValueScan() {
        let fast = HTMLSanitizingSession(baseURL: URL(string: "https://example.org/a/"))
        let parsed = HTMLSanitizingSession(baseURL: URL(string: "https://example.org/a/"), usesFastPath: false)
        let stops = ["&amp;", "&quot;", "&lt;", "&gt;", ">", "<", "'", "\t", "\n", "\r", "\u{1}", "\u{0}",
            "\u{FFFE}", "\u{FFFD}", "é", " ", "&#8217;", "&nbsp;", "&#x1F600;", "&#9;", "&notaname;", ":"]
        var differences: [String] = []
        var values = 0
        for stop in stops {
            for offset in 0..<34 {
                for tail in [0, 3, 9] {
                    let inside = String(repeating: "w", count: offset) + stop + String(repeating: "z", count: tail)
                    for attribute in ["title", "href", "srcset", "class"] {
                        let value = "<p><a \(attribute)=\"\(inside)\">x</a></p>"
                        values += 1
                        if fast.sanitize(value) != parsed.sanitize(value) { differences.append(value) }
                    }
                }
            }
        }
        #expect(differences == [])
        // Not vacuous: the scan took 13 of the 22 (all but `<`, the five controls, U+FFFE, `&#9;` and unknown names).
        #expect(fast.fastPathCount >= 13 * 34 * 3 * 4)
        #expect(fast.parsedCount > 0)
        #expect(values == stops.count * 34 * 3 * 4)
    }

    /// More HTML 4 names than the cache has slots, twice over and in changing orders, so names evict each other:
    /// every one decodes as libxml2 decodes it, on the fast path.
    @Test func namedReferencesPastTheCacheSize() {
        let names = """
            nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 \
            acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde \
            Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute \
            Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde \
            auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute \
            ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml hellip mdash ndash lsquo \
            rsquo ldquo rdquo euro trade amp lt gt quot
            """.split(separator: " ").map(String.init)
        #expect(names.count > 64)
        let fast = HTMLSanitizingSession(baseURL: nil)
        let parsed = HTMLSanitizingSession(baseURL: nil, usesFastPath: false)
        var random = SplitMix64(seed: 7)
        for round in 0..<6 {
            let order = round == 0 ? names : names.shuffled(using: &random)
            let text = order.map { "&\($0);" }.joined(separator: " ")
            let title = order.prefix(20).map { "&\($0);" }.joined()
            let value = "<p title=\"\(title)\">\(text)</p>"
            let before = fast.fastPathCount
            let output = fast.sanitize(value)
            #expect(output == parsed.sanitize(value))
            #expect(fast.fastPathCount == before + 1)
            #expect(!output.contains("&eacute;") && output.contains("é") && output.contains("&amp;"))
        }
        // A name that is none, met again after the cache remembered it as none, still leaves the fast path.
        for _ in 0..<3 { _ = fast.sanitize("<p>&notaname; x</p>") }
        #expect(fast.parsedCount == 3)
    }

    /// The output `String` is made without validating it again: values of every width of UTF-8, from the text and
    /// from references, come out valid and equal to the libxml2 path's.
    @Test func outputOfEveryCharacterWidthIsValidUTF8() {
        let fast = HTMLSanitizingSession(baseURL: nil)
        let parsed = HTMLSanitizingSession(baseURL: nil, usesFastPath: false)
        let pieces = ["a", "é", "漢", "😀", "&#233;", "&#x6F22;", "&#x1F600;", "&#128512;", "&eacute;", "&amp;", " ",
            "<b>", "</b>", "\u{10FFFF}", "&#xFFFD;", "\u{7F}"]
        var random = SplitMix64(seed: 11)
        for _ in 0..<400 {
            var value = "<p title=\"" + (0..<3).map { _ in pieces.filter { !$0.hasPrefix("<") }
                .randomElement(using: &random)! }.joined() + "\">"
            var open = 0
            for _ in 0..<12 {
                let piece = pieces.randomElement(using: &random)!
                if piece == "</b>" {
                    guard open > 0 else { continue }
                    open -= 1
                } else if piece == "<b>" {
                    open += 1
                }
                value += piece
            }
            value += String(repeating: "</b>", count: open) + "</p>"
            let output = fast.sanitize(value)
            #expect(output == parsed.sanitize(value), "\(value)")
            #expect(output.utf8.count == Array(output.utf8).count)
            #expect(String(validating: Array(output.utf8), as: UTF8.self) == output)
            // Equal as strings and as bytes (a String made unchecked would compare by its bytes).
            #expect(Array(output.utf8) == Array(parsed.sanitize(value).utf8))
        }
        #expect(fast.fastPathCount > 300)
    }
}
