import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An IBM Connections feed page: entries `c<page>-<n>`, OpenSearch totals, and a relative `rel="next"` link.
func connectionsPage(_ page: Int, perPage: Int, total: Int, next: String?) -> String {
    let first = (page - 1) * perPage
    let entries = (first..<min(first + perPage, total)).map { index in
        """
        <entry><id>urn:lsid:ibm.com:news:c\(page)-\(index)</id><title type="text">Story \(index)</title>
        <updated>2008-02-07T21:07:56Z</updated><author><name>Frank</name><snx:userid>u\(index)</snx:userid></author>
        <content type="html">&lt;p&gt;Body \(index) with some text to make the entry longer&lt;/p&gt;</content></entry>
        """
    }
    let link = next.map { "<link rel=\"next\" href=\"\($0.replacingOccurrences(of: "&", with: "&amp;"))\"/>" } ?? ""
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:snx="http://www.ibm.com/xmlns/prod/sn"
         xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">
        <id>urn:lsid:ibm.com:news:feed</id><title>Updates</title>
        <opensearch:totalResults>\(total)</opensearch:totalResults>
        <opensearch:startIndex>\(first + 1)</opensearch:startIndex>
        <opensearch:itemsPerPage>\(perPage)</opensearch:itemsPerPage>\(link)
        \(entries.joined(separator: "\n"))
        </feed>
        """
}

let connectionsError = """
    <?xml version="1.0" encoding="UTF-8"?>
    <error xmlns="http://www.ibm.com/xmlns/prod/sn"><code>AccessDenied</code>
    <message>You are not authorized to see this feed</message></error>
    """

/// Three pages of 3, 3 and 1 entries, linked by relative `rel="next"` links.
let connectionsConversation = Conversation(
    strategy: ConnectionsPaging(), pageCount: 3,
    firstRequest: { base in
        try ConnectionsQuery(url: base.appendingPathComponent("news/atom/stories/public"), pageSize: 3).request()
    },
    pageOf: { request in
        guard request.path == "/news/atom/stories/public" else { return nil }
        return request.queryItems.first { $0.name == "page" }.flatMap { Int($0.value ?? "") } ?? 1
    },
    route: { page, _ in
        .init(
            contentType: "application/atom+xml; charset=UTF-8",
            text: connectionsPage(page, perPage: 3, total: 7, next: page < 3 ? "public?ps=3&page=\(page + 1)" : nil))
    },
    key: { $0.id ?? "" },
    expectedKeys: { page in ((page - 1) * 3..<min(page * 3, 7)).map { "urn:lsid:ibm.com:news:c\(page)-\($0)" } },
    expectedTargets: [
        "/news/atom/stories/public?ps=3", "/news/atom/stories/public?ps=3&page=2",
        "/news/atom/stories/public?ps=3&page=3",
    ],
    errorRoute: .init(status: 403, contentType: "application/atom+xml", text: connectionsError),
    errorMessage: "You are not authorized to see this feed", errorServiceCode: "AccessDenied",
    errorServiceMessage: "You are not authorized to see this feed")

@Suite("IBM Connections paging over loopback HTTP")
struct ConnectionsPagingTests {
    @Test func pagesInOrderWithExactRequests() async throws {
        let received = try await ServiceScenarios.pagesInOrder(connectionsConversation)
        #expect(received.allSatisfy { $0.method == "GET" && $0.header("Accept") == "application/atom+xml" })
    }

    @Test func pageLimit() async throws { try await ServiceScenarios.pageLimit(connectionsConversation) }
    @Test func retries429Then503() async throws { try await ServiceScenarios.retries(connectionsConversation) }
    @Test func notModifiedFromCache() async throws {
        try await ServiceScenarios.conditionalGET(connectionsConversation)
    }
    @Test func snxErrorOnPage2() async throws { try await ServiceScenarios.errorOnPage2(connectionsConversation) }
    @Test func cancellationMidPage() async throws {
        try await ServiceScenarios.cancellationMidPage(connectionsConversation)
    }

    @Test("Without rel=\"next\", OpenSearch totals drive page+1 until nothing remains")
    func openSearchArithmetic() async throws {
        var conversation = connectionsConversation
        conversation.route = { page, _ in
            .init(contentType: "application/atom+xml", text: connectionsPage(page, perPage: 3, total: 7, next: nil))
        }
        _ = try await ServiceScenarios.pagesInOrder(conversation)
    }

    @Test("An sI start index advances by itemsPerPage")
    func startIndexArithmetic() throws {
        let feed = AtomFeed(totalResults: 7, startIndex: 1, itemsPerPage: 3)
        let first = URL(string: "https://c.example.com/blogs/home/api/entries?sI=1&ps=3")!
        let second = try #require(ConnectionsPaging.nextOpenSearchURL(after: feed, itemCount: 3, previous: first))
        #expect(second.absoluteString == "https://c.example.com/blogs/home/api/entries?ps=3&sI=4")
        var last = feed
        last.startIndex = 7
        #expect(ConnectionsPaging.nextOpenSearchURL(after: last, itemCount: 1, previous: second) == nil)
        #expect(
            ConnectionsPaging.nextOpenSearchURL(after: feed, itemCount: 0, previous: first) == nil,
            "an empty page ends")
    }

    @Test("A next link that repeats a request already sent ends the run instead of looping")
    func repeatedNextLinkStops() async throws {
        var conversation = connectionsConversation
        conversation.route = { page, _ in
            .init(contentType: "application/atom+xml",
                text: connectionsPage(page, perPage: 3, total: 7, next: "public?ps=3&page=1"))
        }
        let server = try conversation.server()
        let outcome = await drain(try conversation.pager(server))
        #expect(outcome.error == nil)
        #expect(server.snapshot.received.map(\.target) ==
            ["/news/atom/stories/public?ps=3", "/news/atom/stories/public?ps=3&page=1"])
    }
}

@Suite("IBM Connections query builder")
struct ConnectionsQueryTests {
    let base = URL(string: "https://connections.example.com/news/atom/stories/public?lang=de&format=light")!

    @Test func everyParameter() throws {
        let since = Date(timeIntervalSince1970: 1_202_418_476.75)  // 2008-02-07T21:07:56.750Z
        var query = ConnectionsQuery(url: base, pageSize: 100, page: 2, since: since, sortBy: "modified",
            sortOrder: .descending, language: "en", email: "frank+news@example.com", source: "activities")
        query.userID = "1a2b"
        query.before = since.addingTimeInterval(86_400)
        let url = try query.makeURL()
        #expect(url.absoluteString == "https://connections.example.com/news/atom/stories/public?format=light"
            + "&ps=100&page=2&since=2008-02-07T21:07:56Z&before=2008-02-08T21:07:56Z&sortBy=modified"
            + "&sortOrder=desc&lang=en&userid=1a2b&email=frank%2Bnews%40example.com&source=activities")
    }

    @Test(arguments: [0, 101, -5])
    func pageSizeOutsideRangeIsRefused(_ size: Int) {
        #expect(throws: StreamError.self) { try ConnectionsQuery(url: base, pageSize: size).makeURL() }
    }

    @Test func pageAndDatesAreChecked() {
        #expect(throws: StreamError.self) { try ConnectionsQuery(url: base, page: 0).makeURL() }
        let now = Date()
        #expect(throws: StreamError.self) { try ConnectionsQuery(url: base, since: now, before: now).makeURL() }
        #expect(ConnectionsQuery.dateString(Date(timeIntervalSince1970: 0.999)) == "1970-01-01T00:00:00Z")
    }
}
