import AtomStream
import Foundation
import StreamCore
import StreamTestSupport
import Testing

/// The faults of hand-made feeds that feedparser reads through and libxml2's recover mode mends by losing text:
/// in recover mode ``FeedParser`` repairs them before libxml2 sees them, reports each repair as a warning, and reads
/// the feed as feedparser does. Strict mode still refuses them.
@Suite("FeedParser: repairs in recover mode")
struct FeedParserRepairTests {
    static let recover = FeedParser.Options(recover: true)

    /// Decodes in every standard chunking, checking entries, error and warnings agree; returns the whole-buffer
    /// outcome and its warnings.
    func decodeRepairing(
        _ document: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) -> (entries: [AtomEntry], warnings: [StreamError]) {
        var reference: (DripFeedOutcome<AtomEntry>, [StreamError])?
        for splits in DripFeed.standardChunkings(document.count) {
            let parser = FeedParser(options: Self.recover)
            let outcome = DripFeed.run(parser, bytes: document, splits: splits)
            guard let (expected, warnings) = reference else {
                reference = (outcome, parser.warnings)
                continue
            }
            #expect(outcome.items == expected.items, "cut at \(splits.prefix(8))…", sourceLocation: sourceLocation)
            #expect(outcome.error == expected.error, "cut at \(splits.prefix(8))…", sourceLocation: sourceLocation)
            #expect(parser.warnings == warnings, "cut at \(splits.prefix(8))…", sourceLocation: sourceLocation)
            if outcome.items != expected.items || parser.warnings != warnings { break }
        }
        #expect(reference!.0.error == nil, sourceLocation: sourceLocation)
        return (reference!.0.items, reference!.1)
    }

    func decodeRepairing(_ document: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> (entries: [AtomEntry], warnings: [StreamError])
    {
        decodeRepairing(Array(document.utf8), sourceLocation: sourceLocation)
    }

    static func rss(_ items: String, declaration: String = #"<?xml version="1.0" encoding="utf-8"?>"#) -> String {
        declaration + #"<rss version="2.0"><channel><title>c</title>"# + items + "</channel></rss>"
    }

    @Test("A bare & in text, in a link and in an attribute is read as a literal &")
    func bareAmpersands() {
        let document = Self.rss(
            """
            <item><title>Tom & Jerry &amp; friends</title><link>http://e.com/?a=1&b=2&amp;c=3</link>\
            <enclosure url="http://e.com/a.mp3?x=1&y=2" length="1" type="audio/mpeg"/></item>
            """)
        let (entries, warnings) = decodeRepairing(document)
        #expect(entries.count == 1)
        #expect(entries.first?.title?.value == "Tom & Jerry & friends")
        #expect(entries.first?.links.first { $0.rel == "alternate" }?.href == "http://e.com/?a=1&b=2&c=3")
        #expect(entries.first?.links.first { $0.rel == "enclosure" }?.href == "http://e.com/a.mp3?x=1&y=2")
        #expect(warnings.count == 3)
        #expect(warnings.allSatisfy { $0.message == "a bare & read as &amp;" })
        // Positioned in the input as given: the first bare & of the document.
        let first = Array(document.utf8).firstIndex(of: UInt8(ascii: "&"))!
        #expect(warnings.first?.byteOffset == first)
        #expect(warnings.first?.column == first + 1)

        let strict = FeedParser()
        #expect(throws: StreamError.self) { _ = try strict.parse(Array(document.utf8)) + strict.finish() }
    }

    @Test("HTML's <br> and <img> left open close where they open, so later end tags close the right elements")
    func voidElements() {
        let document = Self.rss(
            """
            <item><title>one</title><link>http://e.com/1</link><description>line<br>next<IMG src="a.png">\
            </br></description><pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate></item>
            <item><title>two</title><link>http://e.com/2</link></item>
            """)
        let (entries, warnings) = decodeRepairing(document)
        #expect(entries.map { $0.title?.value } == ["one", "two"])
        #expect(entries.first?.published == Date(timeIntervalSince1970: 1_055_217_600))
        #expect(entries.first?.summary?.value.contains("line") == true)
        #expect(entries.first?.summary?.value.contains("next") == true)
        #expect(
            warnings.map(\.message) == [
                "an HTML void element closed where it opens", "an HTML void element closed where it opens",
                "the end tag of an HTML void element dropped",
            ])
    }

