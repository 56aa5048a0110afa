import AtomStream
import StreamTestSupport
import Testing

/// XHTML values are written as HTML reads them: SVG, MathML and XHTML elements by their local names, whatever
/// prefix the document gave them, each foreign run declaring its namespace once; XML values keep their names.
@Suite struct XHTMLForeignContentTests {
    static func entry(content: String, type: String = "xhtml") -> String {
        """
        <feed xmlns="http://www.w3.org/2005/Atom"><entry xmlns:svg="http://www.w3.org/2000/svg" \
        xmlns:m="http://www.w3.org/1998/Math/MathML" xmlns:h="http://www.w3.org/1999/xhtml" \
        xmlns:xlink="http://www.w3.org/1999/xlink"><id>e</id><content type="\(type)">\(content)</content></entry></feed>
        """
    }

    @Test("Prefixed SVG declared on the entry: written unprefixed, its namespace on the svg element")
    func prefixedSVG() {
        let (outcome, _) = decodeAtomEveryWay(
            Self.entry(
                content: """
                    <div xmlns="http://www.w3.org/1999/xhtml"><p>A dot:</p><svg:svg width="10"><svg:a \
                    xlink:href="https://example.org/"><svg:circle r="5"/></svg:a></svg:svg></div>
                    """))
        #expect(outcome.error == nil)
        #expect(
            outcome.items.first?.content?.value
                == "<p>A dot:</p><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\"><a "
                + "xlink:href=\"https://example.org/\"><circle r=\"5\"></circle></a></svg>")
    }

    @Test("Prefixed MathML and XHTML: local names; a default declaration already there is not written twice")
    func prefixedMathMLAndXHTML() {
        let (outcome, _) = decodeAtomEveryWay(
            Self.entry(
                content: """
                    <h:div><h:p>x<h:br/></h:p><m:math><m:mi>a</m:mi></m:math>\
                    <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>b</mi></math></h:div>
                    """))
        #expect(outcome.error == nil)
        #expect(
            outcome.items.first?.content?.value
                == "<p>x<br /></p><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi>a</mi></math>"
                + "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi>b</mi></math>")
    }

    @Test("Sanitized, the drawing stays: feedparser's SVG allow-list applies")
    func sanitized() {
        var options = AtomParser.Options()
        options.sanitizesHTML = true
        let (outcome, _) = decodeAtomEveryWay(
            Self.entry(
                content: """
                    <div xmlns="http://www.w3.org/1999/xhtml"><svg:svg onload="alert(1)"><svg:circle r="5"/>\
                    </svg:svg></div>
                    """), options: options)
        #expect(
            outcome.items.first?.content?.value
                == "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"5\"></circle></svg>")
    }

    @Test("An XML media type keeps the names as they came")
    func xmlContent() {
        let (outcome, _) = decodeAtomEveryWay(
            Self.entry(content: "<svg:svg><svg:circle r=\"5\"/></svg:svg>", type: "image/svg+xml"))
        #expect(outcome.items.first?.content?.value == "<svg:svg><svg:circle r=\"5\"></svg:circle></svg:svg>")
    }
}
