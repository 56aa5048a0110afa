import AtomStream
import StreamTestSupport
import Testing

/// Small documents pinning decoder bugs the corpus suites found, in every chunking.
@Suite struct AtomDecoderRegressionTests {
    /// With entity replacement off, libxml2 hands `&amp;` in attribute values over as `&#38;`; the engine turns it on.
    @Test func ampersandInAttributes() {
        let (outcome, feed) = decodeAtomEveryWay(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><link rel="next" href="/f?ps=5&amp;page=2"/>
            <entry><category term="a&#38;b"/><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">\
            <a href="?x=1&amp;y=&amp;amp;">&amp;</a></div></content></entry></feed>
            """, options: .init(baseURL: "https://example.com/base"))
        #expect(outcome.error == nil)
        #expect(feed.nextURL == "https://example.com/f?ps=5&page=2")
        #expect(outcome.items.first?.categories.first?.term == "a&b")
        #expect(outcome.items.first?.content?.value == #"<a href="?x=1&amp;y=&amp;amp;">&amp;</a>"#)
    }

    /// Whether XML content has a wrapper `div` must not depend on the type of the title before it.
    @Test func wrapperDivDecidedPerField() {
        let (outcome, _) = decodeAtomEveryWay(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry>\
            <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">T</div></title>\
            <content type="application/xhtml+xml"><div xmlns="http://www.w3.org/1999/xhtml">B</div></content>\
            </entry></feed>
            """)
        #expect(outcome.items.first?.title == AtomText(type: .xhtml, value: "T"))
        #expect(outcome.items.first?.content?.value == "<div>B</div>")
    }

    /// Files and Wikis answer with `td:error`, Blogs with Abdera's `error`; some `snx:error` bodies have an empty
    /// `code`.
    @Test func serviceErrorBodies() {
        let bodies: [(String, String, String?, String?)] = [
            (
                #"<td:error xmlns:td="urn:ibm.com/td"><td:errorCode>ItemNotFound</td:errorCode>"#
                    + "<td:errorMessage>gone</td:errorMessage></td:error>",
                "IBM Connections error ItemNotFound: gone", "ItemNotFound", "gone"
            ),
            (
                #"<e:error xmlns="http://incubator.apache.org/abdera" xmlns:e="http://incubator.apache.org/abdera">"#
                    + "<code>404</code><message>Not Found</message></e:error>",
                "IBM Connections error 404: Not Found", "404", "Not Found"
            ),
            (
                #"<error xmlns="http://www.ibm.com/xmlns/prod/sn"><code> </code><message>null</message></error>"#,
                "IBM Connections error: null", nil, "null"
            ),
        ]
        for (body, message, code, serviceMessage) in bodies {
            let (outcome, _) = decodeAtomEveryWay(body)
            #expect(outcome.error?.kind == .serviceError)
            #expect(outcome.error?.message == message)
            #expect(outcome.error?.serviceCode == code)
            #expect(outcome.error?.serviceMessage == serviceMessage)
        }
    }
}

/// Markup shown as HTML must not contain `<div />`, which HTML reads as an unclosed start tag.
@Test func emptyElementsInXHTML() {
    let (outcome, _) = decodeAtomEveryWay(
        """
        <entry xmlns="http://www.w3.org/2005/Atom"><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">\
        <div class="title"/><br/><img src="a.png"></img><p></p></div></content></entry>
        """)
    #expect(outcome.items.first?.content?.value == #"<div class="title"></div><br /><img src="a.png" /><p></p>"#)
}

/// Found by fuzzing: libxml2's push parser matches the `-->` that overlaps a `<!-->` opener, so a document
/// that parses whole failed when cut right after the opener.
@Test(arguments: [
    "<!-->\n</feiption'] -->\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>1</id></entry></feed>",
    "<feed xmlns=\"http://www.w3.org/2005/Atom\"><!---> x --><entry><id>1</id><!--> y --></entry></feed>",
    "<feed xmlns=\"http://www.w3.org/2005/Atom\"><!-- plain --><entry><id>1</id></entry><!-->--></feed>",
])
func commentOpenerOverlappingItsTerminator(document: String) {
    let (outcome, _) = decodeAtomEveryWay(document)
    #expect(outcome.error == nil)
    #expect(outcome.items.map(\.id) == ["1"])
}

@Test func unterminatedOverlappingCommentIsStillAnError() {
    let (outcome, _) = decodeAtomEveryWay("<feed xmlns=\"http://www.w3.org/2005/Atom\"><!--> never closed</feed>")
    #expect(outcome.error?.kind == .truncatedInput || outcome.error?.kind == .malformedInput)
}

/// Found by fuzzing: a conversion fault (an unknown or mismatched declared encoding) halts libxml2 without a
/// structured error; read from `xmlParseChunk`'s status, it is an error in every chunking, never a silent end.
@Test func encodingConversionFaultIsAnError() {
    var document = Array("<?xml version=\"1.0\" encoding=\"UTF.-8\"?><feed xmlns=\"http://www.w3.org/2005/Atom\">".utf8)
    document += Array("<entry><id>".utf8) + [0xFF, 0xFE] + Array("</id></entry></feed>".utf8)
    for splits in DripFeed.standardChunkings(document.count) {
        let outcome = DripFeed.run(AtomParser(), bytes: document, splits: splits)
        #expect(outcome.error?.kind == .malformedInput, "cut at \(splits.prefix(4))")
        #expect((outcome.error?.byteOffset ?? -1) > 0)
    }
}

/// Escaped markup arrives from libxml2 in a piece per reference, which the engine collects into one run before the
/// next element (shim.h, `feedstream_text_run`): a run past the collecting buffer (4 KiB) several times over, of
/// short references, short text and stretches of 256 bytes or more, decodes to the same text in every chunking,
/// with the elements around it in order.
@Test func escapedMarkupPastTheTextRunBuffer() {
    var escaped = ""
    var expected = ""
    for index in 0..<400 {
        escaped += "&lt;span class=\"n\"&gt;v\(index)&lt;/span&gt; &amp; &#x263A;"
        expected += "<span class=\"n\">v\(index)</span> & \u{263A}"
        if index % 37 == 0 {
            let stretch = String(repeating: "stretch \(index) ", count: 30)
            escaped += stretch
            expected += stretch
        }
    }
    let (outcome, _) = decodeAtomEveryWay(
        """
        <feed xmlns="http://www.w3.org/2005/Atom"><entry><title type="text">\(escaped)</title><id>urn:a</id>\
        <summary type="text">&lt;b&gt;</summary></entry></feed>
        """)
    #expect(outcome.error == nil)
    #expect(outcome.items.first?.title?.value == expected)
    #expect(outcome.items.first?.id == "urn:a")
    #expect(outcome.items.first?.summary?.value == "<b>")
}
