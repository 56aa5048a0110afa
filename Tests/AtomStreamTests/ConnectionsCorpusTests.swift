import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// Every body recorded from IBM Connections (`../shared/corpus/connections`, described by its `INDEX.tsv`),
/// decoded whole and in random chunkings (one byte at a time for a sample of small files), plus hand-checked
/// titles, ids, authors, reply counts and paging for a few feeds.
@Suite struct ConnectionsCorpusTests {
    /// One line of `INDEX.tsv`.
    struct IndexRow {
        let file: String
        /// The root element's local name (`feed`, `entry`, `categories`, `service`, `error`, `json`), `?` when the
        /// body is not well formed.
        let root: String
        let wellFormed: Bool
        let entries: Int?
    }

    static func index(_ directory: URL) throws -> [IndexRow] {
        let text = try String(contentsOf: directory.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return IndexRow(file: fields[0], root: fields[1], wellFormed: fields[2] == "yes", entries: Int(fields[3]))
        }
    }

    /// Decodes `bytes` whole, in three seeded random chunkings (chunks of at most 7, 64 and 1500 bytes) and, when
    /// asked, one byte at a time; every way must give the same entries, feed and error. Returns the whole outcome.
    static func decode(
        _ bytes: [UInt8], byteByByte: Bool, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (outcome: DripFeedOutcome<AtomEntry>, feed: AtomFeed) {
        var chunkings = [DripFeed.whole(bytes.count)]
        for (index, maximumChunk) in [7, 64, 1500].enumerated() {
            chunkings += DripFeed.randomChunkings(
                bytes.count, count: 1, maximumChunk: maximumChunk, seed: seed &+ UInt64(index))
        }
        if byteByByte { chunkings.append(DripFeed.byteByByte(bytes.count)) }
        var reference: (DripFeedOutcome<AtomEntry>, AtomFeed)?
        for splits in chunkings {
            let parser = AtomParser()
            let outcome = DripFeed.run(parser, bytes: bytes, splits: splits)
            guard let (expected, expectedFeed) = reference else {
                reference = (outcome, parser.feed)
                continue
            }
            let cut = "cut at \(splits.prefix(6))… (\(splits.count + 1) chunks)"
            #expect(outcome.items == expected.items, "entries differ when \(cut)", sourceLocation: sourceLocation)
            #expect(parser.feed == expectedFeed, "feed differs when \(cut)", sourceLocation: sourceLocation)
            #expect(outcome.error == expected.error, "error differs when \(cut)", sourceLocation: sourceLocation)
        }
        return (reference!.0, reference!.1)
    }

    /// The error code a service-error body carries (`<code>`, `<td:errorCode>`), trimmed; empty when blank.
    static func errorCode(in bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let match = text.firstMatch(of: /<(?:\w+:)?(?:code|errorCode)>([^<]*)</) else { return nil }
        return String(match.1).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(.ownThread, .corpus("connections")) func everyRecordedBody() throws {
        guard let directory = Corpus.directory("connections") else { return }
        let rows = try Self.index(directory)
        #expect(rows.count == 912)
        // One byte at a time is slow in debug builds: a dozen small files, the smallest of each kind.
        var sizes: [String: Int] = [:]
        for row in rows {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(row.file).path)
            sizes[row.file] = (attributes[.size] as? NSNumber)?.intValue ?? 0
        }
        var byteByByte: Set<String> = []
        for (kind, count) in [("feed", 4), ("entry", 4), ("error", 2), ("?", 2)] {
            let smallest = rows.filter { $0.root == kind }.sorted { sizes[$0.file]! < sizes[$1.file]! }.prefix(count)
            byteByByte.formUnion(smallest.map(\.file))
        }
        #expect(byteByByte.count == 12)

        var checked: [String: Int] = [:]
        var skipped = 0
        var entriesDecoded = 0
        for (number, row) in rows.enumerated() {
            guard row.root != "json" else {
                // Activity-stream JSON is not for the Atom parser.
                skipped += 1
                continue
            }
            let bytes = try Corpus.bytes(directory.appendingPathComponent(row.file))
            let (outcome, _) = Self.decode(bytes, byteByByte: byteByByte.contains(row.file), seed: UInt64(number))
            entriesDecoded += outcome.items.count
            checked[row.wellFormed ? row.root : "not well-formed", default: 0] += 1
            let error = outcome.error
            switch (row.root, row.wellFormed) {
            case ("feed", true), ("entry", true):
                #expect(error == nil, "\(row.file): \(String(describing: error))")
                #expect(outcome.items.count == row.entries, "\(row.file): entry count")
            case ("categories", true), ("service", true):
                #expect(error == nil, "\(row.file): \(String(describing: error))")
                #expect(outcome.items.isEmpty, "\(row.file): AtomPub documents hold no entries")
            case ("error", true):
                #expect(error?.kind == .serviceError, "\(row.file): \(String(describing: error))")
                #expect(outcome.items.isEmpty)
                let message = error?.message ?? ""
                if let code = Self.errorCode(in: bytes), !code.isEmpty {
                    #expect(message.contains(code), "\(row.file): \(message) lacks the code \(code)")
                } else {
                    #expect(message.hasPrefix("IBM Connections error: "), "\(row.file): \(message)")
                }
            case (_, false):
                let kinds: Set<StreamError.Kind> = [.malformedInput, .truncatedInput, .unexpectedDocument]
                #expect(error.map { kinds.contains($0.kind) } == true, "\(row.file): \(String(describing: error))")
                #expect((error?.line ?? 0) >= 1, "\(row.file): line of \(String(describing: error))")
                #expect((0...bytes.count).contains(error?.byteOffset ?? -1), "\(row.file): byte offset")
            default:
                Issue.record("\(row.file): INDEX root \(row.root) is not one this test knows")
            }
        }
        let total = checked.values.reduce(0, +)
        let kinds = checked.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(
            "Connections corpus: \(total) files checked (\(kinds); \(byteByByte.count) also byte by byte; "
                + "\(skipped) JSON skipped), \(entriesDecoded) entries decoded")
    }

    // MARK: - Hand-checked sample

    /// What a reader of the file sees for one entry.
    struct ExpectedEntry {
        let id: String
        let title: String
        let author: String
        let userID: String
        /// The `rel="replies"` link's `thr:count`, where the entry has one.
        var replies: Int? = nil
    }

    static func check(
        _ file: String, in directory: URL, entries expected: [ExpectedEntry], totalResults: Int?, nextURL: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (entries: [AtomEntry], feed: AtomFeed) {
        let bytes = try Corpus.bytes(directory.appendingPathComponent(file))
        let (outcome, feed) = decode(bytes, byteByByte: false, seed: 7, sourceLocation: sourceLocation)
        #expect(outcome.error == nil, sourceLocation: sourceLocation)
        #expect(outcome.items.count == expected.count, sourceLocation: sourceLocation)
        for (entry, want) in zip(outcome.items, expected) {
            #expect(entry.id == want.id, sourceLocation: sourceLocation)
            #expect(entry.title == AtomText(type: .text, value: want.title), sourceLocation: sourceLocation)
            #expect(entry.authors.first?.name == want.author, sourceLocation: sourceLocation)
            #expect(entry.authors.first?.userID == want.userID, sourceLocation: sourceLocation)
            #expect(entry.link(rel: "replies")?.threadCount == want.replies, sourceLocation: sourceLocation)
        }
        #expect(feed.totalResults == totalResults, sourceLocation: sourceLocation)
        #expect(feed.nextURL == nextURL, sourceLocation: sourceLocation)
        return (outcome.items, feed)
    }

    /// Blog comments: each entry has a `source` (the post's comment feed, with its own title) and an `app:collection`
    /// with a `title`; neither may leak into the comment's title.
    @Test(.corpus("connections")) func blogCommentsWithSources() throws {
        guard let directory = Corpus.directory("connections") else { return }
        let amy = ("Amy Jones101", "8cbefec0-f6df-1032-9ad5-d02a14283ea9")
        let (entries, feed) = try Self.check(
            "blogs/connectionsBasic/BlogServiceGetTests_getBlogComments.1.200.xml", in: directory,
            entries: [
                ExpectedEntry(
                    id: "urn:lsid:ibm.com:blogs:comment-a71a953d-1398-47a8-81b8-d02847d27055",
                    title: "Re: Test Blog Post1404994653673", author: amy.0, userID: amy.1),
                ExpectedEntry(
                    id: "urn:lsid:ibm.com:blogs:comment-7a0bc764-aac7-4645-ab59-2f4356924701",
                    title: "Re: Test Blog Post1404991257730", author: amy.0, userID: amy.1),
            ],
            totalResults: 2, nextURL: nil)
        #expect(feed.title == AtomText(type: .html, value: "Blogs (Comments)"))
        // `&amp;` in an attribute is one `&`.
        #expect(feed.firstURL == "https://lcauto19.swg.usma.ibm.com/blogs/homepage/feed/comments/atom?ps=50&lang=en_us")
        #expect(
            entries.first?.inReplyTo == [
                AtomReplyReference(
                    ref: "urn:lsid:ibm.com:blogs:entry-850ac876-7f2a-4e4f-b23f-4d912dce5eb3",
                    href: "https://lcauto19.swg.usma.ibm.com/blogs/TestHandle1404994652340/entry/"
                        + "Test_Blog_Post1404994653673?lang=en_us")
            ])
        #expect(
            entries.first?.link(rel: "self")?.href
                == "https://lcauto19.swg.usma.ibm.com/blogs/TestHandle1404994652340/feed/comment/atom"
                + "?commentid=a71a953d-1398-47a8-81b8-d02847d27055&lang=en_us")
        #expect(entries.first?.contributors.first?.userID == amy.1)
    }

