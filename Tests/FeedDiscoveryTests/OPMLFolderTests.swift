import FeedDiscovery
import Foundation
import StreamTestSupport
import Testing

/// Outlines that name no feed: an empty folder is an item of ``OPMLParser`` (returned at its end tag, with its
/// own folders), a folder with outlines inside is not; ``OPMLWriter`` writes both back to the same items.
@Suite struct OPMLFolderTests {
    static let document = """
        <opml version="2.0"><head><title>Folders</title><dateModified>Tue, 03 Nov 2026 08:00:00 GMT</dateModified>
        <docs>http://opml.org/spec2.opml</docs></head><body>
          <outline text="Empty at the top"/>
          <outline text="Work">
            <outline text="Empty inside"></outline>
            <outline text="Planned">
              <outline text="Later"><!-- nothing yet --></outline>
            </outline>
            <outline text="Feed" xmlUrl="https://w.test/feed"/>
            <outline text="Note" htmlUrl="/about"/>
          </outline>
          <outline text="Only a folder with a feed"><outline text="F" xmlUrl="https://f.test/"/></outline>
        </body></opml>
        """

    static let expected = [
        OPMLOutline(text: "Empty at the top"),
        OPMLOutline(text: "Empty inside", folders: ["Work"]),
        OPMLOutline(text: "Later", folders: ["Work", "Planned"]),
        OPMLOutline(text: "Feed", xmlURL: "https://w.test/feed", folders: ["Work"]),
        OPMLOutline(text: "Note", htmlURL: "https://lists.test/about", folders: ["Work"]),
        OPMLOutline(text: "F", xmlURL: "https://f.test/", folders: ["Only a folder with a feed"]),
    ]

    @Test("Empty folders are items with their folders, in document order, in every chunking")
    func emptyFoldersAreItems() throws {
        let bytes = Array(Self.document.utf8)
        let options = OPMLParser.Options(baseURL: "https://lists.test/list.opml")
        var first: [OPMLOutline]?
        for splits in DripFeed.standardChunkings(bytes.count, byteByByteLimit: 1 << 16) {
            let outcome = DripFeed.run(OPMLParser(options: options), bytes: bytes, splits: splits)
            #expect(outcome.error == nil)
            if let first { #expect(outcome.items == first, "splits \(splits.prefix(5))") } else { first = outcome.items }
        }
        #expect(first == Self.expected)
        let parser = OPMLParser()
        _ = try parser.parse(bytes)
        _ = try parser.finish()
        #expect(parser.head.title == "Folders")
        #expect(parser.head.dateModified == Date(timeIntervalSince1970: 1_793_692_800))
        #expect(parser.head.docs == "http://opml.org/spec2.opml")
        #expect(parser.outlineCount == 9)
    }

    @Test("Asked for every outline: folders with outlines inside too, each before what it holds, in every chunking")
    func allOutlines() throws {
        let bytes = Array(Self.document.utf8)
        let options = OPMLParser.Options(baseURL: "https://lists.test/list.opml", allOutlines: true)
        var first: [OPMLOutline]?
        for splits in DripFeed.standardChunkings(bytes.count, byteByByteLimit: 1 << 16) {
            let outcome = DripFeed.run(OPMLParser(options: options), bytes: bytes, splits: splits)
            #expect(outcome.error == nil)
            if let first { #expect(outcome.items == first, "splits \(splits.prefix(5))") } else { first = outcome.items }
        }
        #expect(
            first == [
                OPMLOutline(text: "Empty at the top"),
                OPMLOutline(text: "Work"),
                OPMLOutline(text: "Empty inside", folders: ["Work"]),
                OPMLOutline(text: "Planned", folders: ["Work"]),
                OPMLOutline(text: "Later", folders: ["Work", "Planned"]),
                OPMLOutline(text: "Feed", xmlURL: "https://w.test/feed", folders: ["Work"]),
                OPMLOutline(text: "Note", htmlURL: "https://lists.test/about", folders: ["Work"]),
                OPMLOutline(text: "Only a folder with a feed"),
                OPMLOutline(text: "F", xmlURL: "https://f.test/", folders: ["Only a folder with a feed"]),
            ])
    }

    @Test("Written and read back: the same items, empty folders included, and the writer is a fixed point")
    func roundTrip() throws {
        let written = OPMLWriter.document(Self.expected, head: OPMLHead(title: "Folders"))
        let parser = OPMLParser()
        let read = try parser.parse(Array(written.utf8)) + parser.finish()
        #expect(read == Self.expected)
        #expect(OPMLWriter.document(read, head: OPMLHead(title: "Folders")) == written)
    }

    @Test("An empty folder whose document ends early is not returned; a truncated list keeps its feeds")
    func truncated() {
        let document = #"<opml><body><outline text="a" xmlUrl="http://a.test/"/><outline text="Empty">"#
        let outcome = DripFeed.run(OPMLParser(), bytes: Array(document.utf8), splits: [])
        #expect(outcome.items.map(\.text) == ["a"])
        #expect(outcome.error != nil)
    }
}
