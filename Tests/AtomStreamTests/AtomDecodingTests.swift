import AtomStream
import Foundation
import StreamTestSupport
import Testing

@Suite("Atom decoding")
struct AtomDecodingTests {
    /// A Connections-style feed in which every trap for a DOM-less decoder is present: a feed title before the
    /// entries, a `source` with its own title, authors whose names precede the entry title, prefixes that differ
    /// from the usual ones, and feed metadata after the entries.
    static let updatesFeed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:os="http://a9.com/-/spec/opensearch/1.1/"
                xmlns:s="http://www.ibm.com/xmlns/prod/sn" xmlns:t="http://purl.org/syndication/thread/1.0"
                xml:base="https://connections.example.com/news/">
          <a:title type="text">Public stories</a:title>
          <a:id>urn:lsid:ibm.com:news:stories</a:id>
          <a:updated>2013-05-01T10:00:00Z</a:updated>
          <a:entry>
            <a:author><a:name>Amy Jones</a:name><s:userid>4cbc45c0-f6dc</s:userid>
              <a:email>amy@example.com</a:email><a:uri>people/amy</a:uri></a:author>
            <a:source><a:title>Source feed title</a:title><a:id>urn:source</a:id></a:source>
            <a:title type="html">Amy &lt;b&gt;liked&lt;/b&gt; your post</a:title>
            <a:id>urn:lsid:ibm.com:news:1</a:id>
            <a:published>2013-04-30T09:15:00.5Z</a:published>
            <a:updated>2013-04-30T09:16:00+02:00</a:updated>
            <a:link href="entries/1" />
            <a:link rel="replies" href="https://connections.example.com/replies/1" type="application/atom+xml"
                    t:count="3" length="1024" hreflang="en" title="Replies"/>
            <a:category term="status" scheme="http://www.ibm.com/xmlns/prod/sn/type" label="Status"/>
            <a:summary>Une r\u{E9}sum\u{E9} — 日本語</a:summary>
            <a:content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">
              <p class="x">Tom &amp; Jerry<br/><a href="q?a=1&amp;b=&quot;2&quot;">link</a></p></div></a:content>
            <t:in-reply-to ref="urn:lsid:ibm.com:news:0" href="entries/0"/>
            <s:rank scheme="http://www.ibm.com/xmlns/prod/sn/recommendations">2</s:rank>
            <s:collection><a:title>Not the entry title</a:title></s:collection>
          </a:entry>
          <a:entry xml:base="https://other.example.org/base/">
            <a:title>Second</a:title>
            <a:id>urn:lsid:ibm.com:news:2</a:id>
            <a:contributor><a:name>Bob</a:name></a:contributor>
            <a:content type="text/html" src="content/2.html"/>
            <a:link rel="self" href="self/2"/>
          </a:entry>
          <a:link rel="next" href="?page=2"/>
          <a:link rel="previous" href="?page=0"/>
          <os:totalResults>42</os:totalResults>
          <os:startIndex>1</os:startIndex>
          <os:itemsPerPage>2</os:itemsPerPage>
          <a:generator uri="http://www.ibm.com/xmlns/prod/sn" version="4.5.0.0">IBM Connections - News</a:generator>
          <fh:complete xmlns:fh="http://purl.org/syndication/history/1.0"/>
        </a:feed>
        """

    @Test("Every field lands in its place, whatever the chunking")
    func updatesFeedFields() throws {
        let (outcome, feed) = decodeAtomEveryWay(Self.updatesFeed)
        #expect(outcome.error == nil)
        try #require(outcome.items.count == 2)
        let first = outcome.items[0]
        #expect(first.title == AtomText(type: .html, value: "Amy <b>liked</b> your post"))
        #expect(first.id == "urn:lsid:ibm.com:news:1")
        #expect(first.published == Date(timeIntervalSince1970: 1_367_313_300.5))
        #expect(first.updated == Date(timeIntervalSince1970: 1_367_306_160))
        #expect(
            first.authors == [
                AtomPerson(
                    name: "Amy Jones", email: "amy@example.com", uri: "https://connections.example.com/news/people/amy",
                    userID: "4cbc45c0-f6dc")
            ])
        #expect(
            first.links == [
                AtomLink(href: "https://connections.example.com/news/entries/1"),
                AtomLink(
                    href: "https://connections.example.com/replies/1", rel: "replies", type: "application/atom+xml",
                    hreflang: "en", title: "Replies", length: 1024, threadCount: 3),
            ])
        #expect(
            first.categories == [
                AtomCategory(term: "status", scheme: "http://www.ibm.com/xmlns/prod/sn/type", label: "Status")
            ])
        #expect(first.summary == AtomText(type: .text, value: "Une résumé — 日本語"))
        #expect(
            first.content
                == AtomContent(
                    type: "xhtml",
                    value: "<p class=\"x\">Tom &amp; Jerry<br /><a href=\"q?a=1&amp;b=&quot;2&quot;\">link</a></p>"))
        #expect(
            first.inReplyTo == [
                AtomReplyReference(
                    ref: "urn:lsid:ibm.com:news:0", href: "https://connections.example.com/news/entries/0")
            ])
        #expect(
            first.extensions == [
                AtomExtensionElement(namespace: "http://www.ibm.com/xmlns/prod/sn", name: "rank", value: "2")
            ])

        let second = outcome.items[1]
        #expect(second.title?.value == "Second")
        #expect(second.contributors == [AtomPerson(name: "Bob")])
        #expect(second.content == AtomContent(type: "text/html", src: "https://other.example.org/base/content/2.html"))
        #expect(second.links == [AtomLink(href: "https://other.example.org/base/self/2", rel: "self")])

        #expect(feed.format == "atom1.0")
        #expect(feed.title == AtomText(value: "Public stories"))
        #expect(feed.id == "urn:lsid:ibm.com:news:stories")
        #expect(feed.updated == Date(timeIntervalSince1970: 1_367_402_400))
        #expect(feed.totalResults == 42)
        #expect(feed.startIndex == 1)
        #expect(feed.itemsPerPage == 2)
        #expect(feed.nextURL == "https://connections.example.com/news/?page=2")
        #expect(feed.previousURL == "https://connections.example.com/news/?page=0")
        #expect(
            feed.generator
                == AtomGenerator(
                    name: "IBM Connections - News", uri: "http://www.ibm.com/xmlns/prod/sn", version: "4.5.0.0"))
        #expect(feed.complete == true)
    }

    @Test("Each entry is returned by the chunk that closes it")
    func entriesArriveEarly() throws {
        let document = Array(Self.updatesFeed.utf8)
        let firstEnd = try #require(Self.updatesFeed.utf8Range(of: "</a:entry>")).upperBound
        let parser = AtomParser()
        let beforeClose = try parser.parse(document[..<(firstEnd - 1)])
        #expect(beforeClose.isEmpty)
        let atClose = try parser.parse(document[(firstEnd - 1)..<firstEnd])
        #expect(atClose.map(\.id) == ["urn:lsid:ibm.com:news:1"])
        // Feed metadata that precedes the entry is already there.
        #expect(parser.feed.title?.value == "Public stories")
        #expect(parser.feed.totalResults == nil)
        _ = try parser.parse(document[firstEnd...])
        #expect(try parser.finish().isEmpty)
        #expect(parser.feed.totalResults == 42)
    }

    @Test("An Atom Entry Document gives its one entry")
    func entryDocument() {
        let (outcome, feed) = decodeAtomEveryWay(
            """
            <entry xmlns="http://www.w3.org/2005/Atom"><id>e1</id><title type="xhtml">
            <div xmlns="http://www.w3.org/1999/xhtml">A <em>b</em></div></title></entry>
            """)
        #expect(outcome.error == nil)
        #expect(outcome.items == [AtomEntry(id: "e1", title: AtomText(type: .xhtml, value: "A <em>b</em>"))])
        #expect(feed.format == "atom1.0")
    }

    @Test("Namespaces are matched by URI, not prefix")
    func namespacesByURI() {
        let (outcome, _) = decodeAtomEveryWay(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:atom="urn:not-atom">
            <entry><atom:title>impostor</atom:title><title>real</title></entry></feed>
            """)
        #expect(outcome.items.map(\.title?.value) == ["real"])
        #expect(
            outcome.items.first?.extensions == [
                AtomExtensionElement(namespace: "urn:not-atom", name: "title", value: "impostor")
            ])
    }

    @Test("A document URL resolves references when no xml:base applies")
    func documentBase() {
        let (outcome, _) = decodeAtomEveryWay(
            "<feed xmlns='http://www.w3.org/2005/Atom'><entry><link href='/a/b'/></entry></feed>",
            options: .init(baseURL: "https://example.com/feeds/x.atom"))
        #expect(outcome.items.first?.links.first?.href == "https://example.com/a/b")
    }

    @Test("An IBM Connections error body becomes a service error")
    func serviceError() throws {
        let (outcome, _) = decodeAtomEveryWay(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <error xmlns="http://www.ibm.com/xmlns/prod/sn"><code>404</code>
            <message>EJPVJ9023E: Profile not found.</message><trace></trace></error>
            """)
        let error = try #require(outcome.error)
        #expect(error.kind == .serviceError)
        #expect(error.message == "IBM Connections error 404: EJPVJ9023E: Profile not found.")
        #expect(error.serviceCode == "404")
        #expect(error.serviceMessage == "EJPVJ9023E: Profile not found.")
    }

    @Test("A document that is not Atom is refused")
    func notAtom() throws {
        let (outcome, _) = decodeAtomEveryWay("<rss version=\"2.0\"><channel/></rss>")
        let error = try #require(outcome.error)
        #expect(error.kind == .unexpectedDocument)
        #expect(error.line == 1)
    }
}

extension String {
    /// The byte range of the first occurrence of `needle` in this string's UTF-8.
    func utf8Range(of needle: String) -> Range<Int>? {
        let haystack = Array(utf8)
        let pattern = Array(needle.utf8)
        guard pattern.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - pattern.count)
        where haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start..<(start + pattern.count)
        }
        return nil
    }
}

@Suite("Atom faults")
struct AtomFaultTests {
    static let mismatched =
        "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>1</id></entry>\n"
        + "<entry><id>2</id><title>x</titl></entry></feed>"

    @Test("A malformed document: the entries before the fault, then one positioned error")
    func mismatchedTag() throws {
        let (outcome, _) = decodeAtomEveryWay(Self.mismatched)
        #expect(outcome.items.map(\.id) == ["1"])
        let error = try #require(outcome.error)
        #expect(error.kind == .malformedInput)
        #expect(error.message.contains("mismatch"))
        #expect(error.line == 2)
        #expect(error.column == 33)
        #expect(error.byteOffset == 100)
        #expect(error.path == "/feed/entry[2]/title")
    }

    @Test("A document truncated at every byte: entries whose end arrived, then exactly one error")
    func truncatedEverywhere() throws {
        let document = Array(AtomDecodingTests.updatesFeed.utf8)
        let entryEnds = [
            try #require(AtomDecodingTests.updatesFeed.utf8Range(of: "</a:entry>")).upperBound,
            try #require(AtomDecodingTests.updatesFeed.utf8Range(of: "</a:entry>\n  <a:link")).upperBound - 10,
        ]
        for length in 0..<document.count {
            let parser = AtomParser()
            let outcome = DripFeed.run(parser, bytes: Array(document[..<length]), splits: [length / 2])
            let expectedCount = entryEnds.filter { $0 <= length }.count
            #expect(outcome.items.count == expectedCount, "truncated at \(length)")
            let error = try #require(outcome.error, "truncated at \(length)")
            // Cut inside the root's name, libxml2 reads `<a` as a complete (non-Atom) root element.
            let allowed: Set<StreamError.Kind> = [.truncatedInput, .malformedInput, .unexpectedDocument]
            #expect(allowed.contains(error.kind), "truncated at \(length): \(error)")
            #expect(error.byteOffset <= length, "truncated at \(length)")
            // After a fault the parser keeps reporting it.
            #expect(throws: error) { try parser.finish() }
        }
    }

    @Test(
        "Entity declarations are refused before anything is expanded",
        arguments: [
            // Billion laughs.
            """
            <?xml version="1.0"?><!DOCTYPE feed [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]><feed xmlns="http://www.w3.org/2005/Atom"><title>&c;</title></feed>
            """,
            // External entity.
            """
            <?xml version="1.0"?><!DOCTYPE feed [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><title>&x;</title></entry></feed>
            """,
            // Parameter entity.
            """
            <?xml version="1.0"?><!DOCTYPE feed [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]>
            <feed xmlns="http://www.w3.org/2005/Atom"/>
            """,
        ])
    func entitiesRefused(document: String) throws {
        let (outcome, _) = decodeAtomEveryWay(document)
        #expect(outcome.items.isEmpty)
        let error = try #require(outcome.error)
        #expect(error.kind == .disallowedConstruct)
        #expect(error.message.contains("<!ENTITY"))
    }

    @Test("An undeclared entity such as &nbsp; is a positioned error, not silently dropped")
    func undeclaredEntity() throws {
        let (outcome, _) = decodeAtomEveryWay(
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><title>a&nbsp;b</title></entry></feed>")
        let error = try #require(outcome.error)
        #expect(error.kind == .malformedInput)
        #expect(error.message.contains("nbsp"))
        #expect(error.path == "/feed/entry[1]/title")
    }

    @Test("Limits: depth, text size and entry size give limit errors")
    func limits() throws {
        let deep = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry>" + String(repeating: "<x>", count: 40)
        let small = AtomParser.Options(limits: StreamLimits(maximumDepth: 16))
        let depth = try #require(decodeAtomEveryWay(Array(deep.utf8), options: small).outcome.error)
        #expect(depth.kind == .limitExceeded)
        #expect(depth.message.contains("16"))

        let longTitle =
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><title>"
            + String(repeating: "x", count: 5000) + "</title></entry></feed>"
        let text = try #require(
            DripFeed.run(
                AtomParser(options: .init(limits: StreamLimits(maximumTextBytes: 4096))),
                bytes: Array(longTitle.utf8), splits: [100, 3000]
            ).error)
        #expect(text.kind == .limitExceeded)

        let manyTitles =
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry>"
            + String(repeating: "<summary>" + String(repeating: "y", count: 1000) + "</summary>", count: 10)
            + "</entry></feed>"
        let item = try #require(
            DripFeed.run(
                AtomParser(options: .init(limits: StreamLimits(maximumItemBytes: 5000))),
                bytes: Array(manyTitles.utf8), splits: []
            ).error)
        #expect(item.kind == .limitExceeded)
    }

    @Test("An 8 MB CDATA section in 512-byte chunks costs linear work", .ownThread)
    func hugeCDATAIsLinear() throws {
        let size = 8 << 20
        let document = longTextDocument(
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><content><![CDATA[", filler: size,
            "]]></content></entry><entry><id>after</id></entry></feed>")
        let parser = AtomParser()
        let outcome = DripFeed.run(
            parser, bytes: document, splits: Array(stride(from: 512, to: document.count, by: 512)))
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 2)
        #expect(outcome.items.first?.content?.value?.utf8.count == size)
        #expect(outcome.items.last?.id == "after")
        let work = parser.intakeStatistics
        expectLinearIntake(work, inputBytes: document.count)
        #expect(work.feedCount < 200, "\(work.feedCount) feeds")
    }
}
