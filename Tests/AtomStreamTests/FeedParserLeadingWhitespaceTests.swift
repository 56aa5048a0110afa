import AtomStream
import StreamTestSupport
import Testing

/// Feeds whose server printed blank lines before `<?xml` (a classic of web applications): XML forbids them,
/// feedparser reads such feeds anyway, and so does ``FeedParser``. ``AtomParser`` stays strict.
@Suite("FeedParser: whitespace before the XML declaration")
struct FeedParserLeadingWhitespaceTests {
    static let rss = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>c</title>
        <item><title>one</title><guid>1</guid></item>
        <item><title>two</title><guid>2</guid></item>
        </channel></rss>
        """

    @Test("Blank lines, spaces and tabs before <?xml are dropped, in every chunking")
    func droppedInEveryChunking() {
        let clean = decodeFeedEveryWay(Self.rss)
        let padded = decodeFeedEveryWay("\n\r\n  \t\n" + Self.rss)
        #expect(padded.outcome.error == nil)
        #expect(padded.outcome.items.map(\.id) == ["1", "2"])
        #expect(padded.outcome.items == clean.outcome.items)
        #expect(padded.feed == clean.feed)
    }

    @Test("Positions still count the dropped bytes and lines")
    func positionsCountDroppedWhitespace() throws {
        let broken = "\n\n  " + Self.rss.replacingOccurrences(of: "<title>two</title>", with: "<title>two</titel>")
        let padded = decodeFeedEveryWay(broken).outcome
        let error = try #require(padded.error)
        let unpadded = try #require(
            decodeFeedEveryWay(Self.rss.replacingOccurrences(of: "<title>two</title>", with: "<title>two</titel>"))
                .outcome.error)
        #expect(padded.items.map(\.id) == ["1"])
        #expect(error.line == unpadded.line + 2)
        #expect(error.column == unpadded.column)
        #expect(error.byteOffset == unpadded.byteOffset + 4)
        #expect(error.message == unpadded.message)
    }

    @Test("An error on the first line after dropped spaces is placed in the input's own columns")
    func firstLineColumns() throws {
        let error = try #require(decodeFeedEveryWay("   <rss version=\"2.0\"><channel></chanel></rss>").outcome.error)
        let unpadded = try #require(decodeFeedEveryWay("<rss version=\"2.0\"><channel></chanel></rss>").outcome.error)
        #expect(error.line == 1)
        #expect(error.column == unpadded.column + 3)
        #expect(error.byteOffset == unpadded.byteOffset + 3)
    }

    @Test("Whitespace alone is still an empty document; AtomParser still refuses leading whitespace")
    func stillErrors() throws {
        let empty = decodeFeedEveryWay("\n\n  \n").outcome
        #expect(empty.items.isEmpty)
        #expect(empty.error != nil)
        let atom = "\n<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"/>"
        #expect(throws: StreamError.self) { try AtomParser().parseAll(Array(atom.utf8)) }
    }
}

/// Feeds that use the usual module prefixes without declaring them: libxml2 reports a namespace fault, feed
/// readers read `dc:creator` as Dublin Core anyway, and so does ``FeedParser``.
@Suite("FeedParser: undeclared conventional prefixes")
struct FeedParserUndeclaredPrefixTests {
    static let declared = """
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" \
        xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>c</title>
        <item><title>t</title><dc:creator>Ann Author</dc:creator><dc:date>2026-11-23T10:00:00Z</dc:date>
        <content:encoded><![CDATA[<p>body</p>]]></content:encoded></item>
        </channel></rss>
        """

    @Test("dc: and content: without xmlns read as if declared, in every chunking")
    func readAsDeclared() {
        let undeclared = Self.declared.replacingOccurrences(
            of: " xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"",
            with: "")
        #expect(undeclared != Self.declared)
        let expected = decodeFeedEveryWay(Self.declared).outcome
        let outcome = decodeFeedEveryWay(undeclared).outcome
        #expect(outcome.error == nil)
        #expect(outcome.items == expected.items)
        #expect(outcome.items.first?.authors.first?.name == "Ann Author")
        #expect(outcome.items.first?.content?.value == "<p>body</p>")
    }

    @Test("An unknown undeclared prefix is an extension without a namespace; AtomParser still refuses it")
    func unknownPrefix() throws {
        let document = "<rss version=\"2.0\"><channel><item><guid>1</guid><foo:bar>z</foo:bar></item></channel></rss>"
        let item = try #require(decodeFeedEveryWay(document).outcome.items.first)
        #expect(item.extensions == [AtomExtensionElement(namespace: "", name: "bar", value: "z")])
        let atom = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><foo:bar/></entry></feed>"
        #expect(throws: StreamError.self) { try AtomParser().parseAll(Array(atom.utf8)) }
    }
}