    @Test("Windows-1252 bytes in a feed that says UTF-8 read as Windows-1252; valid UTF-8 beside them stays")
    func windows1252() {
        var document = Array(Self.rss("<item><title>It</title><guid>1</guid></item>").utf8)
        let title = Array("<title>It".utf8)
        let at = document.indices.first { document[$0...].starts(with: title) }! + title.count
        document.insert(contentsOf: [0x92, 0x73, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x20] + Array("ü".utf8), at: at)
        let (entries, warnings) = decodeRepairing(document)
        #expect(entries.first?.title?.value == "It’s café ü")
        #expect(warnings.map(\.message) == ["byte 0x92 is not UTF-8: read as Windows-1252",
                                            "byte 0xE9 is not UTF-8: read as Windows-1252"])
        #expect(warnings.first?.byteOffset == at)
    }

    @Test("A document in another encoding is left to libxml2's decoding")
    func otherEncodings() {
        let latin1 = Self.rss(
            "<item><title>café</title><guid>1</guid></item>",
            declaration: #"<?xml version="1.0" encoding="iso-8859-1"?>"#)
        let (entries, warnings) = decodeRepairing(Array(latin1.data(using: .isoLatin1)!))
        #expect(entries.first?.title?.value == "café")
        #expect(warnings.isEmpty)

        let utf16 = Self.rss("<item><title>a & b</title><guid>1</guid></item>", declaration: "")
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in utf16.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let parser = FeedParser(options: Self.recover)
        _ = try? parser.parse(bytes)
        _ = try? parser.finish()
        #expect(!parser.warnings.contains { $0.message == "a bare & read as &amp;" })
    }

    @Test("Well-formed feeds, CDATA, comments and references pass through unchanged and unwarned")
    func wellFormedUntouched() {
        let document = Self.rss(
            """
            <!-- a & b <br> --><item><title><![CDATA[a & b <br> ]]]]></title><guid>1</guid>\
            <description>&lt;p&gt;x&lt;/p&gt; &amp; &#38; &#x26; &eacute;<?pi a & b <br>?></description></item>
            """,
            declaration: #"<?xml version="1.0"?><!DOCTYPE rss [<!ATTLIST rss x CDATA "a&#38;b">]>"#)
        let repaired = decodeRepairing(document)
        let strict = decodeFeedEveryWay(document)
        #expect(repaired.entries == strict.outcome.items)
        #expect(repaired.entries.first?.title?.value == "a & b <br> ]]")
        #expect(repaired.warnings.isEmpty)
    }

    @Test("A < that starts no markup is text")
    func lessThan() {
        let (entries, warnings) = decodeRepairing(Self.rss("<item><title>1 < 2 <= 3</title><guid>1</guid></item>"))
        #expect(entries.first?.title?.value == "1 < 2 <= 3")
        #expect(warnings.count == 2)
    }

    @Test("libxml2's own repairs after a length-changing repair are placed in the input")
    func positionsAfterRepairs() {
        let document = Array(
            (Self.rss("<item><title>a & b</title><guid>1</guid></item>").dropLast("</channel></rss>".count)).utf8)
        let (entries, warnings) = decodeRepairing(document)
        #expect(entries.count == 1)
        let end = warnings.first { $0.kind == .truncatedInput }
        #expect(end?.byteOffset == document.count)
        #expect(end?.column == document.count + 1)
    }

    // Found by fuzzing (feed-recover).
    @Test("A conversion fault after length-changing repairs is placed inside the input, in every chunking")
    func conversionFaultAfterRepairs() {
        var document = Array(
            #"<?xml version="1.0" encoding="iso-8859-7"?><rss version="2.0"><channel><title a="<<<<"/>"#.utf8)
        document += Array(#"<item><title>a & b & c</title>"#.utf8)
        // 0xFF is not a character of ISO-8859-7.
        document += [0xFF, 0xFF, 0xFF] + Array("</item></channel></rss>".utf8)
        for splits in DripFeed.standardChunkings(document.count) {
            let parser = FeedParser(options: .init(recover: true))
            let outcome = DripFeed.run(parser, bytes: document, splits: splits)
            let error = outcome.error
            #expect(error != nil, "cut at \(splits.prefix(8))…")
            #expect((error?.byteOffset ?? 0) <= document.count, "cut at \(splits.prefix(8))…")
            #expect((error?.byteOffset ?? -1) >= 0)
            if let error, error.byteOffset > document.count { break }
        }
    }
}
