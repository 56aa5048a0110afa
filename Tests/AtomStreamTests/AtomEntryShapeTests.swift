import AtomStream
import StreamTestSupport
import Testing

/// Each entry starts with room reserved from the previous one, and extension names' strings come from a cache of
/// limited size: neither may change what an entry holds.
@Suite("Atom entry shapes")
struct AtomEntryShapeTests {
    static let namespace = "http://www.w3.org/2005/Atom"

    @Test("Entries of different shapes: room reserved from the previous entry never leaks its values")
    func entryShapes() {
        let links = (0..<20).map { "<link rel=\"r\($0)\" href=\"http://example.com/\($0)\"/>" }.joined()
        let categories = (0..<20).map { "<category term=\"c\($0)\"/>" }.joined()
        let authors = (0..<3).map { "<author><name>P\($0)</name></author>" }.joined()
        let document = """
            <feed xmlns="\(Self.namespace)" xmlns:x="urn:x">
            <entry><id>one</id>\(links)\(categories)\(authors)<x:a>1</x:a><x:b>2</x:b></entry>
            <entry><id>two</id><link href="http://example.com/only"/><category term="only"/></entry>
            <entry><id>three</id></entry>
            </feed>
            """
        let (outcome, _) = decodeAtomEveryWay(document)
        let entries = outcome.items
        #expect(outcome.error == nil)
        #expect(entries.map(\.id) == ["one", "two", "three"])
        #expect(entries.map { $0.links.count } == [20, 1, 0])
        #expect(entries.map { $0.categories.count } == [20, 1, 0])
        #expect(entries.map { $0.authors.count } == [3, 0, 0])
        #expect(entries.map { $0.extensions.count } == [2, 0, 0])
        #expect(entries[0].authors.map(\.name) == ["P0", "P1", "P2"])
        #expect(entries[1].links == [AtomLink(href: "http://example.com/only")])
        #expect(entries[1].categories == [AtomCategory(term: "only")])
    }

    @Test("A link's attributes, its default relation, and a link without href left out")
    func linkAttributes() {
        let document = """
            <feed xmlns="\(Self.namespace)" xmlns:thr="http://purl.org/syndication/thread/1.0">
            <link rel="next" href="http://example.com/2"/>
            <entry><link rel="enclosure" type="audio/mpeg" hreflang="en" title="Talk" length=" 1234 "
            href="http://example.com/a.mp3" thr:count="7"/><link rel="self" type="application/atom+xml"/>
            <link href="http://example.com/plain"/></entry>
            </feed>
            """
        let (outcome, feed) = decodeAtomEveryWay(document)
        #expect(feed.nextURL == "http://example.com/2")
        #expect(feed.links == [AtomLink(href: "http://example.com/2", rel: "next")])
        #expect(
            outcome.items.first?.links == [
                AtomLink(
                    href: "http://example.com/a.mp3", rel: "enclosure", type: "audio/mpeg", hreflang: "en",
                    title: "Talk", length: 1234, threadCount: 7),
                AtomLink(href: "http://example.com/plain"),
            ])
    }

    @Test("More distinct extension elements than the name cache holds keep their own names and namespaces")
    func manyExtensionNames() {
        let (children, expected) = manyExtensionElements()
        let entry = "<entry>\(children)</entry>"
        let (outcome, _) = decodeAtomEveryWay(
            "<feed xmlns=\"\(Self.namespace)\" xmlns:a=\"urn:a\" xmlns:b=\"urn:b\">\(entry)\(entry)</feed>")
        #expect(outcome.items.map(\.extensions) == [expected, expected])
    }

    @Test("Recover mode: an entry that lost its end tag is completed, and the next starts empty")
    func nestedEntryStartsEmpty() {
        let bytes = Array(
            """
            <feed xmlns="\(Self.namespace)"><entry><id>one</id><link href="http://example.com/1"/>\
            <author><name>A</name></author><entry><id>two</id></entry></feed>
            """.utf8)
        for splits in DripFeed.standardChunkings(bytes.count) {
            let outcome = DripFeed.run(AtomParser(options: .init(recover: true)), bytes: bytes, splits: splits)
            #expect(outcome.items.map(\.id) == ["one", "two"], "cut at \(splits.prefix(5))")
            #expect(outcome.items.last?.links == [], "cut at \(splits.prefix(5))")
            #expect(outcome.items.last?.authors == [], "cut at \(splits.prefix(5))")
            #expect(outcome.items.first?.authors.map(\.name) == ["A"], "cut at \(splits.prefix(5))")
        }
    }
}
