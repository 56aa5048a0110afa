import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// Hostile RSS: the same guarantees as Atom — items first, then one positioned `StreamError`; never a crash, a
/// hang or unbounded memory.
@Suite("FeedParser hostile input")
struct FeedParserHostileInputTests {
    func decode(_ bytes: [UInt8], options: FeedParser.Options = .init()) -> DripFeedOutcome<AtomEntry> {
        DripFeed.run(
            FeedParser(options: options), bytes: bytes, splits: Array(stride(from: 4096, to: bytes.count, by: 4096)))
    }

    @Test("Entity declarations are refused, HTML entities notwithstanding")
    func entityDeclaration() throws {
        let document = """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY eacute "BOOM">]>
            <rss version="0.91"><channel><title>&eacute;</title></channel></rss>
            """
        let error = try #require(decode(Array(document.utf8)).error)
        #expect(error.kind == .disallowedConstruct)
    }

    @Test("An external DTD is never read")
    func externalDTD() throws {
        let document = """
            <?xml version="1.0"?><!DOCTYPE rss SYSTEM "file:///etc/passwd">
            <rss version="2.0"><channel><item><title>&secret;</title></item></channel></rss>
            """
        let outcome = decode(Array(document.utf8))
        let error = try #require(outcome.error)
        #expect(!error.message.contains("root:"))
    }

    /// Found by fuzzing the feed target: the comment guard measured where to look for `-->` against the wrong
    /// tail when an ordinary comment came first, and released `<!-->` alone, which libxml2 reports unterminated.
    @Test("A comment opening with `<!-->` after another comment parses whole and in every chunking")
    func commentOpenerAfterComment() throws {
        let atom = "<!-- a -->\n<!-->x-->\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>1</id></entry></feed>"
        let viaAtom = decodeAtomEveryWay(atom)
        #expect(viaAtom.outcome.error == nil)
        #expect(viaAtom.outcome.items.map(\.id) == ["1"])
        let rss = "<!-- a -->\n<!-->x-->\n<rss version=\"2.0\"><channel><item><guid>1</guid></item></channel></rss>"
        let viaFeed = decodeFeedEveryWay(rss)
        #expect(viaFeed.outcome.error == nil)
        #expect(viaFeed.outcome.items.map(\.id) == ["1"])
    }

    @Test("Many HTML entity references cost what their characters cost: no expansion beyond one character each")
    func manyEntityReferences() throws {
        let references = String(repeating: "&eacute;&nbsp;", count: 100_000)
        let document = "<rss version=\"0.91\"><channel><item><title>\(references)</title>"
            + "<enclosure url=\"http://x.test/\(references.prefix(70_000))\"/></item></channel></rss>"
        let outcome = decode(Array(document.utf8))
        #expect(outcome.error == nil)
        let item = try #require(outcome.items.first)
        #expect(item.title?.value == String(repeating: "é\u{A0}", count: 100_000))
        #expect(item.links.first?.href == "http://x.test/" + String(repeating: "é\u{A0}", count: 5_000))
    }

    @Test("Deep nesting inside an item is a depth error with a bounded path")
    func deepNesting() throws {
        let document = "<rss version=\"2.0\"><channel><item><title>a</title></item><item>"
            + String(repeating: "<x>", count: 100_000)
        let outcome = decode(Array(document.utf8), options: .init(limits: StreamLimits(maximumDepth: 64)))
        #expect(outcome.items.count == 1)
        let error = try #require(outcome.error)
        #expect(error.kind == .limitExceeded)
        #expect((error.path ?? "").count < 200)
    }

    @Test("A huge description is a limit error")
    func hugeText() throws {
        var document = Array("<rss version=\"2.0\"><channel><item><description>".utf8)
        document += [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
        document += Array("</description></item></channel></rss>".utf8)
        let outcome = decode(document, options: .init(limits: StreamLimits(maximumTextBytes: 1 << 20)))
        let error = try #require(outcome.error)
        #expect(error.kind == .limitExceeded)
        #expect(error.path?.hasSuffix("/item[1]/description") == true)
    }

    /// Show-level podcast tags accumulate in `AtomFeed.podcast` for the whole document, between and after the
    /// items: they count against the item limit as one item's fields do.
    @Test("Endless show-level podcast tags between items are a limit error after the items before them")
    func endlessShowLevelPodcastTags() throws {
        let remoteItem = "<podcast:remoteItem feedGuid=\"917393e3-1b1e-5cef-ace4-edaa54e1f810\" itemGuid=\"x\"/>"
        let document = "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"><channel>"
            + "<item><title>a</title></item>" + String(repeating: remoteItem, count: 20_000)
            + "<item><title>b</title></item>" + String(repeating: remoteItem, count: 20_000)
            + "</channel></rss>"
        let limits = StreamLimits(maximumItemBytes: 1 << 20)
        let outcome = decode(Array(document.utf8), options: .init(limits: limits))
        #expect(outcome.items.map { $0.title?.value } == ["a", "b"])
        let error = try #require(outcome.error)
        #expect(error.kind == .limitExceeded)
        #expect(error.message.contains("podcast fields"))
        // Within the limit the same tags are read.
        let few = "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"><channel>"
            + String(repeating: remoteItem, count: 3) + "<item><title>a</title></item></channel></rss>"
        let parser = FeedParser(options: .init(limits: limits))
        _ = try parser.parse(Array(few.utf8))
        _ = try parser.finish()
        #expect(parser.feed.podcast?.remoteItems.count == 3)
    }

    @Test("Truncated at every byte: the items completed before the cut, then a positioned error")
    func truncationAtEveryByte() throws {
        let document = Array(FeedParserRSSTests.rss20.utf8)
        let whole = DripFeed.run(FeedParser(), bytes: document, splits: [])
        #expect(whole.error == nil)
        for cut in 0..<document.count {
            let prefix = Array(document[..<cut])
            let outcome = DripFeed.run(FeedParser(), bytes: prefix, splits: [])
            let error = try #require(outcome.error, "cut at \(cut)")
            // A cut inside the root's name (`<rs`) leaves a root that is no feed at all.
            let kinds: [StreamError.Kind] = [.truncatedInput, .malformedInput, .unexpectedDocument]
            #expect(kinds.contains(error.kind), "cut at \(cut): \(error)")
            #expect(error.byteOffset <= cut)
            #expect(outcome.items == Array(whole.items.prefix(outcome.items.count)), "cut at \(cut)")
        }
    }

    @Test("Recover mode salvages the item in progress at a truncation")
    func recoverTruncated() throws {
        let document = "<rss version=\"2.0\"><channel><item><title>Kept</title><link>http://x.test/</link>"
        let parser = FeedParser(options: .init(recover: true))
        let outcome = DripFeed.run(parser, bytes: Array(document.utf8), splits: [])
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.title?.value) == ["Kept"])
        #expect(!parser.warnings.isEmpty)
    }
}
