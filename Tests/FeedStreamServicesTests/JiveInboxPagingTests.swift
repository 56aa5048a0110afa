import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `updated` of Jive entry `index`: one minute apart, newest first.
func jiveUpdated(_ index: Int) -> Date { Date(timeIntervalSince1970: 1_378_825_489.736 - Double(index) * 60) }

/// A Jive inbox page of entries `e<index>` with the anti-hijacking prefix and an absolute `links.next`.
func jivePage(_ page: Int, perPage: Int, total: Int, host: String) -> String {
    let first = (page - 1) * perPage
    let indices = Array(first..<min(first + perPage, total))
    let entries = indices.map { index in
        """
        {"verb":"jive:created","title":"e\(index)","updated":"\(JiveInboxQuery.dateString(jiveUpdated(index)))",
         "object":{"id":"https://jive.example.com/api/core/v3/contents/\(index)","objectType":"jive:document"},
         "jive":{"read":false,"collection":"c\(index)"}}
        """
    }
    var links = [String]()
    if let last = indices.last, last + 1 < total {
        let before = JiveInboxQuery.dateString(jiveUpdated(last)).replacingOccurrences(of: "+", with: "%2B")
        links.append("\"next\":\"http://\(host)/api/core/v3/inbox?count=\(perPage)&before=\(before)\"")
    }
    return """
        throw 'allowIllegalResourceCall is false.';
        {"list":[\(entries.joined(separator: ","))],"itemsPerPage":\(perPage),"unread":\(total),
         "links":{\(links.joined(separator: ","))}}
        """
}

let jiveError = """
    throw 'allowIllegalResourceCall is false.';
    {"error":{"status":403,"message":"You are not allowed to read this inbox"}}
    """

let jiveConversation = Conversation(
    strategy: JiveInboxPaging(), pageCount: 3,
    firstRequest: { base in try JiveInboxQuery(instanceURL: base, count: 2).request() },
    pageOf: { request in
        guard request.path == "/api/core/v3/inbox" else { return nil }
        guard let before = request.queryItems.first(where: { $0.name == "before" })?.value else { return 1 }
        // `before` is the oldest entry of the previous page: index 1 → page 2, index 3 → page 3.
        return (0..<5).first { JiveInboxQuery.dateString(jiveUpdated($0)) == before }.map { $0 / 2 + 2 }
    },
    route: { page, host in
        .init(contentType: "application/json; charset=utf-8", text: jivePage(page, perPage: 2, total: 5, host: host))
    },
    key: { $0.title ?? "" },
    expectedKeys: { page in ((page - 1) * 2..<min(page * 2, 5)).map { "e\($0)" } },
    expectedTargets: [
        "/api/core/v3/inbox?count=2",
        "/api/core/v3/inbox?count=2&before=2013-09-10T15:03:49.736%2B0000",
        "/api/core/v3/inbox?count=2&before=2013-09-10T15:01:49.736%2B0000",
    ],
    errorRoute: .init(status: 403, contentType: "application/json", text: jiveError),
    errorMessage: "Jive error 403: You are not allowed to read this inbox", errorServiceCode: "403",
    errorServiceMessage: "You are not allowed to read this inbox")

@Suite("Jive inbox paging over loopback HTTP")
struct JiveInboxPagingTests {
    @Test func pagesInOrderWithExactRequests() async throws {
        _ = try await ServiceScenarios.pagesInOrder(jiveConversation)
    }
    @Test func pageLimit() async throws { try await ServiceScenarios.pageLimit(jiveConversation) }
    @Test func retries429Then503() async throws { try await ServiceScenarios.retries(jiveConversation) }
    @Test func notModifiedFromCache() async throws { try await ServiceScenarios.conditionalGET(jiveConversation) }
    @Test func errorBodyOnPage2() async throws { try await ServiceScenarios.errorOnPage2(jiveConversation) }
    @Test func cancellationMidPage() async throws { try await ServiceScenarios.cancellationMidPage(jiveConversation) }

    @Test("An error document served with 200 is still Jive's error, not an empty page")
    func errorDocumentWith200() async throws {
        let server = try LoopbackHTTPServer { _ in .init(contentType: "application/json", text: jiveError) }
        let outcome = await drain(try jiveConversation.pager(server))
        #expect(outcome.items.isEmpty)
        let error = try #require(outcome.error as? StreamError)
        #expect(error.kind == .serviceError)
        #expect(error.message == "Jive error 403: You are not allowed to read this inbox")
        #expect(error.serviceCode == "403")
        #expect(error.serviceMessage == "You are not allowed to read this inbox")
    }

    @Test("Refresh: links.previous when given, else after = the newest entry's date")
    func refresh() throws {
        let query = try JiveInboxQuery(instanceURL: URL(string: "https://jive.example.com")!, count: 2,
            before: jiveUpdated(9)).request()
        var page = JiveInboxPage()
        page.latest = jiveUpdated(0)
        let byDate = try #require(JiveInboxPaging.refreshRequest(after: page, previous: query))
        #expect(byDate.url?.absoluteString ==
            "https://jive.example.com/api/core/v3/inbox?count=2&after=2013-09-10T15:04:49.736%2B0000")
        #expect(byDate.value(forHTTPHeaderField: "Accept") == "application/json")
        page.previous = "https://jive.example.com/api/core/v3/inbox?after=x"
        #expect(JiveInboxPaging.refreshRequest(after: page, previous: query)?.url?.absoluteString == page.previous)
        #expect(JiveInboxPaging.refreshRequest(after: JiveInboxPage(), previous: query) == nil)
    }
}

@Suite("Jive inbox query")
struct JiveInboxQueryTests {
    let instance = URL(string: "https://jive.example.com/community")!

    @Test func everyParameter() throws {
        let query = JiveInboxQuery(instanceURL: instance, count: 100, unreadOnly: true, types: ["document", "post"],
            filters: ["archived"], fields: ["@summary", "jive"], after: Date(timeIntervalSince1970: 1_378_825_489.736))
        #expect(try query.makeURL().absoluteString == "https://jive.example.com/community/api/core/v3/inbox"
            + "?count=100&filter=unread&filter=type(document,post)&filter=archived&fields=%40summary,jive"
            + "&after=2013-09-10T15:04:49.736%2B0000")
    }

    @Test func checkedBeforeSending() {
        #expect(throws: StreamError.self) { try JiveInboxQuery(instanceURL: instance, count: 0).makeURL() }
        #expect(throws: StreamError.self) { try JiveInboxQuery(instanceURL: instance, count: 101).makeURL() }
        #expect(throws: StreamError.self) {
            try JiveInboxQuery(instanceURL: instance, before: Date(), after: Date()).makeURL()
        }
    }

    @Test func jiveDates() {
        #expect(JiveInboxQuery.dateString(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000+0000")
        #expect(DateParser.parse(JiveInboxQuery.dateString(jiveUpdated(0))) == jiveUpdated(0))
    }
}
