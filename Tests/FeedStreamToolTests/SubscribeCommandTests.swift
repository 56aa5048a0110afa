import Foundation
import StreamTestSupport
import Testing

/// `feedstream opml`, `opml --write`, `discover --metadata` and page encodings, and `feed --base-url`.
@Suite("feedstream: subscribing")
struct SubscribeCommandTests {
    let tool = FeedStreamToolTests()

    static let opml = """
        <?xml version="1.0"?>
        <opml version="1.1"><head><title>Exported</title></head><body>
          <outline text="Tech" title="Tech">
            <outline text="A &amp; B" title="A &amp; B" type="rss" xmlUrl="https://ab.test/feed" htmlUrl="https://ab.test/"/>
          </outline>
          <outline text="Solo" type="rss" xmlURL="https://solo.test/rss"/>
        </body></opml>
        """

    @Test("opml: one line per feed outline with its folders; --write reads them back to the same outlines")
    func opmlRoundTrip() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let read = try await tool.run(["opml", "-"], input: Data(Self.opml.utf8))
        #expect(read.status == 0, "\(read.error)")
        #expect(read.lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(read.lines[0].utf8)) as? [String: Any]
        #expect(first?["title"] as? String == "A & B")
        #expect(first?["xmlURL"] as? String == "https://ab.test/feed")
        #expect(first?["folders"] as? [String] == ["Tech"])
        for size in ["1", "7"] {
            #expect(
                try await tool.run(["opml", "--chunk-size", size, "-"], input: Data(Self.opml.utf8)).output == read.output)
        }
        let written = try await tool.run(["opml", "--write", "--title", "Mine & yours"], input: Data(read.output.utf8))
        #expect(written.status == 0, "\(written.error)")
        #expect(written.output.contains("<title>Mine &amp; yours</title>"))
        #expect(written.output.contains(#"<opml version="2.0">"#))
        let again = try await tool.run(["opml"], input: Data(written.output.utf8))
        #expect(again.output == read.output)
    }

    @Test("opml --metadata: the head as a last line; outlines that name no feed are not printed")
    func opmlMetadata() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let document = """
            <opml version="2.0"><head><title>Mine</title><dateCreated>Mon, 02 Nov 2026 10:00:00 GMT</dateCreated>
            <ownerName>Ann</ownerName><ownerEmail>ann@example.org</ownerEmail><ownerId>https://ann.test/</ownerId>
            </head><body><outline text="Empty"/><outline text="F" type="rss" xmlUrl="https://f.test/"/></body></opml>
            """
        let plain = try await tool.run(["opml", "-"], input: Data(document.utf8))
        #expect(plain.status == 0, "\(plain.error)")
        #expect(plain.lines.count == 1)
        for size in ["1", "64"] {
            let read = try await tool.run(["opml", "--metadata", "--chunk-size", size, "-"], input: Data(document.utf8))
            #expect(read.status == 0, "\(read.error)")
            try #require(read.lines.count == 2)
            #expect(read.lines[0] == plain.lines[0])
            let last = try JSONSerialization.jsonObject(with: Data(read.lines[1].utf8)) as? [String: Any]
            let head = try #require(last?["head"] as? [String: Any])
            #expect(head["title"] as? String == "Mine")
            #expect(head["dateCreated"] as? String == "2026-11-02T10:00:00Z")
            #expect(head["ownerName"] as? String == "Ann")
            #expect(head["ownerEmail"] as? String == "ann@example.org")
            #expect(head["ownerID"] as? String == "https://ann.test/")
            #expect(head["version"] as? String == "2.0")
        }
        #expect(try await tool.run(["opml", "--write", "--metadata"], input: Data()).status == 2)
    }

    @Test("opml --all-outlines: folders and notes too, in document order; --write writes them back")
    func opmlAllOutlines() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let document = """
            <opml version="2.0"><head/><body><outline text="Tech"><outline text="A" xmlUrl="https://a.test/"/>
            <outline text="A note"/></outline><outline text="Empty"/></body></opml>
            """
        for size in ["1", "64"] {
            let read = try await tool.run(["opml", "--all-outlines", "--chunk-size", size, "-"], input: Data(document.utf8))
            #expect(read.status == 0, "\(read.error)")
            let outlines = try read.lines.map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return [object?["text"] as? String ?? "", object?["xmlURL"] as? String ?? "-"]
                    + (object?["folders"] as? [String] ?? ["?"])
            }
            #expect(
                outlines == [["Tech", "-"], ["A", "https://a.test/", "Tech"], ["A note", "-", "Tech"], ["Empty", "-"]],
                "\(read.lines)")
        }
        #expect(try await tool.run(["opml", "-"], input: Data(document.utf8)).lines.count == 1)
        #expect(try await tool.run(["opml", "--write", "--all-outlines"], input: Data()).status == 2)
    }

    @Test("opml: not OPML, and --write given a bad line, exit 1 with one line saying why")
    func opmlFaults() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let notOPML = try await tool.run(["opml", "-"], input: Data("<html><body>x</body></html>".utf8))
        #expect(notOPML.status == 1)
        #expect(notOPML.error.contains("not an OPML file"))
        let badLine = try await tool.run(
            ["opml", "--write"], input: Data("{\"xmlURL\":\"https://a.test/\"}\n{\"title\":5}\n".utf8))
        #expect(badLine.status == 1)
        #expect(badLine.error.contains("line 2"), "\(badLine.error)")
        #expect(try await tool.run(["opml", "--title", "x", "-"], input: Data()).status == 2)
    }

    @Test("feed --base-url: relative links in a saved feed resolve against the URL it came from")
    func feedBaseURL() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><link href="posts/1"/>
            <content type="html">&lt;img src="img/a.png"&gt;</content></entry></feed>
            """
        let result = try await tool.run(["feed", "--base-url", "https://x.test/blog/", "-"], input: Data(atom.utf8))
        #expect(result.status == 0, "\(result.error)")
        let line = String(result.lines.first ?? "").replacingOccurrences(of: "\\/", with: "/")
        #expect(line.contains(#""href":"https://x.test/blog/posts/1""#), "\(line)")
        #expect(line.contains("https://x.test/blog/img/a.png"), "\(line)")
        #expect(try await tool.run(["feed", "--base-url", "https://x.test/", "https://127.0.0.1:1/f"]).status == 2)
    }

    @Test("discover --metadata: a last line with the page's title, icons, image and hubs")
    func discoverMetadata() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let page = """
            <html><head><title>Caf\u{E9}</title><meta charset="iso-8859-1">
            <link rel="apple-touch-icon" sizes="180x180" href="/t.png"><meta property="og:image" content="og.png">
            <link rel="hub" href="https://hub.test/"><link rel="alternate" type="application/rss+xml" href="f"></head>
            """
        let latin1 = Data(page.unicodeScalars.map { UInt8($0.value) })
        let result = try await tool.run(["discover", "--metadata", "--base-url", "https://s.test/a/", "-"], input: latin1)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.lines.map { $0.replacingOccurrences(of: "\\/", with: "/") }
        #expect(lines.count == 2)
        #expect(lines[0] == #"{"source":"head","type":"application/rss+xml","url":"https://s.test/a/f"}"#)
        let page1 = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: [String: Any]]
        let metadata = try #require(page1?["page"])
        #expect(metadata["title"] as? String == "Café")
        #expect(metadata["image"] as? String == "https://s.test/a/og.png")
        #expect(metadata["hubs"] as? [String] == ["https://hub.test/"])
        let icons = metadata["icons"] as? [[String: String]]
        #expect(icons == [["url": "https://s.test/t.png", "rel": "apple-touch-icon", "sizes": "180x180"]])
    }

    @Test("discover reads a URL's page in the HTTP charset: Café, not CafÃ©")
    func discoverHTTPCharset() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let page = #"<html><head><link rel="alternate" type="application/rss+xml" title="Café" href="/f"></head>"#
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 60) { _ in
            .init(contentType: "text/html; charset=utf-8", body: Array(page.utf8))
        }
        let result = try await tool.run(["discover", "--head-only", server.url("/").absoluteString])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains(#""title":"Café""#), "\(result.output)")
    }
}
