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