    /// Blog posts: `rel="replies"` links with `thr:count`, and a `source` per entry.
    @Test(.corpus("connections")) func blogPostsWithReplyCounts() throws {
        guard let directory = Corpus.directory("connections") else { return }
        let amy = ("Amy Jones101", "8cbefec0-f6df-1032-9ad5-d02a14283ea9")
        let (entries, feed) = try Self.check(
            "blogs/connectionsBasic/BlogServiceGetTests_getAllPosts.0.200.xml", in: directory,
            entries: [
                ExpectedEntry(
                    id: "urn:lsid:ibm.com:blogs:entry-850ac876-7f2a-4e4f-b23f-4d912dce5eb3",
                    title: "Test Blog Post1404994653673", author: amy.0, userID: amy.1, replies: 1),
                ExpectedEntry(
                    id: "urn:lsid:ibm.com:blogs:entry-ede5128a-fdd4-4d9b-ab80-58277d9f4bf2",
                    title: "Test Blog Post1404994649464", author: amy.0, userID: amy.1, replies: 0),
                ExpectedEntry(
                    id: "urn:lsid:ibm.com:blogs:entry-481136a8-4372-446a-8256-9a4fd5c4b0b2",
                    title: "Test Blog Post1404991257730", author: amy.0, userID: amy.1, replies: 1),
                ExpectedEntry(
                    id: "urn:lsid:ibm.com:blogs:entry-ead263f2-1667-4863-b4a5-c930f36b1e69",
                    title: "Test Blog Post1404991253827", author: amy.0, userID: amy.1, replies: 0),
            ],
            totalResults: 4, nextURL: nil)
        #expect(feed.title == AtomText(type: .text, value: "Blogs"))
        #expect(
            entries.first?.link(rel: "replies")?.href
                == "https://lcauto19.swg.usma.ibm.com/blogs/TestHandle1404994652340/feed/entrycomments/"
                + "Test_Blog_Post1404994653673/atom?lang=en_us")
    }

    /// The activity dashboard: first page of two, ten activities, each with an `app:collection` titled like it.
    @Test(.corpus("connections")) func activityDashboardFirstPage() throws {
        guard let directory = Corpus.directory("connections") else { return }
        let amy = ("Amy Jones101", "8cbefec0-f6df-1032-9ad5-d02a14283ea9")
        let test = "com.ibm.sbt.services.client.connections.activities."
        let expected: [(String, String)] = [
            ("fda9ef41-5d93-475d-a823-eb7fbf9db3c7", "ActivityHiddenField_0-1404994455230"),
            ("f66cf062-fcf2-4471-86d4-d432d60ae890", test + "ActivityMemberArudTest#21921951_Activity-1404994093528"),
            ("34cebec2-77c5-4eca-a606-16eb17a803bc", test + "ActivityFileTest#-1412221249_Activity-1404993954591"),
            ("b3714566-4250-47f3-9aae-7b760fd574cc", test + "ActivityCrudrTest#1389143788_Activity-1404993940964"),
            ("39fed459-5882-47e2-aaa4-a8ec9e38e6db", test + "ActivityAddMemberTest#-1615082840_Activity-1404993927917"),
            ("e52b49e1-8dc3-4361-ade4-95040d068d23", "ActivityHiddenField_0-1404991044225"),
            (
                "a92c872e-e637-4bce-a63b-344aea2553d3",
                test + "ActivityMemberArudTest#-1875286451_Activity-1404990675596"
            ),
            ("15497709-166e-4cf5-846b-8b75a1c0ef8b", test + "ActivityFileTest#-324030350_Activity-1404990540321"),
            ("0bf29b38-b39a-4435-9bed-847f4ed84883", test + "ActivityFeedMoveTest#-1207936962_Activity-1404990528527"),
            ("1a923624-8024-4e5d-8d2d-7b4082cdc22d", test + "ActivityFeedMoveTest#-1207936962_Activity-1404990525246"),
        ]
        let (_, feed) = try Self.check(
            "activities/connectionsBasic/GetMyActivitiesTest_testGetMyActivities.0.200.xml", in: directory,
            entries: expected.map {
                ExpectedEntry(id: "urn:lsid:ibm.com:oa:" + $0.0, title: $0.1, author: amy.0, userID: amy.1)
            },
            totalResults: 18, nextURL: "https://lcauto19.swg.usma.ibm.com/activities/service/atom2/activities?page=2")
        #expect(feed.title == AtomText(type: .text, value: "Activity Dashboard for Amy Jones101"))
        #expect(feed.authors == [AtomPerson(name: amy.0, email: "ajones101@janet.iris.com", userID: amy.1)])
        #expect(feed.startIndex == 1)
        #expect(feed.lastURL == feed.nextURL)
    }

    /// A page of communities whose paging links carry `&amp;` in their query.
    @Test(.corpus("connections")) func communitiesPage() throws {
        guard let directory = Corpus.directory("connections") else { return }
        let frank = ("Frank Adams", "0EE5A7FA-3434-9A59-4825-7A7000278DAA")
        let instance = "http://communities.ibm.com:2006/service/atom/community/instance?communityUuid="
        let expected: [(String, String)] = [
            ("569bf180-1e86-4f4e-a806-23a3699c40d7", "Restricted Communty 2"),
            ("ad7bdb90-bebd-42a1-be13-a7cd80dc4378", "Restricted Communty 1"),
            ("677237ee-b333-4d91-b973-f050f387d33e", "Moderated Communty 2"),
            ("e9182b57-4718-4444-a84a-abb87000db41", "Moderated Communty 1"),
            ("07c9947b-bdf3-4106-95d5-949bd5e0fd9f", "Public Community 2"),
        ]
        let (_, feed) = try Self.check(
            "communities/samples-3.6-4.0/CommunityFeed.xml", in: directory,
            entries: expected.map { ExpectedEntry(id: instance + $0.0, title: $0.1, author: frank.0, userID: frank.1) },
            totalResults: 7,
            nextURL: "https://qs.renovations.com:444/communities/service/atom/communities/my?ps=5&page=2")
        #expect(feed.title == AtomText(type: .text, value: "My Communities"))
        #expect(feed.itemsPerPage == 5)
        #expect(feed.firstURL == "https://qs.renovations.com:444/communities/service/atom/communities/my?ps=5")
    }

    /// Wiki pages (IBM Connections Wikis, `td` namespace): reply counts on every page.
    @Test(.corpus("connections")) func wikiPages() throws {
        guard let directory = Corpus.directory("connections") else { return }
        let frank = ("Frank Adams", "0F19F8AD-37EA-6033-8525-7BBF005634B5")
        let expected: [(String, String)] = [
            ("d0dc2833-442c-43fb-8b62-c55af45d36e6", "How to use it"),
            ("adb6e2dc-acac-467d-be88-ee1afe964ae1", "Setup and configuration"),
            ("02ec3495-4283-4f0e-aea4-3a2fb428c342", "Welcome to ACME airlines wiki"),
        ]
        let (_, feed) = try Self.check(
            "wikis/plain/wikipages.xml", in: directory,
            entries: expected.map {
                ExpectedEntry(
                    id: "urn:lsid:ibm.com:td:" + $0.0, title: $0.1, author: frank.0, userID: frank.1, replies: 0)
            },
            totalResults: 3, nextURL: nil)
        #expect(feed.title == AtomText(type: .text, value: "ACME airlines wiki"))
        #expect(feed.id == "urn:lsid:ibm.com:td:b66cc73b-d19f-42ff-b6d0-e1c428af75d5")
    }
}
