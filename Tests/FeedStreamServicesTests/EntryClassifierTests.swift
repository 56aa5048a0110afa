import AtomStream
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

/// `EntryClassifier` against real decodes: each refresh is an RSS document through `FeedParser`, classified
/// against what the previous refresh's classifier saw, as the refresher and its store do.
@Suite("EntryClassifier")
struct EntryClassifierTests {
    /// One item: a guid (`nil`: none), a link (`nil`: none) and a title.
    struct Item {
        var guid: String?
        var link: String?
        var title: String
    }

    static func document(_ items: [Item]) -> [UInt8] {
        var text = "<rss version=\"2.0\"><channel><title>c</title><link>http://e.com/</link>"
        for item in items {
            text += "<item><title>\(item.title)</title>"
            if let guid = item.guid { text += "<guid isPermaLink=\"false\">\(guid)</guid>" }
            if let link = item.link { text += "<link>\(link)</link>" }
            text += "</item>"
        }
        return Array((text + "</channel></rss>").utf8)
    }

    /// Classifies each refresh's items against the previous refreshes, as a store would keep them.
    static func refresh(_ refreshes: [[Item]]) -> [[EntryChange]] {
        var earlier: [EntryIdentity: EntryDigest] = [:]
        var changes: [[EntryChange]] = []
        for items in refreshes {
            let outcome = DripFeed.run(FeedParser(), bytes: document(items), splits: [])
            #expect(outcome.error == nil)
            var classifier = EntryClassifier(earlier: earlier)
            changes.append(outcome.items.map { classifier.classify($0) })
            earlier.merge(classifier.seen) { $1 }
        }
        return changes
    }

    @Test("New, changed and unchanged, by guid and digest")
    func newChangedUnchanged() {
        let first = [
            Item(guid: "a", link: "http://e.com/a", title: "A"), Item(guid: "b", link: "http://e.com/b", title: "B"),
        ]
        let second = [
            Item(guid: "c", link: "http://e.com/c", title: "C"), Item(guid: "a", link: "http://e.com/a", title: "A"),
            Item(guid: "b", link: "http://e.com/b", title: "B, edited"),
        ]
        #expect(Self.refresh([first, second, second]) == [
            [.new, .new], [.new, .unchanged, .changed], [.unchanged, .unchanged, .unchanged],
        ])
    }

    @Test("A feed that rotates every guid while its links stay: all unchanged, none new")
    func rotatedGuids() {
        let links = (1...5).map { "http://e.com/\($0)" }
        let first = links.enumerated().map { Item(guid: "r1-\($0.offset)", link: $0.element, title: "T\($0.offset)") }
        let second = links.enumerated().map { Item(guid: "r2-\($0.offset)", link: $0.element, title: "T\($0.offset)") }
        let third = links.enumerated().map { Item(guid: "r3-\($0.offset)", link: $0.element, title: "T\($0.offset)") }
        let changes = Self.refresh([first, second, third])
        #expect(changes[0] == Array(repeating: .new, count: 5))
        #expect(changes[1] == Array(repeating: .unchanged, count: 5))
        #expect(changes[2] == Array(repeating: .unchanged, count: 5))
    }

    @Test("Items that all link to the home page with distinct guids: new ones are still new")
    func sharedHomePageLink() {
        let home = "http://e.com/"
        let first = [Item(guid: "1", link: home, title: "1"), Item(guid: "2", link: home, title: "2")]
        let second = [Item(guid: "3", link: home, title: "3")] + first
        let third = [Item(guid: "4", link: home, title: "4"), Item(guid: "5", link: home, title: "5")] + second
        #expect(Self.refresh([first, second, third]) == [
            [.new, .new], [.new, .unchanged, .unchanged], [.new, .new, .unchanged, .unchanged, .unchanged],
        ])
    }

    @Test("One guid for every item (broken generator), distinct links: a new item on top is new, the rest unchanged")
    func repeatedGuid() {
        let first = [
            Item(guid: "x", link: "http://e.com/1", title: "1"), Item(guid: "x", link: "http://e.com/2", title: "2"),
        ]
        let second = [Item(guid: "x", link: "http://e.com/3", title: "3")] + first
        let third = [Item(guid: "x", link: "http://e.com/4", title: "4")] + second
        #expect(Self.refresh([first, second, third, third]) == [
            [.new, .new], [.new, .unchanged, .unchanged], [.new, .unchanged, .unchanged, .unchanged],
            [.unchanged, .unchanged, .unchanged, .unchanged],
        ])
    }

    @Test("No guid: known by the link; neither guid nor link: by title, date and content")
    func withoutGuid() {
        let first = [Item(guid: nil, link: "http://e.com/1", title: "1"), Item(guid: nil, link: nil, title: "2")]
        let second = [Item(guid: nil, link: "http://e.com/1", title: "1, edited")] + [first[1]]
        let third = [first[0], Item(guid: nil, link: nil, title: "3")]
        #expect(Self.refresh([first, second, third]) == [
            [.new, .new], [.changed, .unchanged], [.changed, .new],
        ])
    }
}
